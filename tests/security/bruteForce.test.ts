import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_ATTEMPTS } from '../../src/shared/domain/accounts';
import { createSite, createUser } from '../factories';
import {
  createTestDatabase,
  isPostgresReachable,
  TEST_DATABASE_URL,
  type TestDatabase,
  testDialects,
} from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';
import { apiCall, type ServerProcess, startServerProcess } from './support/serverProcess';

const dialects = await testDialects();
const ATTEMPTS = 200;
const DEMO_PASSWORD = 'demo-password-brute-force';

type Answer = { status: number; body: Record<string, unknown> };

/** What 200 wrong sign-ins got: how many were evaluated (they carry `attempt`), and that none failed. */
function tally(answers: Answer[]) {
  for (const answer of answers) {
    expect([401, 429], JSON.stringify(answer)).toContain(answer.status);
    expect(['WRONG_CREDENTIALS', 'TEMPORARILY_LOCKED'], JSON.stringify(answer)).toContain(answer.body.error_code);
  }
  return {
    evaluated: answers.filter((a) => a.body.attempt !== undefined).length,
    locked: answers.filter((a) => a.body.error_code === 'TEMPORARILY_LOCKED').length,
  };
}

describe.each(dialects)('brute force against one account on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it(`${ATTEMPTS} concurrent wrong sign-ins evaluate at most ${MAX_LOGIN_ATTEMPTS}, then the account is locked`, async () => {
    const site = await createSite(server);
    const user = await createUser(server, { site });
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        server
          .call('login.php', 'sign_in', { email: user.email, password: `wrong password ${i}` }, { site: site.name })
          .then((a) => ({ status: a.httpStatus, body: a.body })),
      ),
    );
    const { evaluated, locked } = tally(answers);
    expect(evaluated).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
    expect(evaluated).toBeGreaterThan(0);
    expect(locked).toBeGreaterThanOrEqual(ATTEMPTS - MAX_LOGIN_ATTEMPTS);
    // The right password is refused too while the lock lasts: the lock is on the account, not the guess.
    const right = await server.call(
      'login.php',
      'sign_in',
      { email: user.email, password: user.password },
      { site: site.name },
    );
    expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
    const row = await server.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('site_id', '=', site.id)
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.failed_count).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
  });

  it('the count is per site and address: another address on the site is not locked by it', async () => {
    const site = await createSite(server);
    const target = await createUser(server, { site });
    const bystander = await createUser(server, { site });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call('login.php', 'sign_in', { email: target.email, password: 'wrong password' }, { site: site.name }),
      ),
    );
    const answer = await server.call(
      'login.php',
      'sign_in',
      { email: bystander.email, password: bystander.password },
      { site: site.name },
    );
    expect(answer.body.status).toBe('OK');
  });
});

/**
 * Two real server processes (`node --import tsx src/server/main.ts`) on one PostgreSQL schema, as two
 * processes behind a load balancer: the attempts split between them still evaluate no more than the maximum.
 */
describe.skipIf(!(await isPostgresReachable()))('brute force across two server processes on PostgreSQL', () => {
  let database: TestDatabase;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${database.schema}`);
    const env = { DATABASE_URL: url.toString(), DEMO_PASSWORD, DATA_DIR: database.dataDir };
    // One after the other: the first migrates and seeds; the second finds both done.
    processes.push(await startServerProcess(env));
    processes.push(await startServerProcess(env));
  });
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await database?.drop();
  });

  it(`${ATTEMPTS} concurrent wrong sign-ins split over both evaluate no more than ${MAX_LOGIN_ATTEMPTS}`, async () => {
    const [first, second] = processes as [ServerProcess, ServerProcess];
    // The processes really share the database: a session opened on one is known to the other.
    const signIn = await apiCall(first.url, 'login.php', 'sign_in', {
      email: 'coach@demo.local',
      password: DEMO_PASSWORD,
    });
    const seen = await apiCall(second.url, 'auth.php', 'auth_user', {}, { token: signIn.body.token });
    expect(seen.body.data?.Username).toBe('coach@demo.local');

    const email = 'student@demo.local';
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        apiCall((i % 2 ? first : second).url, 'login.php', 'sign_in', { email, password: `wrong password ${i}` }),
      ),
    );
    const { evaluated } = tally(answers);
    expect(evaluated).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
    expect(evaluated).toBeGreaterThan(0);
    for (const server of [first, second]) {
      const right = await apiCall(server.url, 'login.php', 'sign_in', { email, password: DEMO_PASSWORD });
      expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
    }
  });
});
