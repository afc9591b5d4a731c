import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAX_FAILED_SIGN_INS,
  MAX_LOGIN_ATTEMPTS,
  MAX_TEMPORARY_LOCKS,
  SOURCE_FAILED_SIGN_INS,
} from '../../src/shared/domain/identity/accounts';
import { createSite, createUser, signIn, signInAs } from '../factories';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('login.php and auth.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('signs in with a case-insensitive email and answers the user', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site, role: 'coach' });
    const { httpStatus, body } = await signIn(server, site, user.email.toUpperCase(), user.password);
    expect(httpStatus).toBe(200);
    expect(body.status).toBe('OK');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({ Id: user.id, Username: user.email, UserType: 8 });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('counts wrong passwords, then locks temporarily, and a right password no longer helps', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    for (let attempt = 1; attempt < MAX_LOGIN_ATTEMPTS; attempt++) {
      const { httpStatus, body } = await signIn(server, site, user.email, 'wrong password 1');
      expect(httpStatus).toBe(401);
      expect(body).toMatchObject({
        status: 'ERROR',
        error_code: 'WRONG_CREDENTIALS',
        attempt,
        max_attempts: MAX_LOGIN_ATTEMPTS,
      });
    }
    const last = await signIn(server, site, user.email, 'wrong password 1');
    expect(last.httpStatus).toBe(429);
    expect(last.body.error_code).toBe('TEMPORARILY_LOCKED');
    expect(Date.parse(last.body.locked_until ?? '')).toBeGreaterThan(Date.now());

    const right = await signIn(server, site, user.email, user.password);
    expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
  });

  it('evaluates no more than the maximum among concurrent wrong attempts', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const wrong = () => signIn(server, site, user.email, 'wrong password 2');
    const answers = await Promise.all(Array.from({ length: 30 }, wrong));
    const evaluated = answers.filter((a) => a.body.attempt !== undefined);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
    // Beyond the few a source may have under way at once, the rest are refused before they are counted.
    expect(
      answers.every((a) =>
        ['WRONG_CREDENTIALS', 'TEMPORARILY_LOCKED', 'TOO_MANY_REQUESTS'].includes(a.body.error_code ?? ''),
      ),
    ).toBe(true);
    let attempts = evaluated.length;
    while (attempts < MAX_LOGIN_ATTEMPTS) {
      expect((await wrong()).body.attempt).toBe(++attempts);
    }
    expect((await wrong()).body.error_code).toBe('TEMPORARILY_LOCKED');
  });

  it('locks the account after repeated temporary locks until the password is reset', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    for (let lock = 1; lock <= MAX_TEMPORARY_LOCKS; lock++) {
      // Let the previous lock run out.
      await server.db
        .updateTable('sign_in_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', user.email)
        .execute();
      for (let attempt = 1; attempt <= MAX_LOGIN_ATTEMPTS; attempt++) {
        await signIn(server, site, user.email, 'wrong password 3');
      }
    }
    await server.db
      .updateTable('sign_in_attempts')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', user.email)
      .execute();
    const { httpStatus, body } = await signIn(server, site, user.email, user.password);
    expect(httpStatus).toBe(403);
    expect(body.error_code).toBe('ACCOUNT_LOCKED');
  });

  it('answers WRONG_CREDENTIALS alike for an unknown email', async () => {
    const site = await createSite(server.db);
    const { body } = await signIn(server, site, 'nobody@example.test', 'whatever pass 1');
    expect(body).toMatchObject({ error_code: 'WRONG_CREDENTIALS', attempt: 1 });
  });

  it('refuses an unverified account only after a right password', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site, verified: false });
    const wrong = await signIn(server, site, user.email, 'wrong password 4');
    expect(wrong.body.error_code).toBe('WRONG_CREDENTIALS');
    const right = await signIn(server, site, user.email, user.password);
    expect(right.body.error_code).toBe('NOT_VERIFIED');
  });

  it('auth_user answers the user for a live token and UNAUTHORIZED after sign_out', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site, role: 'admin' });
    const token = await signInAs(server, site, user);
    const live = await server.call('auth.php', 'auth_user', { token, access: {} }, { site: site.name, token });
    expect(live.body).toMatchObject({ status: 'OK', data: { Id: user.id, UserType: 2, privilegies: 100 } });

    const out = await server.call('login.php', 'sign_out', { token }, { site: site.name, token });
    expect(out.body.status).toBe('OK');
    const dead = await server.call('auth.php', 'auth_user', { token }, { site: site.name, token });
    expect(dead.httpStatus).toBe(401);
    expect(dead.body.status).toBe('UNAUTHORIZED');
  });

  it('a token of one site is UNAUTHORIZED on another', async () => {
    const siteA = await createSite(server.db);
    const siteB = await createSite(server.db);
    const user = await createUser(server.db, { site: siteA });
    const token = await signInAs(server, siteA, user);
    const { body } = await server.call('auth.php', 'auth_user', { token }, { site: siteB.name, token });
    expect(body.status).toBe('UNAUTHORIZED');
  });

  it('auth_user is UNAUTHORIZED for a missing, unknown or expired token', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const token = await signInAs(server, site, user);
    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    for (const t of [undefined, 'x'.repeat(43), token]) {
      const { httpStatus, body } = await server.call('auth.php', 'auth_user', { token: t }, { site: site.name });
      expect(httpStatus).toBe(401);
      expect(body.status).toBe('UNAUTHORIZED');
    }
  });

  describe('limits per source (client addresses from X-Forwarded-For behind a trusted proxy)', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startTestServer(dialect, { TRUST_PROXY: 'true' }, server);
    });
    afterAll(() => proxied.close());

    const signInFrom = (ip: string, site: { name: string }, email: string, password: string) =>
      proxied.call(
        'login.php',
        'sign_in',
        { email, password },
        { site: site.name, headers: { 'x-forwarded-for': ip } },
      );

    /** Lets the temporary locks of an account run out, as if 15 minutes had passed. */
    const expireLocks = (email: string) =>
      proxied.db
        .updateTable('sign_in_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', email)
        .where('locked_until', 'is not', null)
        .execute();

    it("a stranger's failures lock the stranger's source out of the account, never its owner", async () => {
      const site = await createSite(server.db);
      const owner = await createUser(server.db, { site, role: 'admin' });
      const stranger = '203.0.113.7';
      for (let lock = 1; lock <= MAX_TEMPORARY_LOCKS; lock++) {
        await expireLocks(owner.email);
        for (let attempt = 1; attempt <= MAX_LOGIN_ATTEMPTS; attempt++) {
          await signInFrom(stranger, site, owner.email, `guess ${lock} ${attempt}`);
        }
      }
      await expireLocks(owner.email);
      const strangerNow = await signInFrom(stranger, site, owner.email, owner.password);
      expect(strangerNow.httpStatus).toBe(403);
      expect(strangerNow.body.error_code).toBe('ACCOUNT_LOCKED');

      const ownerNow = await signInFrom('198.51.100.20', site, owner.email, owner.password);
      expect(ownerNow.body.status).toBe('OK');
      // The stranger's next address in the same IPv6 /64 is the same source.
      for (let attempt = 1; attempt <= MAX_LOGIN_ATTEMPTS; attempt++) {
        await signInFrom(`2001:db8:1:2::${attempt}`, site, owner.email, 'another guess');
      }
      const sameNetwork = await signInFrom('2001:db8:1:2:ffff::1', site, owner.email, owner.password);
      expect(sameNetwork.body.error_code).toBe('TEMPORARILY_LOCKED');
    });

    it('guessing spread over many sources locks the account for new sources, not for the one the owner proved', async () => {
      const site = await createSite(server.db);
      const owner = await createUser(server.db, { site });
      const home = '198.51.100.30';
      expect((await signInFrom(home, site, owner.email, owner.password)).body.status).toBe('OK');
      // Many sources, a few guesses each: the account-wide count nears its ceiling.
      await signInFrom('203.0.113.1', site, owner.email, 'first guess');
      await proxied.db
        .updateTable('sign_in_attempts')
        .set({ failed_count: ACCOUNT_MAX_FAILED_SIGN_INS - 1 })
        .where('email', '=', owner.email)
        .where('source', '=', '*')
        .execute();
      const last = await signInFrom('203.0.113.2', site, owner.email, 'last guess');
      expect(last.body.error_code).toBe('TEMPORARILY_LOCKED');
      const fresh = await signInFrom('203.0.113.3', site, owner.email, owner.password);
      expect(fresh.body.error_code).toBe('TEMPORARILY_LOCKED');
      expect(Date.parse(fresh.body.locked_until ?? '')).toBeGreaterThan(Date.now());

      expect((await signInFrom(home, site, owner.email, owner.password)).body.status).toBe('OK');
    });

    it('failed sign-ins from one source to many accounts are limited per window; the owners are not', async () => {
      const site = await createSite(server.db);
      const owner = await createUser(server.db, { site });
      const sprayer = '203.0.113.50';
      const failures = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const answer = await signInFrom(sprayer, site, `victim-${i}@example.test`, 'Summer2024!');
          expect(answer.body.error_code).toBe('WRONG_CREDENTIALS');
        }
      };
      await failures(3);
      const window = () =>
        proxied.db
          .selectFrom('rate_limits')
          .select('taken')
          .where('site_id', '=', site.id)
          .where('bucket', '=', 'sign_in_failures')
          .where('subject', '=', sprayer)
          .executeTakeFirstOrThrow();
      expect((await window()).taken).toBe(3);
      // As if the source had gone on through almost the whole window's allowance.
      await proxied.db
        .updateTable('rate_limits')
        .set({ taken: SOURCE_FAILED_SIGN_INS.limit - 1 })
        .where('site_id', '=', site.id)
        .where('subject', '=', sprayer)
        .execute();
      await failures(1);
      const refused = await signInFrom(sprayer, site, owner.email, owner.password);
      expect(refused.httpStatus).toBe(429);
      expect(refused.body.error_code).toBe('TOO_MANY_REQUESTS');
      expect(refused.body.retry_after).toBeGreaterThan(0);
      expect(refused.body.retry_after).toBeLessThanOrEqual(SOURCE_FAILED_SIGN_INS.windowSeconds);
      expect((await signInFrom('198.51.100.40', site, owner.email, owner.password)).body.status).toBe('OK');
    });

    it('right passwords do not use up the source window', async () => {
      const site = await createSite(server.db);
      const user = await createUser(server.db, { site });
      for (let i = 0; i < SOURCE_FAILED_SIGN_INS.limit + 5; i++) {
        expect((await signInFrom('198.51.100.60', site, user.email, user.password)).body.status).toBe('OK');
      }
    });
  });
});
