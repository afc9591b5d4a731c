import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '../../src/shared/domain/site/plans';
import { signIn } from '../factories';
import { testDialects } from '../support/databases';
import { driftFrom, linkIn, mailsTo, snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

const STRONG = 'Violet-Harbour-Lantern-42';
let counter = 0;
const unique = () => `${Date.now().toString(36)}${counter++}`;

describe.each(dialects)('trial.php on %s', (dialect) => {
  let server: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { TRIAL_DOMAIN: 'Trial.Test', TRUST_PROXY: 'true' });
    closed = await startTestServer(dialect, { CONTACT_EMAIL: 'sales@platform.example' }, server);
  });
  afterAll(async () => {
    await closed.close();
    await server.close();
  });

  /** Each test asks from its own source, so the per-source limit of one does not reach another. */
  const source = () => `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  const ask = (email: string, ip = source(), on = server) =>
    on.call('trial.php', 'request_trial', { email }, { headers: { 'x-forwarded-for': ip } });

  /** The code of the newest trial mail to an address. */
  async function codeFor(email: string): Promise<string> {
    const mails = await mailsTo(server, email);
    const link = linkIn(mails.at(-1)?.text_body ?? '');
    const prefix = `${server.config.publicUrl}/start-trial?code=`;
    expect(link.startsWith(prefix)).toBe(true);
    return link.slice(prefix.length);
  }

  const form = (code: string, siteName: string) => ({
    code,
    SchoolName: 'Nordic Music School',
    SiteName: siteName,
    FirstName: 'Hedda',
    LastName: 'Holm',
    password: STRONG,
  });

  const start = (data: ReturnType<typeof form>, ip = source()) =>
    server.call('trial.php', 'start_trial', data, { headers: { 'x-forwarded-for': ip } });

  it('get_trial_options says whether self-service is on, its domain, and whom to write to', async () => {
    expect((await server.call('trial.php', 'get_trial_options', {})).body).toEqual({
      status: 'OK',
      data: { SelfService: true, Domain: 'trial.test', ContactEmail: null, TrialDays: TRIAL_DAYS },
    });
    expect((await closed.call('trial.php', 'get_trial_options', {})).body).toEqual({
      status: 'OK',
      data: { SelfService: false, Domain: null, ContactEmail: 'sales@platform.example', TrialDays: TRIAL_DAYS },
    });
  });

  it('without self-service, asking, checking and starting are refused and nothing is written', async () => {
    const before = await snapshotRows(server);
    const email = `closed-${unique()}@example.test`;
    const asked = await ask(email, source(), closed);
    expect(asked.httpStatus).toBe(403);
    expect(asked.body.error_code).toBe('SELF_SERVICE_OFF');
    const checked = await closed.call('trial.php', 'check_trial', { code: 'x'.repeat(43) });
    expect(checked.body.error_code).toBe('SELF_SERVICE_OFF');
    const started = await closed.call('trial.php', 'start_trial', form('x'.repeat(43), `closed${unique()}`));
    expect(started.body.error_code).toBe('SELF_SERVICE_OFF');
    expect(await snapshotRows(server)).toEqual(before);
  });

  it('a verified address names its school and becomes the administrator of a new site on trial', async () => {
    const email = `hedda-${unique()}@example.test`;
    const asked = await ask(email);
    expect(asked.body).toEqual({ status: 'OK' });
    const mails = await mailsTo(server, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ site_id: server.mainSiteId, subject: 'Start your school' });
    const code = await codeFor(email);

    expect((await server.call('trial.php', 'check_trial', { code })).body).toEqual({
      status: 'OK',
      data: { Email: email, Domain: 'trial.test' },
    });

    const name = `nordic${unique()}`;
    const started = await start(form(code, name.toUpperCase()));
    expect(started.body).toEqual({
      status: 'OK',
      data: {
        SiteName: name,
        Host: `${name}.trial.test`,
        SignInUrl: `http://${name}.trial.test:3000/login`,
        Email: email,
      },
    });

    const site = await server.db.selectFrom('sites').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(site).toMatchObject({ title: 'Nordic Music School', plan: 'demo', registration_enabled: 0 });
    expect(driftFrom(site.trial_ends_at ?? '', TRIAL_DAYS * 86_400_000)).toBeLessThan(60_000);
    const hosts = await server.db.selectFrom('site_hosts').select('host').where('site_id', '=', site.id).execute();
    expect(hosts).toEqual([{ host: `${name}.trial.test` }]);
    const users = await server.db.selectFrom('users').selectAll().where('site_id', '=', site.id).execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email, first_name: 'Hedda', last_name: 'Holm', user_type: 2, privilegies: 100 });
    expect(users[0]?.email_verified_at).not.toBeNull();
    // No demo content: no courses, news, companies or texts.
    for (const table of ['courses', 'news', 'companies', 'contents'] as const) {
      const row = await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('site_id', '=', site.id)
        .executeTakeFirstOrThrow();
      expect({ table, count: Number(row.count) }).toEqual({ table, count: 0 });
    }

    // She signs in with the new site's header, and by its host alone, as an administrator.
    const signedIn = await signIn(server, { name }, email, STRONG);
    expect(signedIn.body).toMatchObject({ status: 'OK', data: { UserType: 2 } });
    const byHost = await new Promise<string>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/backend/login.php`,
        { method: 'POST', headers: { host: `${name}.trial.test`, 'content-type': 'application/json' } },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve(body));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ req: 'sign_in', data: { email, password: STRONG } }));
    });
    expect(JSON.parse(byHost)).toMatchObject({ status: 'OK', data: { UserType: 2 } });
    // Her account is the new site's only: the main site does not know her.
    expect((await signIn(server, { name: 'main' }, email, STRONG)).body.status).toBe('ERROR');

    // The link works once.
    const again = await start(form(code, `other${unique()}`));
    expect(again.httpStatus).toBe(404);
    expect(again.body.error_code).toBe('CODE_NOT_FOUND');
    expect((await server.call('trial.php', 'check_trial', { code })).body.error_code).toBe('CODE_NOT_FOUND');
  });

  it('an expired link, an unknown one and a malformed one are refused', async () => {
    const email = `late-${unique()}@example.test`;
    await ask(email);
    const code = await codeFor(email);
    await server.db
      .updateTable('site_trials')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const before = await snapshotRows(server);
    const expired = await start(form(code, `late${unique()}`));
    expect(expired.httpStatus).toBe(410);
    expect(expired.body.error_code).toBe('CODE_EXPIRED');
    expect((await server.call('trial.php', 'check_trial', { code })).body.error_code).toBe('CODE_EXPIRED');
    expect((await server.call('trial.php', 'check_trial', { code: 'A'.repeat(43) })).body.error_code).toBe(
      'CODE_NOT_FOUND',
    );
    expect((await server.call('trial.php', 'check_trial', { code: 'short' })).body.error_code).toBe('INVALID_CODE');
    expect(await snapshotRows(server)).toEqual(before);
  });

  it('the site name must be a free, unreserved DNS label; the link stays usable after a refusal', async () => {
    const email = `rules-${unique()}@example.test`;
    await ask(email);
    const code = await codeFor(email);
    const taken = `taken${unique()}`;
    await server.db
      .insertInto('sites')
      .values({
        name: taken,
        title: 'Taken',
        plan: 'starter',
        registration_enabled: 0,
        trial_ends_at: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const before = await snapshotRows(server);
    const cases: [string, string, string][] = [
      ['ab', 'INVALID_REQUEST', 'must be 3–40 characters'],
      ['a'.repeat(41), 'INVALID_REQUEST', 'must be 3–40 characters'],
      ['-school', 'INVALID_REQUEST', 'may hold lower-case letters'],
      ['my--school', 'INVALID_REQUEST', 'may hold lower-case letters'],
      ['my_school', 'INVALID_REQUEST', 'may hold lower-case letters'],
      ['skola.se', 'INVALID_REQUEST', 'may hold lower-case letters'],
      ['www', 'INVALID_REQUEST', 'is reserved'],
      ['main', 'INVALID_REQUEST', 'is reserved'],
      [taken, 'NAME_TAKEN', 'This address is taken'],
    ];
    for (const [name, errorCode, message] of cases) {
      const answer = await start(form(code, name));
      expect({ name, code: answer.body.error_code }).toEqual({ name, code: errorCode });
      expect(answer.body.message).toContain(message);
      if (errorCode === 'INVALID_REQUEST') expect(answer.body.fields?.[0]?.field).toBe('data.SiteName');
    }
    const weak = await start({ ...form(code, `weak${unique()}`), password: 'password1' });
    expect(weak.body.error_code).toBe('WEAK_PASSWORD');
    expect(await snapshotRows(server)).toEqual(before);
    // The link was not used by the refusals.
    expect((await start(form(code, `fine${unique()}`))).body.status).toBe('OK');
  });

  it('limits links per address and per source in an hour, and schools per verified address', async () => {
    const email = `many-${unique()}@example.test`;
    const ip = source();
    for (let i = 0; i < 3; i++) expect((await ask(email, ip)).body.status).toBe('OK');
    const fourth = await ask(email, source());
    expect(fourth.httpStatus).toBe(429);
    expect(fourth.body).toMatchObject({ error_code: 'TOO_MANY_REQUESTS' });
    expect(fourth.body.retry_after).toBeGreaterThan(0);
    expect(await mailsTo(server, email)).toHaveLength(3);

    // Per source: 10 an hour, whatever the addresses.
    const flood = source();
    for (let i = 0; i < 10; i++) expect((await ask(`f${i}-${unique()}@example.test`, flood)).body.status).toBe('OK');
    const eleventh = await ask(`f11-${unique()}@example.test`, flood);
    expect(eleventh.body.error_code).toBe('TOO_MANY_REQUESTS');

    // Three schools per verified address: each mail's link starts one, the fourth is refused.
    const owner = `owner-${unique()}@example.test`;
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      await ask(owner);
      codes.push(await codeFor(owner));
    }
    for (const code of codes) expect((await start(form(code, `own${unique()}`))).body.status).toBe('OK');
    await server.db.deleteFrom('rate_limits').where('subject', '=', owner).execute();
    await ask(owner);
    const fourthSchool = await start(form(await codeFor(owner), `own${unique()}`));
    expect(fourthSchool.httpStatus).toBe(409);
    expect(fourthSchool.body.error_code).toBe('SITE_LIMIT');
  });

  it('answers alike for an address that has a school and one that has none', async () => {
    const owner = `known-${unique()}@example.test`;
    await ask(owner);
    expect((await start(form(await codeFor(owner), `known${unique()}`))).body.status).toBe('OK');
    const fresh = `fresh-${unique()}@example.test`;
    const a = await ask(owner);
    const b = await ask(fresh);
    expect(a).toEqual(b);
    expect((await mailsTo(server, owner)).at(-1)?.subject).toBe((await mailsTo(server, fresh)).at(-1)?.subject);
  });

  it('refuses a malformed address with the field named', async () => {
    const answer = await ask('not-an-address');
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.fields?.[0]?.field).toBe('data.email');
  });
});
