import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, createUser, signInAs } from '../factories';
import { testDialects } from '../support/databases';
import { snapshotRows } from '../support/inspect';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

describe.each(dialects)('the dispatcher and HTTP surface on %s', (dialect) => {
  let server: TestServer;
  let site: { id: number; name: string };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    site = await createSite(server.db);
  });
  afterAll(() => server.close());

  /** POSTs a raw body to an endpoint of the test site. */
  const post = (path: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/backend/${path}`, { method: 'POST', headers: { site: site.name, ...headers }, body });

  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  /** Expects a 400 INVALID_REQUEST JSON answer whose message names `field`. */
  async function expectInvalid(response: Response, field: string) {
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ERROR', error_code: 'INVALID_REQUEST' });
    expect(typeof body.message).toBe('string');
    expect(body.message).toContain(field);
    return body;
  }

  /** Runs `send` and proves it wrote nothing in any table. */
  async function writesNothing(send: () => Promise<void>) {
    const before = await snapshotRows(server);
    await send();
    expect(await snapshotRows(server)).toEqual(before);
  }

  const signIn = (data: string) => post('login.php', form({ req: 'sign_in', data }));

  it('data that is not JSON is a 400 naming data', async () => {
    await writesNothing(async () => {
      for (const data of ['{email:', 'undefined', '{"email":"a@b.c",}', "{'a':1}"]) {
        await expectInvalid(await signIn(data), 'data');
      }
    });
  });

  it('data that is a JSON array, number, string, boolean or null is a 400 naming data', async () => {
    await writesNothing(async () => {
      for (const data of ['[]', '[{"email":"a@b.c"}]', '42', '"text"', 'true', 'null']) {
        await expectInvalid(await signIn(data), 'data');
      }
    });
  });

  it('wrong types and missing fields are 400s naming the field', async () => {
    await writesNothing(async () => {
      await expectInvalid(await signIn(JSON.stringify({ email: 42, password: 'secret secret' })), 'data.email');
      await expectInvalid(await signIn(JSON.stringify({ email: 'not an email', password: 'x' })), 'data.email');
      await expectInvalid(await signIn(JSON.stringify({ email: 'a@example.test' })), 'data.password');
      await expectInvalid(await signIn(JSON.stringify({ email: 'a@example.test', password: ['x'] })), 'data.password');
      await expectInvalid(
        await post('news.php', form({ req: 'get_news_item', data: JSON.stringify({ id: '7' }) })),
        'data.id',
      );
      await expectInvalid(
        await post('news.php', form({ req: 'get_news_item', data: JSON.stringify({ id: 1.5 }) })),
        'data.id',
      );
      await expectInvalid(
        await post('news.php', form({ req: 'get_news_item', data: JSON.stringify({ id: 2 ** 40 }) })),
        'data.id',
      );
      const both = await expectInvalid(await signIn('{}'), 'data.email');
      expect(both.message).toContain('data.password');
      expect(both.fields.map((f: { field: string }) => f.field)).toEqual(['data.email', 'data.password']);
    });
  });

  it('extra fields are ignored', async () => {
    const user = await createUser(server.db, { site });
    const response = await signIn(
      JSON.stringify({ email: user.email, password: user.password, admin: true, UserType: 2, privilegies: 100 }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toMatchObject({ UserType: 1, privilegies: 0 });
  });

  it('__proto__ and constructor keys neither pollute nor break anything', async () => {
    const user = await createUser(server.db, { site });
    const payloads = [
      `{"email":"${user.email}","password":"${user.password}","__proto__":{"polluted":1,"UserType":2}}`,
      `{"email":"${user.email}","password":"${user.password}","constructor":{"prototype":{"polluted":1}}}`,
    ];
    for (const data of payloads) {
      const response = await signIn(data);
      expect(response.status).toBe(200);
      expect((await response.json()).data.UserType).toBe(1);
    }
    await writesNothing(async () => {
      await expectInvalid(await signIn('{"__proto__":{"email":"a@example.test","password":"x"}}'), 'data.email');
    });
    // The server runs in this process: its prototypes are ours.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).UserType).toBeUndefined();

    for (const req of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const response = await post('login.php', form({ req, data: '{}' }));
      expect(response.status).toBe(404);
      expect((await response.json()).error_code).toBe('UNKNOWN_CALL');
    }
  });

  it('a huge string is a 400, not a 500', async () => {
    await writesNothing(async () => {
      const huge = 'a'.repeat(900_000);
      await expectInvalid(await signIn(JSON.stringify({ email: `${huge}@example.test`, password: 'x' })), 'data.email');
      await expectInvalid(
        await post('content/get_content.php', form({ data: JSON.stringify({ TheKey: huge, Locale: 'en' }) })),
        'data.TheKey',
      );
    });
  });

  it('deeply nested JSON is a 400, not a 500', async () => {
    await writesNothing(async () => {
      const depth = 20_000;
      const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      await expectInvalid(await signIn(nested), 'data');
      await expectInvalid(await signIn(`{"email":${nested},"password":"x"}`), 'data');
      const objects = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      await expectInvalid(await signIn(objects), 'data');
      await expectInvalid(
        await post('login.php', `{"req":"sign_in","data":${objects}}`, { 'content-type': 'application/json' }),
        'data',
      );
      await expectInvalid(await post('auth.php', form({ req: 'auth_user', data: `{"access":${objects}}` })), 'data');
    });
  });

  it('a NUL character in a text is a 400 naming the field, on both databases', async () => {
    const admin = await createUser(server.db, { site, role: 'admin' });
    const token = await signInAs(server, site, admin);
    await writesNothing(async () => {
      await expectInvalid(
        await post('content/get_content.php', form({ data: JSON.stringify({ TheKey: 'a\u0000b', Locale: 'en' }) })),
        'data.TheKey',
      );
      await expectInvalid(
        await post(
          'content/save_content.php',
          form({ data: JSON.stringify({ TheKey: 'key', content: '<p>a\u0000b</p>', Locale: 'en' }) }),
          { authorization: token },
        ),
        'data.content',
      );
      await expectInvalid(
        await post(
          'register.php',
          form({
            req: 'register',
            data: JSON.stringify({
              account_type: 'private',
              FirstName: 'Nul\u0000',
              LastName: 'Byte',
              email: 'nul@example.test',
              password: 'violet tractor umbrella',
              agree_terms: true,
            }),
          }),
        ),
        'data.FirstName',
      );
    });
  });

  it('accepts a JSON body whose data is an object or a JSON string', async () => {
    const user = await createUser(server.db, { site });
    const asObject = await post('login.php', JSON.stringify({ req: 'sign_in', data: user }), {
      'content-type': 'application/json',
    });
    expect(asObject.status).toBe(200);
    expect((await asObject.json()).status).toBe('OK');
    const asString = await post('login.php', JSON.stringify({ req: 'sign_in', data: JSON.stringify(user) }), {
      'content-type': 'application/json',
    });
    expect((await asString.json()).status).toBe('OK');

    await writesNothing(async () => {
      await expectInvalid(
        await post('login.php', JSON.stringify({ req: 'sign_in', data: { email: 1 } }), {
          'content-type': 'application/json',
        }),
        'data.email',
      );
      for (const body of ['[]', '"text"', '{"req":', '{"req":5,"data":{}}']) {
        const response = await post('login.php', body, { 'content-type': 'application/json' });
        expect(response.status).toBe(400);
        expect((await response.json()).error_code).toBe('INVALID_REQUEST');
      }
    });
  });

  it('accepts a multipart body (FormData)', async () => {
    const user = await createUser(server.db, { site });
    const body = new FormData();
    body.set('req', 'sign_in');
    body.set('data', JSON.stringify({ email: user.email, password: user.password }));
    const response = await post('login.php', body);
    expect(response.status).toBe(200);
    expect((await response.json()).data.Id).toBe(user.id);

    await writesNothing(async () => {
      const bad = new FormData();
      bad.set('req', 'sign_in');
      bad.set('data', '{"email":true}');
      await expectInvalid(await post('login.php', bad), 'data.email');
    });
  });

  it('an unknown endpoint or req is a 404 UNKNOWN_CALL', async () => {
    await writesNothing(async () => {
      for (const [path, req] of [
        ['nothing.php', 'sign_in'],
        ['login.php', 'no_such_call'],
        ['login.php/', 'sign_in'],
        ['LOGIN.PHP', 'sign_in'],
      ] as const) {
        const response = await post(path, form({ req, data: '{}' }));
        expect(response.status).toBe(404);
        const body = await response.json();
        expect(body).toMatchObject({ status: 'ERROR', error_code: 'UNKNOWN_CALL' });
      }
      // Only the content endpoints have a call for a request without req.
      const noReq = await post('login.php', form({ data: '{}' }));
      expect(noReq.status).toBe(404);
      expect((await noReq.json()).error_code).toBe('UNKNOWN_CALL');
    });
  });

  it('an unknown site header is a 404 UNKNOWN_SITE; no header means the main site', async () => {
    await writesNothing(async () => {
      const response = await post('site.php', form({ req: 'get_site', data: '{}' }), { site: 'no-such-site' });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ status: 'ERROR', error_code: 'UNKNOWN_SITE' });
    });
    const main = await fetch(`${server.url}/api/backend/site.php`, {
      method: 'POST',
      body: form({ req: 'get_site', data: '{}' }),
    });
    expect((await main.json()).data.Name).toBe('main');
  });

  it('a body over 1 MiB is a 413', async () => {
    await writesNothing(async () => {
      const big = 'x'.repeat(1024 * 1024 + 10);
      const urlencoded = await post('login.php', form({ req: 'sign_in', data: JSON.stringify({ email: big }) }));
      expect(urlencoded.status).toBe(413);
      expect(await urlencoded.json()).toMatchObject({ status: 'ERROR', error_code: 'PAYLOAD_TOO_LARGE' });
      const json = await post('login.php', JSON.stringify({ req: 'sign_in', data: { email: big } }), {
        'content-type': 'application/json',
      });
      expect(json.status).toBe(413);
      const multipart = new FormData();
      multipart.set('req', 'sign_in');
      multipart.set('data', JSON.stringify({ email: big }));
      const multi = await post('login.php', multipart);
      expect(multi.status).toBe(413);
      expect((await multi.json()).error_code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it('an unsupported content type is a 415', async () => {
    await writesNothing(async () => {
      for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
        const response = await post('login.php', 'req=sign_in', { 'content-type': type });
        expect(response.status).toBe(415);
        expect(await response.json()).toMatchObject({ status: 'ERROR', error_code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    });
  });

  it('GET under /api is a JSON 404; other methods on the backend are 404 too', async () => {
    for (const path of ['/api/whatever', '/api/backend/login.php', '/api']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await response.json()).status).toBe('ERROR');
    }
    const put = await fetch(`${server.url}/api/backend/login.php`, { method: 'PUT' });
    expect(put.status).toBe(404);
  });

  it('GET /health answers OK', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'OK' });
  });

  it('GET /version.json answers hash and version and is never cached', async () => {
    const response = await fetch(`${server.url}/version.json?dt=${Date.now()}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(typeof body.hash).toBe('string');
    expect(typeof body.version).toBe('string');
    const cache = response.headers.get('cache-control') ?? '';
    expect(cache).toContain('no-cache');
    expect(cache).toContain('no-store');
  });

  it('answers of the API are not cached', async () => {
    const response = await post('site.php', form({ req: 'get_site', data: '{}' }));
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('every answer carries the security headers', async () => {
    const responses = [
      await fetch(`${server.url}/health`),
      await fetch(`${server.url}/api/nothing`),
      await post('site.php', form({ req: 'get_site', data: '{}' })),
      await post('login.php', form({ req: 'sign_in', data: '[' })),
    ];
    for (const response of responses) {
      const csp = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.has('frame-ancestors')).toBe(true);
      expect(directives.get('script-src')).toBeDefined();
      expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
      expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBeTruthy();
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('server')).toBeNull();
    }
  });

  it('a malformed or foreign Authorization header is treated as no session', async () => {
    for (const authorization of ['Bearer', 'null', 'undefined', 'x'.repeat(5000), 'Bearer ä']) {
      const response = await post('auth.php', form({ req: 'auth_user', data: '{}' }), { authorization });
      expect(response.status).toBe(401);
      expect((await response.json()).status).toBe('UNAUTHORIZED');
    }
  });
});
