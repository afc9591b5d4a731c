import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSiteCommand } from '../../src/server/platform/ops/site';
import { createUser, signIn } from '../factories';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** One request with the given Host header (fetch sends its own); answers the status and body. */
function withHost(
  url: string,
  host: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: { host, ...init.headers }, timeout: 10_000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

/** A built client's page, as dist/client/index.html starts. */
function fakeClient(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-client-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>x</title>\n  </head>\n</html>\n',
  );
  return dir;
}

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${counter++}`;

describe.each(dialects)('npm run site and host names on %s', (dialect) => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fakeClient();
    server = await startTestServer(dialect, { CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  /** Runs the command line in this process against the server's database: its exit code and output. */
  async function site(...args: string[]) {
    let out = '';
    let err = '';
    const code = await runSiteCommand(server.db, args, {
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
    });
    return { code, out, err };
  }

  const siteRow = (name: string) =>
    server.db.selectFrom('sites').selectAll().where('name', '=', name).executeTakeFirst();
  const hostsOf = async (name: string) =>
    (
      await server.db
        .selectFrom('site_hosts')
        .innerJoin('sites', 'sites.id', 'site_hosts.site_id')
        .select('host')
        .where('sites.name', '=', name)
        .orderBy('host')
        .execute()
    ).map((r) => r.host);

  it('the main site has registration off unless the demo turns it on', async () => {
    expect((await siteRow('main'))?.registration_enabled).toBe(0);
  });

  it('--help and no command print the usage; exit 0 and 2', async () => {
    const help = await site('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run site -- <command>');
    expect(help.out).toContain('--add-host');
    const none = await site();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage');
  });

  it('create makes a site with its defaults, hosts in lower case, and show and list name it', async () => {
    const name = uniqueName('school');
    const created = await site('create', name, '--title', 'Nordic School', '--host', `WWW.${name}.Example.`);
    expect(created).toMatchObject({ code: 0, err: '' });
    expect(created.out).toContain('Plan:         demo');
    expect(created.out).toContain(`www.${name}.example`);
    const row = await siteRow(name);
    expect(row).toMatchObject({ title: 'Nordic School', plan: 'demo', registration_enabled: 0 });
    // The default trial: TRIAL_DAYS (30) days from now.
    const days = (Date.parse(row?.trial_ends_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await hostsOf(name)).toEqual([`www.${name}.example`]);

    const shown = await site('show', name, '--json');
    expect(JSON.parse(shown.out)).toMatchObject({ name, plan: 'demo', hosts: [`www.${name}.example`], users: 0 });
    const listed = await site('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      new RegExp(`^${name}\\s+demo\\s+\\d{4}-\\d{2}-\\d{2}\\s+off\\s+0\\s+www\\.${name}\\.example$`, 'm'),
    );
    expect(listed.out).toMatch(/^main\s+professional\s+-/m);
  });

  it('update changes the title, plan, trial and registration, and adds and removes hosts', async () => {
    const name = uniqueName('upd');
    expect((await site('create', name, '--host', `${name}.example`)).code).toBe(0);
    const updated = await site(
      'update',
      name,
      '--title=Renamed',
      '--plan',
      'professional',
      '--trial-ends',
      '2030-06-30',
      '--registration',
      'on',
      '--add-host',
      `learn.${name}.example`,
      '--remove-host',
      `${name}.example`,
    );
    expect(updated).toMatchObject({ code: 0, err: '' });
    expect(await siteRow(name)).toMatchObject({
      title: 'Renamed',
      plan: 'professional',
      trial_ends_at: '2030-06-30T23:59:59.999Z',
      registration_enabled: 1,
    });
    expect(await hostsOf(name)).toEqual([`learn.${name}.example`]);
    expect((await site('update', name, '--no-trial', '--registration', 'off')).code).toBe(0);
    expect(await siteRow(name)).toMatchObject({ trial_ends_at: null, registration_enabled: 0 });
    expect((await site('update', name, '--trial-days', '10')).code).toBe(0);
    const days = (Date.parse((await siteRow(name))?.trial_ends_at ?? '') - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(10);
  });

  it('refuses bad input with a clear message and exit code, changing nothing', async () => {
    const name = uniqueName('bad');
    const other = uniqueName('other');
    expect((await site('create', name, '--host', `${name}.example`)).code).toBe(0);
    const before = await siteRow(name);
    const cases: [string[], number, string][] = [
      [
        ['create', uniqueName('x'), '--plan', 'gold'],
        1,
        'Unknown plan "gold": choose one of demo, starter, professional, enterprise',
      ],
      [['create', other, '--host', `${name}.example`], 1, `The host ${name}.example is taken by the site ${name}`],
      [['create', name], 1, `A site named ${name} exists already`],
      [['create', 'Bad_Name'], 1, 'Invalid site name "Bad_Name"'],
      [['create', uniqueName('x'), '--host', 'http://x.example/'], 1, 'Invalid host name "http://x.example/"'],
      [['update', 'no-such-site', '--plan', 'starter'], 1, 'Unknown site: no-such-site'],
      [['update', name, '--plan', 'gold'], 1, 'Unknown plan "gold"'],
      [['update', name, '--registration', 'maybe'], 1, 'Invalid --registration "maybe": give on or off'],
      [['update', name, '--trial-ends', '2030-02-30'], 1, 'Invalid --trial-ends "2030-02-30"'],
      [['update', name, '--trial-days', '-3'], 1, 'Invalid --trial-days "-3"'],
      [['update', name, '--remove-host', 'nothere.example'], 1, `The site ${name} has no host nothere.example`],
      [
        [
          'update',
          name,
          '--title',
          'T',
          '--add-host',
          `${name}.example`,
          '--add-host',
          'main.example',
          '--plan',
          'gold',
        ],
        1,
        'Unknown plan',
      ],
      [['update', name], 2, 'update needs at least one change'],
      [['update', name, '--trial-days', '3', '--no-trial'], 2, 'Give one of --trial-days, --trial-ends and --no-trial'],
      [['update', name, '--host', 'x.example'], 2, 'update takes no --host'],
      [['frobnicate'], 2, 'Unknown command frobnicate'],
      [['show'], 2, 'show needs a site name'],
      [['list', '--colour'], 2, 'Unknown option --colour'],
      [['create', uniqueName('x'), '--plan'], 2, '--plan needs a value'],
    ];
    for (const [args, code, message] of cases) {
      const result = await site(...args);
      expect({ args, code: result.code }).toEqual({ args, code });
      expect(result.err).toContain(message);
      expect(result.out).toBe('');
    }
    expect(await siteRow(name)).toEqual(before);
    expect(await hostsOf(name)).toEqual([`${name}.example`]);
    expect(await siteRow(other)).toBeUndefined();
  });

  it('a host moves between sites once its old site lets it go', async () => {
    const a = uniqueName('a');
    const b = uniqueName('b');
    const host = `${a}.move.example`;
    await site('create', a, '--host', host);
    await site('create', b);
    expect((await site('update', b, '--add-host', host)).code).toBe(1);
    expect((await site('update', a, '--remove-host', host)).code).toBe(0);
    expect((await site('update', b, '--add-host', host.toUpperCase())).code).toBe(0);
    expect(await hostsOf(b)).toEqual([host]);
  });

  it('a call without a site header is served the site of its Host; the header wins; an unknown host is main', async () => {
    const name = uniqueName('host');
    await site('create', name, '--title', 'Hosted', '--host', `${name}.example`);
    const getSite = (host: string, headers: Record<string, string> = {}) =>
      withHost(`${server.url}/api/backend/site.php`, host, {
        method: 'POST',
        body: 'req=get_site&data={}',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      }).then((r) => JSON.parse(r.body).data.Name);
    expect(await getSite(`${name.toUpperCase()}.example:8080`)).toBe(name);
    expect(await getSite(`${name}.example`, { site: 'main' })).toBe('main');
    expect(await getSite('nobody.example')).toBe('main');

    // Her account on the site signs in by the host alone.
    const user = await createUser(server.db, {
      site: { id: (await siteRow(name))?.id as number },
      email: `${name}@x.example`,
    });
    const answer = await withHost(`${server.url}/api/backend/login.php`, `${name}.example`, {
      method: 'POST',
      body: JSON.stringify({ req: 'sign_in', data: { email: user.email, password: user.password } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(answer.body).status).toBe('OK');
    expect((await signIn(server, { name: 'main' }, user.email, user.password)).body.status).toBe('ERROR');
  });

  it("the client's page names the site of its Host in a meta element, and none for another host", async () => {
    const name = uniqueName('page');
    await site('create', name, '--host', `${name}.example`);
    for (const url of ['/', '/Home', '/index.html']) {
      const page = await withHost(`${server.url}${url}`, `${name}.example`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<head>\n    <meta name="site" content="${name}" />`);
    }
    const other = await withHost(`${server.url}/Home`, 'elsewhere.example');
    expect(other.body).not.toContain('name="site"');
    // A host taken away stops naming the site (this process forgets its lookup at once).
    await site('update', name, '--remove-host', `${name}.example`);
    expect((await withHost(`${server.url}/`, `${name}.example`)).body).not.toContain('name="site"');
  });
});
