import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, createUser } from '../factories';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/**
 * A flood of wrong sign-ins from one source, timed: its bounds are set against the owner's sign-in alone, so the file
 * runs in the `security-timed` project, after the rest of the suite (another file's work on the other core would
 * be counted against it).
 */
describe.each(dialects)('a flood of sign-ins from one source on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };

  it('60 parallel wrong sign-ins are mostly refused at once; another source signs in and /health answers meanwhile', async () => {
    const site = await createSite(server.db);
    // A real password hash at the production cost, as every account has.
    const owner = await createUser(server.db, { site, password: 'a real owner passphrase' });
    const signInFrom = (ip: string, email: string, password: string) =>
      timed(() =>
        server.call(
          'login.php',
          'sign_in',
          { email, password },
          { site: site.name, headers: { 'x-forwarded-for': ip } },
        ),
      );

    // How long the owner's sign-in takes on this machine with nothing else under way.
    const alone = await signInFrom('198.51.100.9', owner.email, 'a real owner passphrase');
    expect(alone.result.body.status).toBe('OK');

    const flood = Array.from({ length: 60 }, (_, i) => signInFrom('203.0.113.66', `target-${i}@example.test`, 'guess'));
    // While the flood is under way: the owner from elsewhere, and the health check.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [owner_, health] = await Promise.all([
      signInFrom('198.51.100.8', owner.email, 'a real owner passphrase'),
      timed(() => fetch(`${server.url}/health`)),
    ]);
    const answers = await Promise.all(flood);

    const refused = answers.filter((a) => a.result.body.error_code === 'TOO_MANY_REQUESTS');
    expect(refused.length).toBeGreaterThanOrEqual(50);
    for (const answer of refused) {
      expect(answer.result.httpStatus).toBe(429);
      expect(answer.result.body.retry_after).toBeGreaterThan(0);
    }
    const slowestRefusal = Math.max(...refused.map((a) => a.ms));
    expect(owner_.result.body.status).toBe('OK');
    expect(health.result.status).toBe(200);
    console.info(
      `[flood ${dialect}] ${refused.length}/60 refused, slowest refusal ${slowestRefusal.toFixed(0)} ms; ` +
        `owner's sign-in ${owner_.ms.toFixed(0)} ms (alone ${alone.ms.toFixed(0)} ms); /health ${health.ms.toFixed(0)} ms`,
    );
    expect(slowestRefusal).toBeLessThan(1000);
    // Behind at most the few hashes one source may have under way, not behind the whole flood.
    expect(owner_.ms).toBeLessThan(Math.max(1000, 4 * alone.ms));
    // /health waits behind no queue of hashes: the same bound as the owner's sign-in.
    expect(health.ms).toBeLessThan(Math.max(1000, 4 * alone.ms));
  });
});
