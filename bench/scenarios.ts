import { registry } from '../src/server/registry';
import type { BenchEditor } from './editor';
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
  /** Requests each connection sends in turn instead of `request` alone (each checked before the load). */
  requests?(fixtures: BenchFixtures): BenchRequest[];
  /** Concurrent connections, instead of the run's --connections. */
  connections?: number;
  /** The latency the scenario is held to at the 97.5th percentile (autocannon's nearest above the 95th), in ms. */
  p975TargetMs?: number;
  /** Checks one answer before the load, so a broken scenario fails loudly rather than measuring error pages. */
  check(status: number, body: string, fixtures: BenchFixtures): void;
  /** An editor's call, measured while `request` loads the server (bench/editorClient.ts), instead of `request`. */
  editor?: EditorCall;
}

/** A call of the course's editor, made one after the other while learners load the course she edits. */
export interface EditorCall {
  name: string;
  file: string;
  req: string;
  data(fixtures: BenchFixtures, editor: BenchEditor): Record<string, unknown>;
  /** Carries the course's version, which each answer gives anew (an authoring write). */
  versioned: boolean;
}

/**
 * The editor's calls: renewing her edit lock, a save of a part's settings, and a save of a part's content as the
 * editor's autosave makes it every 6 s (its name and blocks, a revision with them).
 */
export const editorCalls: EditorCall[] = [
  {
    name: 'lock_course_for_editing',
    file: 'course_lock.php',
    req: 'lock_course_for_editing',
    versioned: false,
    data: (f) => ({ CourseId: f.course.id }),
  },
  {
    name: 'update_course_part',
    file: 'course_admin.php',
    req: 'update_course_part',
    versioned: true,
    data: (f, editor) => ({ CourseId: f.course.id, CoursePartId: editor.partId, VideoLength: 120 }),
  },
  {
    name: 'save_course_part_content',
    file: 'course_admin.php',
    req: 'save_course_part_content',
    versioned: true,
    data: (f, editor) => ({
      CourseId: f.course.id,
      CoursePartId: editor.partId,
      Name: editor.partName,
      Blocks: editor.blocks,
    }),
  },
];

/** The answer of get_course for the bench's course is about this large; the baseline answers as much. */
export const GET_COURSE_ANSWER_BYTES = 234_000;

/** A fixed boundary in the shape Chromium uses for FormData. */
const BOUNDARY = '----WebKitFormBoundary7MA4YWxkTrZu0gW';

/**
 * The body and headers of one API call as the client sends it (`callBody` in src/client/api/client.ts): `req` and
 * `data` urlencoded, the token in the Authorization header, the site in the `site` header. `multipart` is the
 * FormData the client sends only for bodies too large for urlencoding (and for uploads).
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
  const urlencoded = (options.encoding ?? 'urlencoded') === 'urlencoded';
  return {
    method: 'POST',
    path: `/api/backend/${file}`,
    headers: {
      'content-type': urlencoded
        ? 'application/x-www-form-urlencoded;charset=UTF-8'
        : `multipart/form-data; boundary=${BOUNDARY}`,
      site: fixtures.site.name,
      // What a browser sends with every request; get_course answers gzip to it.
      'accept-encoding': 'gzip, deflate, br, zstd',
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

/** The session check every page load makes: the token in the data and in the Authorization header. */
const authUser = (f: BenchFixtures, encoding: 'multipart' | 'urlencoded') =>
  apiCall(f, 'auth.php', 'auth_user', { token: f.user.token, access: {} }, { signedIn: true, encoding });

/**
 * get_messages polling (messages.php): the client asks every few seconds for what arrived since the `datetime`
 * of its previous answer. Loaded once messages.php has its handlers (src/server/registry.ts); until then the
 * scenarios below are left out of the run.
 */
const messagesScenarios = (): Scenario[] => [
  {
    // The usual poll: nothing new since LastDate (now; the newest seeded message is an hour old).
    name: 'get_messages (empty)',
    target: 'platform',
    polling: true,
    request: (f) =>
      apiCall(
        f,
        'messages.php',
        'get_messages',
        { UserId: f.user.id, LastDate: new Date().toISOString() },
        { signedIn: true },
      ),
    check: (status, body) => {
      expectOk(status, body);
      const answer = JSON.parse(body) as { data: unknown[]; unopened?: unknown };
      if (answer.data.length !== 0 || typeof answer.unopened !== 'number') {
        throw new Error(`get_messages answered ${body.slice(0, 300)}`);
      }
    },
  },
  {
    // A poll that finds new messages: LastDate before the bench user's newest three.
    name: 'get_messages (new)',
    target: 'platform',
    polling: true,
    request: (f) =>
      apiCall(
        f,
        'messages.php',
        'get_messages',
        { UserId: f.user.id, LastDate: f.messages.lastDateWithNew },
        { signedIn: true },
      ),
    check: (status, body) => {
      expectOk(status, body);
      if ((JSON.parse(body) as { data: unknown[] }).data.length === 0) {
        throw new Error(`get_messages answered no new message: ${body.slice(0, 300)}`);
      }
    },
  },
];

/** Opening a course: the 200-part course the bench user may open, as the course page asks for it. */
const getCourse: Scenario = {
  name: 'get_course',
  target: 'platform',
  polling: false,
  request: (f) =>
    apiCall(
      f,
      'course.php',
      'get_course',
      { UserId: f.user.id, CourseId: f.course.id, UserType: 1 },
      { signedIn: true },
    ),
  check: (status, body, f) => {
    expectOk(status, body);
    const parts = (JSON.parse(body) as { data: { CourseParts: unknown[] }[] }).data[0]?.CourseParts ?? [];
    if (parts.length !== f.course.visibleParts) {
      throw new Error(`get_course answered ${parts.length} parts, not ${f.course.visibleParts}`);
    }
  },
};

/** The target of the administration issue for /users at 100,000 users: p95 under 50 ms at 20 connections. */
export const USERS_LIST_CONNECTIONS = 20;
export const USERS_LIST_P95_MS = 50;

/** A call of the bench's editor, an administrator of the site: /users as its page asks for it. */
const staffCall = (f: BenchFixtures, file: string, req: string, data: unknown): BenchRequest => {
  const request = apiCall(f, file, req, data, { signedIn: false });
  if (!f.editor) throw new Error("The /users scenarios need the bench's editor (an administrator)");
  return { ...request, headers: { ...request.headers, authorization: f.editor.token } };
};

const expectUsers = (status: number, body: string) => {
  expectOk(status, body);
  const answer = JSON.parse(body) as { data: unknown[]; pagination?: { total: number } };
  if (answer.data.length === 0) throw new Error(`get_users found nobody: ${body.slice(0, 300)}`);
};

/**
 * /users searched as an administrator types (3 letters and more: a part of a name, of "first last" and of an
 * address, each finding from ten to a few hundred of the 100,000 users), and filtered with a sort (students who
 * are active, newest first; coaches by e-mail; a company's users by name), each connection cycling through them.
 */
const usersScenarios: Scenario[] = [
  {
    name: 'get_users (search)',
    target: 'platform',
    polling: false,
    connections: USERS_LIST_CONNECTIONS,
    p975TargetMs: USERS_LIST_P95_MS,
    request: (f) => staffCall(f, 'users.php', 'get_users', { Search: 'irst123' }),
    requests: (f) =>
      [
        { Search: 'irst123' },
        { Search: 'st4567 la' },
        { Search: 'user0777' },
        { Search: 'LAST9999' },
        { Search: '0555@bench' },
      ].map((data) => staffCall(f, 'users.php', 'get_users', data)),
    check: expectUsers,
  },
  {
    name: 'get_users (filter and sort)',
    target: 'platform',
    polling: false,
    connections: USERS_LIST_CONNECTIONS,
    p975TargetMs: USERS_LIST_P95_MS,
    request: (f) =>
      staffCall(f, 'users.php', 'get_users', { UserType: 1, Status: 'active', Sort: 'created', Desc: true }),
    requests: (f) =>
      [
        { UserType: 1, Status: 'active', Sort: 'created', Desc: true },
        { UserType: 8, Sort: 'email' },
        { CompanyId: f.companyId, Sort: 'name', Page: 2 },
        { Search: 'ast12', UserType: 1, Sort: 'last_seen', Desc: true },
      ].map((data) => staffCall(f, 'users.php', 'get_users', data)),
    check: expectUsers,
  },
];

/** The target of the shop's issue: its catalogue and product pages at a p95 under 20 ms at 100 connections. */
export const SHOP_P95_MS = 20;

/**
 * The shop as a visitor loads it, signed out: /products (all 500 products) and /product/:slug (a course product,
 * its course's 200 parts listed), in English.
 */
const shopScenarios: Scenario[] = [
  {
    name: 'get_products',
    target: 'platform',
    polling: false,
    p975TargetMs: SHOP_P95_MS,
    request: (f) => apiCall(f, 'products.php', 'get_products', { Language: 'en' }, { signedIn: false }),
    check: (status, body) => {
      expectOk(status, body);
      const count = (JSON.parse(body) as { Products: unknown[] }).Products.length;
      if (count < 500) throw new Error(`get_products answered ${count} products`);
    },
  },
  {
    name: 'get_product',
    target: 'platform',
    polling: false,
    p975TargetMs: SHOP_P95_MS,
    request: (f) =>
      apiCall(f, 'products.php', 'get_product', { Slug: f.product.slug, Language: 'en' }, { signedIn: false }),
    check: (status, body) => {
      expectOk(status, body);
      const parts = (JSON.parse(body) as { Product: { Courses: { Parts: unknown[] }[] } }).Product.Courses[0]?.Parts;
      if (!parts || parts.length < 100)
        throw new Error(`get_product answered no course outline: ${body.slice(0, 300)}`);
    },
  },
];

/** Whether messages.php has its handlers yet (another capability is building it). */
const messagesLanded = Object.hasOwn(registry, 'messages.php');

/**
 * What the benchmark loads, in order; each later capability adds its hot call here and its line in
 * tests/api/statements.test.ts.
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
    request: (f) => authUser(f, 'urlencoded'),
    check: (status, body) => {
      expectOk(status, body);
      if (!body.includes('"UserType"')) throw new Error(`auth_user answered no user: ${body.slice(0, 300)}`);
    },
  },
  {
    // The same call as FormData, as the client sent every call before: what multipart parsing costs.
    name: 'auth_user (multipart)',
    target: 'platform',
    polling: false,
    request: (f) => authUser(f, 'multipart'),
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
  getCourse,
  // ---- /users of the administration at 100,000 users, at 20 connections ----
  ...usersScenarios,
  // ---- the shop's catalogue and a product's page, 500 products, signed out ----
  ...shopScenarios,
  // ---- get_messages polling: joins the run by itself once messages.php is in the registry (see above). ----
  ...(messagesLanded ? messagesScenarios() : []),
  // ---- the course's editor at work while 100 connections load get_course of the course she edits ----
  ...editorCalls.map(
    (call): Scenario => ({ ...getCourse, name: `${call.name} (editor, under get_course)`, editor: call }),
  ),
  {
    // A bare answer as large as get_course's: what HTTP alone costs the load generator and the server.
    name: 'baseline (get_course size)',
    target: 'baseline',
    polling: false,
    request: () => ({ method: 'GET', path: `/large?bytes=${GET_COURSE_ANSWER_BYTES}` }),
    check: (status, body) => {
      expectStatus(200, status, body);
      if (body.length !== GET_COURSE_ANSWER_BYTES) throw new Error(`the baseline answered ${body.length} bytes`);
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
