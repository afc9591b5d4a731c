import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_LOGIN_ATTEMPTS,
  MAX_TEMPORARY_LOCKS,
  RESEND_COOLDOWN_SECONDS,
  RESET_VALID_MINUTES,
} from '../../src/shared/domain/identity/accounts';
import { createSite, createUser, signIn, signInAs } from '../factories';
import { testDialects } from '../support/databases';
import { codesOf, driftFrom, linkIn, mailsTo } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const NEW_PASSWORD = 'a brand new secret';

describe.each(dialects)('password.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** Asks for a reset link and answers the code in it. */
  async function resetCode(site: { name: string }, email: string): Promise<string> {
    const { body } = await server.call('password.php', 'request_reset', { email }, { site: site.name });
    expect(body).toEqual({ status: 'OK' });
    const mails = await mailsTo(server, email);
    const link = linkIn(mails.at(-1)?.text_body ?? '');
    const prefix = `${server.config.publicUrl}/password-recovery/`;
    expect(link.startsWith(prefix)).toBe(true);
    return link.slice(prefix.length);
  }

  const reset = (site: { name: string }, code: string, password = NEW_PASSWORD, repeat = password) =>
    server.call('password.php', 'reset_password', { code, password, password_repeat: repeat }, { site: site.name });

  /** Lets the address's resend cooldown run out, as if a minute had passed. */
  const endCooldowns = (email: string) =>
    server.db
      .updateTable('rate_limits')
      .set({ window_started_at: new Date(Date.now() - RESEND_COOLDOWN_SECONDS * 1000 - 1000).toISOString() })
      .where('subject', '=', email)
      .where('bucket', '=', 'request_reset')
      .execute();

  it('request_reset answers the same for a known and an unknown email, and mails only the known one', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const known = await server.call('password.php', 'request_reset', { email: user.email }, { site: site.name });
    const unknown = await server.call(
      'password.php',
      'request_reset',
      { email: 'stranger@example.test' },
      { site: site.name },
    );
    expect(known.httpStatus).toBe(200);
    expect(unknown.httpStatus).toBe(known.httpStatus);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ status: 'OK' });

    expect(await mailsTo(server, 'stranger@example.test')).toHaveLength(0);
    const mails = await mailsTo(server, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Reset your password');
    expect(linkIn(mails[0]?.text_body ?? '')).toMatch(
      new RegExp(`^${server.config.publicUrl}/password-recovery/[A-Za-z0-9_-]{43}$`),
    );
    const [code] = await codesOf(server, user.id, 'reset_password');
    expect(driftFrom(code?.expires_at ?? '', RESET_VALID_MINUTES * 60_000)).toBeLessThan(60_000);
  });

  it('a second request inside the resend cooldown answers the same but mails nothing new', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const code = await resetCode(site, user.email);
    const again = await server.call('password.php', 'request_reset', { email: user.email }, { site: site.name });
    expect(again.body).toEqual({ status: 'OK' });
    expect(await mailsTo(server, user.email)).toHaveLength(1);

    // Once the cooldown has passed, a new link goes out, and the first one still works until one is used.
    await endCooldowns(user.email);
    const fresh = await resetCode(site, user.email);
    expect(fresh).not.toBe(code);
    expect(await mailsTo(server, user.email)).toHaveLength(2);
    expect((await reset(site, code)).body.status).toBe('OK');
  });

  it('a user of another site is unknown here', async () => {
    const home = await createSite(server.db);
    const other = await createSite(server.db);
    const user = await createUser(server.db, { site: home });
    const { body } = await server.call('password.php', 'request_reset', { email: user.email }, { site: other.name });
    expect(body).toEqual({ status: 'OK' });
    expect(await mailsTo(server, user.email)).toHaveLength(0);
  });

  it('refused resets change nothing: the old password still signs in and the code still works', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const code = await resetCode(site, user.email);

    const refusals = [
      { answer: await reset(site, code, NEW_PASSWORD, `${NEW_PASSWORD}!`), status: 400, code: 'PASSWORDS_DIFFER' },
      { answer: await reset(site, code, 'too short'), status: 400, code: 'WEAK_PASSWORD', reason: 'TOO_SHORT' },
      { answer: await reset(site, code, 'qwertyuiop'), status: 400, code: 'WEAK_PASSWORD', reason: 'TOO_COMMON' },
      {
        answer: await reset(site, code, `${user.email.split('@')[0]} forever`),
        status: 400,
        code: 'WEAK_PASSWORD',
        reason: 'CONTAINS_EMAIL_NAME',
      },
      { answer: await reset(site, 'not a code at all'), status: 400, code: 'INVALID_CODE' },
      { answer: await reset(site, 'B'.repeat(43)), status: 404, code: 'CODE_NOT_FOUND' },
    ];
    for (const { answer, status, code: errorCode, reason } of refusals) {
      expect(answer.httpStatus).toBe(status);
      expect(answer.body).toMatchObject({ status: 'ERROR', error_code: errorCode, ...(reason ? { reason } : {}) });
    }
    expect((await signIn(server, site, user.email, user.password)).body.status).toBe('OK');

    expect((await reset(site, code)).body).toEqual({ status: 'OK' });
    expect((await signIn(server, site, user.email, NEW_PASSWORD)).body.status).toBe('OK');
  });

  it('an expired code answers CODE_EXPIRED and changes nothing', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const code = await resetCode(site, user.email);
    await server.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const { httpStatus, body } = await reset(site, code);
    expect(httpStatus).toBe(410);
    expect(body.error_code).toBe('CODE_EXPIRED');
    expect((await signIn(server, site, user.email, user.password)).body.status).toBe('OK');
    expect((await signIn(server, site, user.email, NEW_PASSWORD)).body.error_code).toBe('WRONG_CREDENTIALS');
  });

  it('a verification code is no reset code, and a reset code works on its own site only', async () => {
    const site = await createSite(server.db);
    const other = await createSite(server.db);
    const user = await createUser(server.db, { site, verified: false });
    await server.call('register.php', 'resend_verification', { email: user.email }, { site: site.name });
    const verifyCode = linkIn((await mailsTo(server, user.email))[0]?.text_body ?? '').split('code=')[1] ?? '';
    expect((await reset(site, verifyCode)).body.error_code).toBe('CODE_NOT_FOUND');

    const code = await resetCode(site, user.email);
    expect((await reset(other, code)).body.error_code).toBe('CODE_NOT_FOUND');
    expect((await reset(site, code)).body.status).toBe('OK');
  });

  it('a reset changes the password, signs the user out everywhere and works only once', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const tokens = [await signInAs(server, site, user), await signInAs(server, site, user)];
    const code = await resetCode(site, user.email);

    expect((await reset(site, code)).body).toEqual({ status: 'OK' });
    for (const token of tokens) {
      const { httpStatus, body } = await server.call('auth.php', 'auth_user', {}, { site: site.name, token });
      expect(httpStatus).toBe(401);
      expect(body.status).toBe('UNAUTHORIZED');
    }
    expect((await signIn(server, site, user.email, user.password)).body.error_code).toBe('WRONG_CREDENTIALS');
    const fresh = await signIn(server, site, user.email, NEW_PASSWORD);
    expect(fresh.body.status).toBe('OK');
    const me = await server.call('auth.php', 'auth_user', {}, { site: site.name, token: fresh.body.token });
    expect(me.body.data.Id).toBe(user.id);

    const again = await reset(site, code, 'yet another secret');
    expect(again.body.error_code).toBe('CODE_NOT_FOUND');
    expect((await signIn(server, site, user.email, NEW_PASSWORD)).body.status).toBe('OK');
  });

  it('a reset lifts a temporary sign-in lock', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    for (let attempt = 1; attempt <= MAX_LOGIN_ATTEMPTS; attempt++) {
      await signIn(server, site, user.email, 'wrong password 5');
    }
    expect((await signIn(server, site, user.email, user.password)).body.error_code).toBe('TEMPORARILY_LOCKED');

    expect((await reset(site, await resetCode(site, user.email))).body.status).toBe('OK');
    expect((await signIn(server, site, user.email, NEW_PASSWORD)).body.status).toBe('OK');
  });

  it('a reset opens an account locked after repeated temporary locks', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const at = new Date().toISOString();
    await server.db
      .insertInto('sign_in_attempts')
      .values({
        site_id: site.id,
        email: user.email,
        source: '127.0.0.1',
        proven_at: null,
        failed_count: MAX_LOGIN_ATTEMPTS,
        lock_count: MAX_TEMPORARY_LOCKS,
        locked_until: new Date(Date.now() - 1000).toISOString(),
        created_at: at,
        updated_at: at,
      })
      .execute();
    const locked = await signIn(server, site, user.email, user.password);
    expect(locked.httpStatus).toBe(403);
    expect(locked.body.error_code).toBe('ACCOUNT_LOCKED');

    expect((await reset(site, await resetCode(site, user.email))).body.status).toBe('OK');
    expect((await signIn(server, site, user.email, NEW_PASSWORD)).body.status).toBe('OK');
  });

  it('a reset also verifies the address the link was mailed to', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site, verified: false });
    expect((await signIn(server, site, user.email, user.password)).body.error_code).toBe('NOT_VERIFIED');
    expect((await reset(site, await resetCode(site, user.email))).body.status).toBe('OK');
    expect((await signIn(server, site, user.email, NEW_PASSWORD)).body.status).toBe('OK');
  });

  it('using one reset link ends every other link of the user', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const older = await resetCode(site, user.email);
    await endCooldowns(user.email);
    const newer = await resetCode(site, user.email);
    expect(newer).not.toBe(older);
    expect((await reset(site, newer)).body.status).toBe('OK');
    const late = await reset(site, older, 'an attacker picked this one');
    expect(late.body.error_code).toBe('CODE_NOT_FOUND');
    expect((await signIn(server, site, user.email, NEW_PASSWORD)).body.status).toBe('OK');
  });

  it('refuses passwords that are easy to guess, with a hint, and keeps the link usable', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const code = await resetCode(site, user.email);
    for (const [password, hint] of [
      ['aaaaaaaaaa', 'simpleRepeat'],
      ['Password123!', 'similarToCommon'],
      [' '.repeat(10), 'simpleRepeat'],
    ] as const) {
      const { httpStatus, body } = await reset(site, code, password);
      expect(httpStatus).toBe(400);
      expect(body).toMatchObject({ error_code: 'WEAK_PASSWORD', reason: 'EASY_TO_GUESS', hint });
    }
    expect((await reset(site, code)).body.status).toBe('OK');
  });

  it('asks for a reset mail at most once per cooldown, alike for every address', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    for (let i = 0; i < 5; i++) {
      for (const email of [user.email, 'nobody-here@example.test']) {
        const { body } = await server.call('password.php', 'request_reset', { email }, { site: site.name });
        expect(body).toEqual({ status: 'OK' });
      }
    }
    expect(await mailsTo(server, user.email)).toHaveLength(1);
  });
});
