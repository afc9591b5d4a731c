import type { BenchFixtures } from './seed';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Scenario {
  name: string;
  /** Which server it loads: the platform, or the bare Fastify baseline. */
  target: 'platform' | 'baseline';
  /** An authenticated call a signed-in browser repeats (the targets of issue 3 apply to these). */
  polling: boolean;
  request(fixtures: BenchFixtures): BenchRequest;
  /** Checks one answer before the load, so a broken scenario fails loudly rather than measuring error pages. */
  check(status: number, body: string): void;
}

/** A fixed boundary in the shape Chromium uses for FormData. */
const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';

/**
 * The body and headers of one API call as the client sends it: FormData (multipart) with `req` and `data`, the
 * token in the Authorization header, the site in the `site` header. `urlencoded` is the spec's other encoding.
 */
export function apiCall(
  fixtures: BenchFixtures,
  file: string,
  req: string,
  data: unknown,
  options: { signedIn: boolean; encoding?: 'multipart' | 'urlencoded' },
): BenchRequest {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const urlencoded = options.encoding === 'urlencoded';
  return {
    method: 'POST',
    path: `/api/backend/${file}`,
    headers: {
      'content-type': urlencoded
        ? 'application/x-www-form-urlencoded;charset=UTF-8'
        : `multipart/form-data; boundary=${BOUNDARY}`,
      site: fixtures.site.name,
      ...(options.signedIn ? { authorization: fixtures.user.token } : {}),
    },
    body: urlencoded
      ? new URLSearchParams({ req, data: JSON.stringify(data) }).toString()
      : `${field('req', req)}${field('data', JSON.stringify(data))}--${BOUNDARY}--\r\n`,
  };
}

function expectStatus(expected: number, status: number, body: string) {
  if (status !== expected) throw new Error(`answered ${status} instead of ${expected}: ${body.slice(0, 300)}`);
}

function expectOk(status: number, body: string) {
  expectStatus(200, status, body);
  if ((JSON.parse(body) as { status?: string }).status !== 'OK') throw new Error(`answered ${body.slice(0, 300)}`);
}

/**
 * What the benchmark loads, in order; each later capability adds its hot call here (`get_messages` polling,
 * `get_course`) and its line in tests/api/statements.test.ts.
 */
export const scenarios: Scenario[] = [
  {
    name: 'baseline',
    target: 'baseline',
    polling: false,
    request: () => ({ method: 'GET', path: '/' }),
    check: (status, body) => expectStatus(200, status, body),
  },
  {
    name: 'auth_user',
    target: 'platform',
    polling: true,
    // The session check every page load makes: the token in the data and in the Authorization header.
    request: (f) => apiCall(f, 'auth.php', 'auth_user', { token: f.user.token, access: {} }, { signedIn: true }),
    check: (status, body) => {
      expectOk(status, body);
      if (!body.includes('"UserType"')) throw new Error(`auth_user answered no user: ${body.slice(0, 300)}`);
    },
  },
  {
    // The same call in the spec's other form encoding: what the multipart parsing costs (docs/performance.md).
    name: 'auth_user (urlencoded)',
    target: 'platform',
    polling: false,
    request: (f) =>
      apiCall(
        f,
        'auth.php',
        'auth_user',
        { token: f.user.token, access: {} },
        { signedIn: true, encoding: 'urlencoded' },
      ),
    check: (status, body) => expectOk(status, body),
  },
  {
    name: 'get_latest_news',
    target: 'platform',
    polling: true,
    request: (f) => apiCall(f, 'news.php', 'get_latest_news', { user_id: f.user.id }, { signedIn: true }),
    check: (status, body) => {
      expectOk(status, body);
      // The seeded user has not closed the latest item, so the call does its whole work.
      if (!body.includes('"title"')) throw new Error(`get_latest_news answered no item: ${body.slice(0, 300)}`);
    },
  },
  {
    name: 'version.json',
    target: 'platform',
    polling: false,
    request: () => ({ method: 'GET', path: '/version.json' }),
    check: (status, body) => {
      expectStatus(200, status, body);
      if (!body.includes('"hash"')) throw new Error(`version.json answered ${body.slice(0, 300)}`);
    },
  },
  {
    name: 'index.html',
    target: 'platform',
    polling: false,
    request: () => ({ method: 'GET', path: '/' }),
    check: (status, body) => {
      expectStatus(200, status, body);
      if (!body.includes('<div id="root">')) throw new Error(`/ answered ${body.slice(0, 300)}`);
    },
  },
];
