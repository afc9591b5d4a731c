import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSigner } from '../../src/server/platform/files/media';
import { UNREAD_BODY_DISCARD_BYTES } from '../../src/server/platform/http/bodies';
import { createSite, createUser, signInAs } from '../factories';
import { createMedia } from '../factories/courses';
import type { RawAnswer } from '../support/api';
import { builtClientDir } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { send } from './support/http';

/** A Content-Security-Policy as directives: name → sources. */
function parsePolicy(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const SAFE_REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

/** The complete check of the security headers of one answer. */
function expectSecurityHeaders(answer: RawAnswer, label: string) {
  const header = answer.headers.get('content-security-policy');
  expect(header, `${label}: Content-Security-Policy`).toBeTruthy();
  const policy = parsePolicy(header ?? '');
  // script-src, or default-src where it is missing, decides what script may run.
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts, `${label}: script-src`).toBeDefined();
  for (const forbidden of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    "'wasm-unsafe-eval'",
    'data:',
    'blob:',
    '*',
    'http:',
    'https:',
  ]) {
    expect(scripts, `${label}: script-src must not allow ${forbidden}`).not.toContain(forbidden);
  }
  for (const directive of ['script-src-elem', 'script-src-attr']) {
    expect(policy.get(directive) ?? [], `${label}: ${directive}`).not.toContain("'unsafe-inline'");
  }
  expect(policy.get('object-src'), `${label}: object-src`).toEqual(["'none'"]);
  expect(policy.get('base-uri'), `${label}: base-uri`).toEqual(["'none'"]);
  const ancestors = policy.get('frame-ancestors');
  expect(ancestors, `${label}: frame-ancestors`).toBeDefined();
  expect(ancestors, `${label}: frame-ancestors`).not.toContain('*');
  expect(policy.get('default-src'), `${label}: default-src`).toBeDefined();
  expect(policy.get('form-action'), `${label}: form-action`).toBeDefined();

  expect(answer.headers.get('x-content-type-options'), `${label}: X-Content-Type-Options`).toBe('nosniff');
  expect(SAFE_REFERRER_POLICIES, `${label}: Referrer-Policy`).toContain(answer.headers.get('referrer-policy'));
  expect(['DENY', 'SAMEORIGIN'], `${label}: X-Frame-Options`).toContain(answer.headers.get('x-frame-options'));
  expect(answer.headers.get('x-powered-by'), `${label}: X-Powered-By`).toBeNull();
  expect(answer.headers.get('server'), `${label}: Server`).toBeNull();
  expect(answer.headers.get('access-control-allow-origin'), `${label}: CORS`).toBeNull();
}

// Headers do not depend on the database; SQLite is enough.
describe('security headers on every kind of answer', () => {
  let server: TestServer;
  let site: { id: number; name: string };
  let token: string;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = builtClientDir();
    server = await startTestServer('sqlite', { CLIENT_DIR: clientDir });
    site = await createSite(server.db);
    token = await signInAs(server, site, await createUser(server.db, { site }));
  });
  afterAll(() => server.close());

  const api = (file: string, body: BodyInit | null, headers: Record<string, string> = {}) =>
    send(`${server.url}/api/backend/${file}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', site: site.name, ...headers },
      body,
    });
  const get = (url: string, method = 'GET') => send(`${server.url}${url}`, { method });

  it('the index page, a client route, static assets and the version', async () => {
    const assets = fs.readdirSync(path.join(clientDir, 'assets'));
    const script = assets.find((f) => f.endsWith('.js'));
    const style = assets.find((f) => f.endsWith('.css'));
    const answers: [string, RawAnswer][] = [
      ['the index page', await get('/')],
      ['HEAD of the index page', await get('/', 'HEAD')],
      ['a client route', await get('/faq')],
      ['an unknown page (the client shows its 404)', await get('/no/such/page')],
      ['a script', await get(`/assets/${script}`)],
      ['a stylesheet', await get(`/assets/${style}`)],
      ['the favicon', await get('/favicon.svg')],
      ['/version.json', await get('/version.json?dt=1')],
      ['/health', await get('/health')],
    ];
    for (const [label, answer] of answers) {
      expect(answer.httpStatus, label).toBe(200);
      expectSecurityHeaders(answer, label);
    }
    // The index page itself carries no inline script the policy would have to allow.
    expect((answers[0]?.[1].text ?? '').match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
    expect(answers[4]?.[1].headers.get('content-type')).toMatch(/javascript/);
  });

  it('API answers and API errors of every kind', async () => {
    const answers: [string, number, RawAnswer][] = [
      ['an answer', 200, await api('site.php', new URLSearchParams({ req: 'get_site', data: '{}' }))],
      [
        'a signed-in answer',
        200,
        await api('auth.php', new URLSearchParams({ req: 'auth_user', data: '{}' }), { authorization: token }),
      ],
      ['invalid data', 400, await api('site.php', new URLSearchParams({ req: 'get_site', data: '[' }))],
      [
        'no session',
        401,
        await api('news.php', new URLSearchParams({ req: 'store_user_news_interaction', data: '{}' })),
      ],
      ['an unknown call', 404, await api('site.php', new URLSearchParams({ req: 'nope', data: '{}' }))],
      ['an unknown endpoint', 404, await api('nope.php', new URLSearchParams({ req: 'nope', data: '{}' }))],
      [
        'an unknown site',
        404,
        await api('site.php', new URLSearchParams({ req: 'get_site' }), { site: 'no-such-site' }),
      ],
      ['an unknown API path', 404, await get('/api/nothing/here')],
      ['an unsupported content type', 415, await api('site.php', 'req=get_site', { 'content-type': 'text/plain' })],
      ['a body over the limit', 413, await api('site.php', `req=get_site&data=${'x'.repeat(1_100_000)}`)],
      [
        'a body declared past what is read of a refused one',
        413,
        await api('site.php', `req=get_site&data=${'x'.repeat(UNREAD_BODY_DISCARD_BYTES + 1)}`),
      ],
      ['a URL that does not decode', 400, await send(`${server.url}/api/backend/%E0%A4%A`, { body: 'req=get_site' })],
      ['a URL that does not decode, outside the API', 400, await get('/%')],
      [
        'an upload without a session, refused before its body',
        401,
        await api('ajaxUpload.php', 'x'.repeat(10_000), { 'content-type': 'multipart/form-data; boundary=b' }),
      ],
    ];
    for (const [label, status, answer] of answers) {
      expect(answer.httpStatus, `${label}: ${answer.text.slice(0, 200)}`).toBe(status);
      expect(answer.headers.get('content-type'), label).toMatch(/^application\/json/);
      expectSecurityHeaders(answer, label);
      // Answers about sessions and accounts must not be kept by caches along the way.
      expect(answer.headers.get('cache-control') ?? '', `${label}: cache-control`).toContain('no-store');
    }
    // A body refused unread is read and discarded after the answer up to a bound, and its connection kept; one
    // declared longer closes its connection (no socket held for it, no slow graceful shutdown).
    const connection = (label: string) => answers.find(([l]) => l === label)?.[2].headers.get('connection');
    expect(connection('a body over the limit')).not.toBe('close');
    expect(connection('a body declared past what is read of a refused one')).toBe('close');
  });

  it('media: signed links private for their lifetime, profile photos public', async () => {
    const medium = await createMedia(server.db, { config: server.config, site, kind: 'file' });
    const signed = await get((await mediaSigner(server.db, site.id))(medium.id));
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const uploaded = await server.upload(png, { site: site.name, token, fileName: 'me.png' });
    expect(uploaded.httpStatus).toBe(200);
    const avatar = await get(`/media/avatar/${uploaded.body.data.UserFileId}`);
    for (const [label, answer] of [
      ['a signed medium', signed],
      ['a profile photo', avatar],
    ] as const) {
      expect(answer.httpStatus, label).toBe(200);
      expectSecurityHeaders(answer, label);
    }
    expect(signed.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(signed.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(avatar.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});
