import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_ATTEMPTS } from '../../src/shared/domain/accounts';
import { createSite, createUser, signInAs } from '../factories';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** Two servers over one database behave as one: nothing that matters lives in a process. */
describe.each(dialects)('two server processes on one %s database', (dialect) => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer(dialect);
    second = await startTestServer(dialect, {}, first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('evaluates no more than the maximum of concurrent wrong sign-ins spread over both', async () => {
    const site = await createSite(first);
    const user = await createUser(first, { site });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? first : second).call(
          'login.php',
          'sign_in',
          { email: user.email, password: 'wrong password 9' },
          { site: site.name },
        ),
      ),
    );
    expect(answers.filter((a) => a.body.attempt !== undefined)).toHaveLength(MAX_LOGIN_ATTEMPTS);
    const right = await second.call(
      'login.php',
      'sign_in',
      { email: user.email, password: user.password },
      { site: site.name },
    );
    expect(right.body.error_code).toBe('TEMPORARILY_LOCKED');
  });

  it('a session opened through one is known to the other, and signing out through it ends it on both', async () => {
    const site = await createSite(first);
    const user = await createUser(first, { site });
    const token = await signInAs(first, site, user);
    const seen = await second.call('auth.php', 'auth_user', { token }, { site: site.name, token });
    expect(seen.body.data.Id).toBe(user.id);
    await second.call('login.php', 'sign_out', { token }, { site: site.name, token });
    const after = await first.call('auth.php', 'auth_user', { token }, { site: site.name, token });
    expect(after.body.status).toBe('UNAUTHORIZED');
  });
});
