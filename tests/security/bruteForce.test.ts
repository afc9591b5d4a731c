import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_ATTEMPTS } from '../../src/shared/domain/identity/accounts';
import { createSite, createUser, signIn } from '../factories';
import type { HttpAnswer } from '../support/api';
import { isPostgresReachable, testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';
import { useTwoProcessesOnPostgres } from './support/twoProcesses';

const dialects = await testDialects();
const ATTEMPTS = 200;
const DEMO_PASSWORD = 'demo-password-brute-force';

type Answer = Pick<HttpAnswer<{ error_code?: string; attempt?: number }>, 'httpStatus' | 'body'>;

/**
 * What 200 wrong sign-ins got: how many were evaluated (they carry `attempt`), and that none failed. The ones
 * not evaluated were refused as locked, or as more than one source may have under way at once.
 */
function tally(answers: Answer[]) {
  for (const answer of answers) {
    expect([401, 429], JSON.stringify(answer)).toContain(answer.httpStatus);
    expect(['WRONG_CREDENTIALS', 'TEMPORARILY_LOCKED', 'TOO_MANY_REQUESTS'], JSON.stringify(answer)).toContain(
      answer.body.error_code,
    );
  }
  return { evaluated: answers.filter((a) => a.body.attempt !== undefined).length };
}

/** Wrong passwords one after the other until the account is locked for this source; answers how many it took. */
async function wrongUntilLocked(attempt: () => Promise<Answer>): Promise<number> {
  for (let sent = 1; sent <= MAX_LOGIN_ATTEMPTS; sent++) {
    if ((await attempt()).body.error_code === 'TEMPORARILY_LOCKED') return sent;
  }
  throw new Error('never locked');
}

describe.each(dialects)('brute force against one account on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it(`${ATTEMPTS} concurrent wrong sign-ins evaluate at most ${MAX_LOGIN_ATTEMPTS}, then the account is locked`, async () => {
    const site = await createSite(server.db);
    const user = await createUser(server.db, { site });
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        server.call(
          'login.php',
          'sign_in',
          { email: user.email, password: `wrong password ${i}` },
          { site: site.name },
        ),
      ),
    );
    const { evaluated } = tally(answers);
    expect(evaluated).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
    expect(evaluated).toBeGreaterThan(0);
    // The flood used up the source's failures per window too; without it, the account's own count shows.
    await server.db.deleteFrom('rate_limits').where('site_id', '=', site.id).execute();
    // The count went on from what the flood was allowed: the lock follows within the rest of the allowance.
    const wrong = () => signIn(server, site, user.email, 'one more wrong');
    expect(await wrongUntilLocked(wrong)).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS - evaluated + 1);
    // The right password is refused too while the lock lasts: the lock is on the account, not the guess.
    const right = await signIn(server, site, user.email, user.password);
    expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
    const row = await server.db
      .selectFrom('sign_in_attempts')
      .selectAll()
      .where('site_id', '=', site.id)
      .where('email', '=', user.email)
      .where('source', '=', '127.0.0.1')
      .executeTakeFirstOrThrow();
    expect(row.failed_count).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
  });

  it('the count is per site and address: another address on the site is not locked by it', async () => {
    const site = await createSite(server.db);
    const target = await createUser(server.db, { site });
    const bystander = await createUser(server.db, { site });
    await Promise.all(Array.from({ length: 20 }, () => signIn(server, site, target.email, 'wrong password')));
    const answer = await signIn(server, site, bystander.email, bystander.password);
    expect(answer.body.status).toBe('OK');
  });
});

/**
 * Two real server processes (`node --import tsx src/server/main.ts`) on one PostgreSQL schema, as two
 * processes behind a load balancer: the attempts split between them still evaluate no more than the maximum.
 */
describe.skipIf(!(await isPostgresReachable()))('brute force across two server processes on PostgreSQL', () => {
  const servers = useTwoProcessesOnPostgres(DEMO_PASSWORD);

  it(`${ATTEMPTS} concurrent wrong sign-ins split over both evaluate no more than ${MAX_LOGIN_ATTEMPTS}`, async () => {
    const [first, second] = servers();
    // The processes really share the database: a session opened on one is known to the other.
    const session = await first.call('login.php', 'sign_in', {
      email: 'coach@demo.local',
      password: DEMO_PASSWORD,
    });
    const seen = await second.call('auth.php', 'auth_user', {}, { token: session.body.token });
    expect(seen.body.data?.Username).toBe('coach@demo.local');

    const email = 'student@demo.local';
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        (i % 2 ? first : second).call('login.php', 'sign_in', { email, password: `wrong password ${i}` }),
      ),
    );
    const { evaluated } = tally(answers);
    expect(evaluated).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
    expect(evaluated).toBeGreaterThan(0);
    await wrongUntilLocked(() => first.call('login.php', 'sign_in', { email, password: 'one more wrong' }));
    for (const server of [first, second]) {
      const right = await server.call('login.php', 'sign_in', { email, password: DEMO_PASSWORD });
      expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
    }
  });
});
