import { dictionary } from '@zxcvbn-ts/language-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAILS_PER_ADDRESS,
  RESEND_COOLDOWN_SECONDS,
  VERIFICATION_VALID_HOURS,
} from '../../src/shared/domain/identity/accounts';
import { createSite, createUser, signIn, signInAs } from '../factories';
import type { DataOf } from '../support/api';
import { testDialects } from '../support/databases';
import { codesOf, driftFrom, linkIn, mailsTo, snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const STRONG = 'violet tractor umbrella';
const COMMON = 'password1234';

let counter = 0;
const registration = (overrides: Partial<DataOf<'register.php', 'register'>> = {}) => ({
  account_type: 'private' as const,
  FirstName: 'Greta',
  LastName: 'Garbo',
  email: `greta-${Date.now()}-${counter++}@example.test`,
  password: STRONG,
  agree_terms: true,
  ...overrides,
});

describe.each(dialects)('register.php on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const usersOf = (site: { id: number }) =>
    server.db.selectFrom('users').selectAll().where('site_id', '=', site.id).execute();

  /** The code of the newest verification mail to an address. */
  async function verificationCode(email: string): Promise<string> {
    const mails = await mailsTo(server, email);
    const link = linkIn(mails.at(-1)?.text_body ?? '');
    const prefix = `${server.config.publicUrl}/verify-email?code=`;
    expect(link.startsWith(prefix)).toBe(true);
    return link.slice(prefix.length);
  }

  it('registers a private account that signs in only after its email is verified', async () => {
    const site = await createSite(server.db);
    const data = registration();
    const { httpStatus, body } = await server.call('register.php', 'register', data, { site: site.name });
    expect(httpStatus).toBe(200);
    expect(body).toEqual({ status: 'OK' });

    const [user] = await usersOf(site);
    expect(user).toMatchObject({ email: data.email, user_type: 1, company_id: null, email_verified_at: null });
    expect(user?.password_hash).not.toContain(STRONG);

    const mails = await mailsTo(server, data.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ site_id: site.id, status: 'pending', subject: 'Confirm your email address' });
    const code = await verificationCode(data.email);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the code is stored.
    const [stored] = await codesOf(server, user?.id ?? 0, 'verify_email');
    expect(stored?.code_hash).not.toBe(code);
    expect(driftFrom(stored?.expires_at ?? '', VERIFICATION_VALID_HOURS * 3_600_000)).toBeLessThan(60_000);

    const early = await signIn(server, site, data.email, STRONG);
    expect(early.httpStatus).toBe(403);
    expect(early.body.error_code).toBe('NOT_VERIFIED');

    const verified = await server.call('register.php', 'verify_email', { code }, { site: site.name });
    expect(verified.body).toEqual({ status: 'OK', already_verified: false });
    const token = await signInAs(server, site, { email: data.email, password: STRONG });
    const me = await server.call('auth.php', 'auth_user', {}, { site: site.name, token });
    expect(me.body.data).toMatchObject({ Username: data.email, FirstName: 'Greta', UserType: 1, CompanyName: null });

    // The link opened again says the address is verified, rather than that its code is not found.
    const again = await server.call('register.php', 'verify_email', { code }, { site: site.name });
    expect(again.httpStatus).toBe(200);
    expect(again.body).toEqual({ status: 'OK', already_verified: true });
  });

  it('the language of the registering browser becomes the account language, and her mails are written in it', async () => {
    const site = await createSite(server.db);
    const data = registration();
    await server.call('register.php', 'register', data, { site: site.name, headers: { 'Accept-Language': 'sv-SE' } });
    const [user] = await usersOf(site);
    expect(user?.language).toBe('sv');
    expect((await mailsTo(server, data.email))[0]?.subject).toBe('Bekräfta din e-postadress');
    // A new link asked for from an English browser is still written in her language.
    await server.db
      .updateTable('rate_limits')
      .set({ window_started_at: '2000-01-01T00:00:00.000Z' })
      .where('subject', '=', data.email)
      .execute();
    await server.call('register.php', 'resend_verification', { email: data.email }, { site: site.name });
    expect((await mailsTo(server, data.email)).at(-1)?.subject).toBe('Bekräfta din e-postadress');
  });

  it('registers a company account: the company exists and its name reaches auth_user', async () => {
    const site = await createSite(server.db);
    const data = registration({ account_type: 'company', CompanyName: 'Acme Music AB' });
    const { body } = await server.call('register.php', 'register', data, { site: site.name });
    expect(body.status).toBe('OK');

    const companies = await server.db.selectFrom('companies').selectAll().where('site_id', '=', site.id).execute();
    expect(companies.map((c) => c.name)).toEqual(['Acme Music AB']);
    const [user] = await usersOf(site);
    expect(user?.company_id).toBe(companies[0]?.id);

    await server.call(
      'register.php',
      'verify_email',
      { code: await verificationCode(data.email) },
      { site: site.name },
    );
    const token = await signInAs(server, site, { email: data.email, password: STRONG });
    const me = await server.call('auth.php', 'auth_user', { access: {} }, { site: site.name, token });
    expect(me.body.data.CompanyName).toBe('Acme Music AB');
  });

  it('a company account needs a company name', async () => {
    const site = await createSite(server.db);
    const { httpStatus, body } = await server.call(
      'register.php',
      'register',
      registration({ account_type: 'company', CompanyName: '  ' }),
      { site: site.name },
    );
    expect(httpStatus).toBe(400);
    expect(body.error_code).toBe('INVALID_REQUEST');
    expect(body.message).toContain('data.CompanyName');
    expect(await usersOf(site)).toHaveLength(0);
  });

  it('answers REGISTRATION_DISABLED on a site whose registration is off', async () => {
    const site = await createSite(server.db, { registrationEnabled: false });
    const data = registration();
    const { httpStatus, body } = await server.call('register.php', 'register', data, { site: site.name });
    expect(httpStatus).toBe(403);
    expect(body).toMatchObject({ status: 'ERROR', error_code: 'REGISTRATION_DISABLED' });
    expect(await usersOf(site)).toHaveLength(0);
    expect(await mailsTo(server, data.email)).toHaveLength(0);
  });

  it('answers REGISTRATION_DISABLED everywhere when REGISTRATION_ENABLED=false', async () => {
    const closed = await startTestServer(dialect, { REGISTRATION_ENABLED: 'false' });
    try {
      const site = await createSite(closed.db);
      const { httpStatus, body } = await closed.call('register.php', 'register', registration(), { site: site.name });
      expect(httpStatus).toBe(403);
      expect(body.error_code).toBe('REGISTRATION_DISABLED');
      const users = await closed.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(0);
      const facts = await closed.call('site.php', 'get_site', {}, { site: site.name });
      expect(facts.body.data.RegistrationEnabled).toBe(false);
    } finally {
      await closed.close();
    }
  });

  it('answers TERMS_NOT_AGREED when the terms are not agreed', async () => {
    const site = await createSite(server.db);
    const { httpStatus, body } = await server.call('register.php', 'register', registration({ agree_terms: false }), {
      site: site.name,
    });
    expect(httpStatus).toBe(400);
    expect(body.error_code).toBe('TERMS_NOT_AGREED');
    expect(await usersOf(site)).toHaveLength(0);
  });

  it('answers WEAK_PASSWORD with the reason, and refuses passwords over 128 characters', async () => {
    expect(dictionary['passwords-common']).toContain(COMMON);
    const site = await createSite(server.db);
    const cases = [
      { password: 'short one', reason: 'TOO_SHORT' },
      { password: COMMON, reason: 'TOO_COMMON' },
      { password: COMMON.toUpperCase(), reason: 'TOO_COMMON' },
      { email: 'margareta@example.test', password: 'my name is Margareta!', reason: 'CONTAINS_EMAIL_NAME' },
    ];
    for (const { reason, ...fields } of cases) {
      const { httpStatus, body } = await server.call('register.php', 'register', registration(fields), {
        site: site.name,
      });
      expect(httpStatus).toBe(400);
      expect(body).toMatchObject({ status: 'ERROR', error_code: 'WEAK_PASSWORD', reason });
    }
    const tooLong = await server.call('register.php', 'register', registration({ password: 'x'.repeat(129) }), {
      site: site.name,
    });
    expect(tooLong.httpStatus).toBe(400);
    expect(tooLong.body.error_code).toBe('INVALID_REQUEST');
    expect(tooLong.body.message).toContain('data.password');
    expect(await usersOf(site)).toHaveLength(0);
  });

  it('accepts a 128-character password', async () => {
    const site = await createSite(server.db);
    const { body } = await server.call(
      'register.php',
      'register',
      registration({ password: 'long passphrase '.repeat(8) }),
      { site: site.name },
    );
    expect(body.status).toBe('OK');
  });

  it('an already registered email answers OK, makes no second user and mails the owner instead', async () => {
    const site = await createSite(server.db);
    const existing = await createUser(server.db, { site });
    const { httpStatus, body } = await server.call(
      'register.php',
      'register',
      registration({ email: existing.email.toUpperCase(), FirstName: 'Intruder' }),
      { site: site.name },
    );
    expect(httpStatus).toBe(200);
    expect(body).toEqual({ status: 'OK' });
    const users = await usersOf(site);
    expect(users).toHaveLength(1);
    expect(users[0]?.first_name).toBe('Student');
    const mails = await mailsTo(server, existing.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You already have an account');
    expect(linkIn(mails[0]?.text_body ?? '')).toBe(`${server.config.publicUrl}/password-recovery`);
    expect(await codesOf(server, existing.id, 'verify_email')).toHaveLength(0);
    // The owner's password is untouched.
    expect(await signInAs(server, site, existing)).toBeTruthy();
  });

  it('two simultaneous registrations of one email make one user and answer OK both', async () => {
    const site = await createSite(server.db);
    const data = registration();
    const answers = await Promise.all([
      server.call('register.php', 'register', data, { site: site.name }),
      server.call('register.php', 'register', data, { site: site.name }),
    ]);
    expect(answers.map((a) => a.body)).toEqual([{ status: 'OK' }, { status: 'OK' }]);
    expect(await usersOf(site)).toHaveLength(1);
  });

  it('the same email may register on two sites', async () => {
    const siteA = await createSite(server.db);
    const siteB = await createSite(server.db);
    const data = registration();
    await server.call('register.php', 'register', data, { site: siteA.name });
    await server.call('register.php', 'register', data, { site: siteB.name });
    expect(await usersOf(siteA)).toHaveLength(1);
    expect(await usersOf(siteB)).toHaveLength(1);
    // A code of one site does nothing on the other.
    const code = await verificationCode(data.email);
    const elsewhere = await server.call('register.php', 'verify_email', { code }, { site: siteA.name });
    expect(elsewhere.body.error_code).toBe('CODE_NOT_FOUND');
  });

  it('mails in Swedish when the browser asks for Swedish', async () => {
    const site = await createSite(server.db);
    const data = registration();
    await server.call('register.php', 'register', data, {
      site: site.name,
      headers: { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.8' },
    });
    const [mail] = await mailsTo(server, data.email);
    expect(mail?.subject).toBe('Bekräfta din e-postadress');
  });

  it('verify_email: INVALID_CODE for a malformed code, CODE_EXPIRED after 24 hours', async () => {
    const site = await createSite(server.db);
    const data = registration();
    await server.call('register.php', 'register', data, { site: site.name });
    const code = await verificationCode(data.email);

    for (const bad of ['not-a-code', `${code}x`, 'ä'.repeat(43)]) {
      const { httpStatus, body } = await server.call(
        'register.php',
        'verify_email',
        { code: bad },
        { site: site.name },
      );
      expect(httpStatus).toBe(400);
      expect(body.error_code).toBe('INVALID_CODE');
    }
    const unknown = await server.call('register.php', 'verify_email', { code: 'A'.repeat(43) }, { site: site.name });
    expect(unknown.body.error_code).toBe('CODE_NOT_FOUND');

    await server.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('site_id', '=', site.id)
      .execute();
    const expired = await server.call('register.php', 'verify_email', { code }, { site: site.name });
    expect(expired.httpStatus).toBe(410);
    expect(expired.body.error_code).toBe('CODE_EXPIRED');
    const [user] = await usersOf(site);
    expect(user?.email_verified_at).toBeNull();
  });

  it('resend_verification answers the cooldown, refuses a second request inside it, and the new link works', async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site, verified: false });
    const first = await server.call('register.php', 'resend_verification', { email: user.email }, { site: site.name });
    expect(first.body).toEqual({ status: 'OK', cooldown: RESEND_COOLDOWN_SECONDS });
    expect(await mailsTo(server, user.email)).toHaveLength(1);

    const second = await server.call('register.php', 'resend_verification', { email: user.email }, { site: site.name });
    expect(second.httpStatus).toBe(429);
    expect(second.body.error_code).toBe('COOLDOWN');
    expect(second.body.cooldown).toBeGreaterThan(0);
    expect(second.body.cooldown).toBeLessThanOrEqual(RESEND_COOLDOWN_SECONDS);
    expect(await mailsTo(server, user.email)).toHaveLength(1);

    const code = await verificationCode(user.email);
    expect((await server.call('register.php', 'verify_email', { code }, { site: site.name })).body.status).toBe('OK');
    expect(await signInAs(server, site, user)).toBeTruthy();
  });

  it('resend_verification right after registering is inside the cooldown', async () => {
    const site = await createSite(server.db);
    const data = registration();
    await server.call('register.php', 'register', data, { site: site.name });
    const { body } = await server.call(
      'register.php',
      'resend_verification',
      { email: data.email },
      { site: site.name },
    );
    expect(body.error_code).toBe('COOLDOWN');
  });

  it('resend_verification answers OK and mails nothing for an unknown or verified address', async () => {
    const site = await createSite(server.db);
    const verified = await createUser(server.db, { site });
    for (const email of ['nobody-here@example.test', verified.email]) {
      const { body } = await server.call('register.php', 'resend_verification', { email }, { site: site.name });
      expect(body).toEqual({ status: 'OK', cooldown: RESEND_COOLDOWN_SECONDS });
      expect(await mailsTo(server, email)).toHaveLength(0);
    }
  });

  /** Lets every cooldown of an address run out, as if a minute had passed. */
  const endCooldowns = (email: string) =>
    server.db
      .updateTable('rate_limits')
      .set({ window_started_at: new Date(Date.now() - RESEND_COOLDOWN_SECONDS * 1000 - 1000).toISOString() })
      .where('subject', '=', email)
      .where('bucket', '!=', 'account_mails')
      .execute();

  it('resend_verification answers alike for an unverified, a verified and an unknown address', async () => {
    const site = await createSite(server.db);
    const unverified = await createUser(server.db, { site, verified: false });
    const verified = await createUser(server.db, { site });
    const addresses = [unverified.email, verified.email, 'nobody-at-all@example.test'];
    const answers = async () =>
      Promise.all(
        addresses.map(async (email) => {
          const { httpStatus, body } = await server.call(
            'register.php',
            'resend_verification',
            { email },
            { site: site.name },
          );
          return { httpStatus, error_code: body.error_code, status: body.status, cooldown: body.cooldown > 0 };
        }),
      );
    const first = await answers();
    const second = await answers();
    for (const round of [first, second]) {
      expect(round[1]).toEqual(round[0]);
      expect(round[2]).toEqual(round[0]);
    }
    expect(first[0]).toMatchObject({ httpStatus: 200, status: 'OK' });
    expect(second[0]).toMatchObject({ httpStatus: 429, error_code: 'COOLDOWN' });
    // Only the unverified account got a link, once.
    expect(await mailsTo(server, unverified.email)).toHaveLength(1);
    expect(await mailsTo(server, verified.email)).toHaveLength(0);
  });

  it('registering an existing address over and over mails its owner once per cooldown, and a few times an hour at most', async () => {
    const site = await createSite(server.db);
    const existing = await createUser(server.db, { site });
    for (let i = 0; i < 3; i++) {
      const { body } = await server.call('register.php', 'register', registration({ email: existing.email }), {
        site: site.name,
      });
      expect(body).toEqual({ status: 'OK' });
    }
    expect(await mailsTo(server, existing.email)).toHaveLength(1);
    for (let i = 0; i < ACCOUNT_MAILS_PER_ADDRESS.limit + 2; i++) {
      await endCooldowns(existing.email);
      await server.call('register.php', 'register', registration({ email: existing.email }), { site: site.name });
    }
    expect(await mailsTo(server, existing.email)).toHaveLength(ACCOUNT_MAILS_PER_ADDRESS.limit);
  });

  it('refuses names with line breaks or other control characters, and writes nothing', async () => {
    const site = await createSite(server.db);
    const before = await snapshotRows(server);
    for (const names of [
      { FirstName: 'Greta\n\nYour account is ready: http://evil.example/login\n' },
      { LastName: 'Garbo\r\nBcc: someone@example.test' },
      { FirstName: 'Greta\u202Eobrag' },
      { LastName: 'Garbo\u0007' },
    ]) {
      const { httpStatus, body } = await server.call('register.php', 'register', registration(names), {
        site: site.name,
      });
      expect(httpStatus).toBe(400);
      expect(body.error_code).toBe('INVALID_REQUEST');
      expect(body.fields?.[0]?.field).toMatch(/^data\.(FirstName|LastName)$/);
    }
    expect(await snapshotRows(server)).toEqual(before);
    // Names of every script and with joiners still pass.
    const { body } = await server.call(
      'register.php',
      'register',
      registration({ FirstName: 'Zoë-Åsa', LastName: 'می\u200Cخواهم' }),
      { site: site.name },
    );
    expect(body).toEqual({ status: 'OK' });
  });

  it('refuses passwords that are easy to guess, with a hint of why', async () => {
    const site = await createSite(server.db);
    for (const [password, hint] of [
      ['aaaaaaaaaa', 'simpleRepeat'],
      ['Password123!', 'similarToCommon'],
      [' '.repeat(10), 'simpleRepeat'],
    ] as const) {
      const { httpStatus, body } = await server.call('register.php', 'register', registration({ password }), {
        site: site.name,
      });
      expect(httpStatus).toBe(400);
      expect(body).toMatchObject({ error_code: 'WEAK_PASSWORD', reason: 'EASY_TO_GUESS', hint });
    }
    const named = await server.call(
      'register.php',
      'register',
      registration({ FirstName: 'Wilhelmina', LastName: 'Kowalczyk', password: 'WilhelminaKowalczyk' }),
      { site: site.name },
    );
    expect(named.body).toMatchObject({ error_code: 'WEAK_PASSWORD', reason: 'EASY_TO_GUESS' });
    expect(await usersOf(site)).toHaveLength(0);
  });
});
