import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_ATTEMPTS, MAX_TEMPORARY_LOCKS } from '../../src/shared/domain/accounts';
import { createSite, createUser, signInAs } from '../factories';
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
    const site = await createSite(server);
    const user = await createUser(server, { site, role: 'coach' });
    const { httpStatus, body } = await server.call(
      'login.php',
      'sign_in',
      { email: user.email.toUpperCase(), password: user.password },
      { site: site.name },
    );
    expect(httpStatus).toBe(200);
    expect(body.status).toBe('OK');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({ Id: user.id, Username: user.email, UserType: 8 });
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('counts wrong passwords, then locks temporarily, and a right password no longer helps', async () => {
    const site = await createSite(server);
    const user = await createUser(server, { site });
    for (let attempt = 1; attempt < MAX_LOGIN_ATTEMPTS; attempt++) {
      const { httpStatus, body } = await server.call(
        'login.php',
        'sign_in',
        { email: user.email, password: 'wrong password 1' },
        { site: site.name },
      );
      expect(httpStatus).toBe(401);
      expect(body).toMatchObject({
        status: 'ERROR',
        error_code: 'WRONG_CREDENTIALS',
        attempt,
        max_attempts: MAX_LOGIN_ATTEMPTS,
      });
    }
    const last = await server.call(
      'login.php',
      'sign_in',
      { email: user.email, password: 'wrong password 1' },
      { site: site.name },
    );
    expect(last.httpStatus).toBe(429);
    expect(last.body.error_code).toBe('TEMPORARILY_LOCKED');
    expect(Date.parse(last.body.locked_until)).toBeGreaterThan(Date.now());

    const right = await server.call(
      'login.php',
      'sign_in',
      { email: user.email, password: user.password },
      { site: site.name },
    );
    expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
  });

  it('evaluates no more than the maximum among concurrent wrong attempts', async () => {
    const site = await createSite(server);
    const user = await createUser(server, { site });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.call('login.php', 'sign_in', { email: user.email, password: 'wrong password 2' }, { site: site.name }),
      ),
    );
    const evaluated = answers.filter((a) => a.body.attempt !== undefined);
    expect(evaluated).toHaveLength(MAX_LOGIN_ATTEMPTS);
    expect(answers.every((a) => ['WRONG_CREDENTIALS', 'TEMPORARILY_LOCKED'].includes(a.body.error_code))).toBe(true);
  });

  it('locks the account after repeated temporary locks until the password is reset', async () => {
    const site = await createSite(server);
    const user = await createUser(server, { site });
    for (let lock = 1; lock <= MAX_TEMPORARY_LOCKS; lock++) {
      // Let the previous lock run out.
      await server.db
        .updateTable('login_attempts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', user.email)
        .execute();
      for (let attempt = 1; attempt <= MAX_LOGIN_ATTEMPTS; attempt++) {
        await server.call(
          'login.php',
          'sign_in',
          { email: user.email, password: 'wrong password 3' },
          { site: site.name },
        );
      }
    }
    await server.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', user.email)
      .execute();
    const { httpStatus, body } = await server.call(
      'login.php',
      'sign_in',
      { email: user.email, password: user.password },
      { site: site.name },
    );
    expect(httpStatus).toBe(403);
    expect(body.error_code).toBe('ACCOUNT_LOCKED');
  });

  it('answers WRONG_CREDENTIALS alike for an unknown email', async () => {
    const site = await createSite(server);
    const { body } = await server.call(
      'login.php',
      'sign_in',
      { email: 'nobody@example.test', password: 'whatever pass 1' },
      { site: site.name },
    );
    expect(body).toMatchObject({ error_code: 'WRONG_CREDENTIALS', attempt: 1 });
  });

  it('refuses an unverified account only after a right password', async () => {
    const site = await createSite(server);
    const user = await createUser(server, { site, verified: false });
    const wrong = await server.call(
      'login.php',
      'sign_in',
      { email: user.email, password: 'wrong password 4' },
      { site: site.name },
    );
    expect(wrong.body.error_code).toBe('WRONG_CREDENTIALS');
    const right = await server.call(
      'login.php',
      'sign_in',
      { email: user.email, password: user.password },
      { site: site.name },
    );
    expect(right.body.error_code).toBe('NOT_VERIFIED');
  });

  it('auth_user answers the user for a live token and UNAUTHORIZED after sign_out', async () => {
    const site = await createSite(server);
    const user = await createUser(server, { site, role: 'admin' });
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
    const siteA = await createSite(server);
    const siteB = await createSite(server);
    const user = await createUser(server, { site: siteA });
    const token = await signInAs(server, siteA, user);
    const { body } = await server.call('auth.php', 'auth_user', { token }, { site: siteB.name, token });
    expect(body.status).toBe('UNAUTHORIZED');
  });

  it('auth_user is UNAUTHORIZED for a missing, unknown or expired token', async () => {
    const site = await createSite(server);
    const user = await createUser(server, { site });
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
});
