import { randomBytes, scryptSync } from 'node:crypto';
import { hashPassword } from '../../src/server/modules/identity/services/passwords';
import type { Db } from '../../src/server/platform/db';
import { createUser as insertUser, type UserSpec } from '../../src/server/seed/factories';
import type { Api } from '../support/api';

/**
 * The factories of src/server/seed/factories.ts (the demo seed and the bench build their data with the same), with
 * what tests add: a password every test user shares, hashed cheaply, and signing in through the API.
 */
export { createCompany, createNews, createSite } from '../../src/server/seed/factories';

export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * A password's hash in the server's own format (`scrypt$N$r$p$salt$hash`, which `verifyPassword` reads its
 * parameters from) but at a small cost, so that the many sign-ins of the suites do not each spend the production
 * cost; registration and reset still do.
 */
export function cheapPasswordHash(password: string): string {
  const [n, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: n, r, p });
  return ['scrypt', n, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Shared by every user with the default password. */
const testPasswordHash = cheapPasswordHash(TEST_PASSWORD);

/** A user of a site, verified, with TEST_PASSWORD unless given one (hashed at the production cost, then). */
export async function createUser(db: Db, options: Omit<UserSpec, 'passwordHash'> & { password?: string }) {
  const passwordHash = options.password ? await hashPassword(options.password) : testPasswordHash;
  const user = await insertUser(db, { ...options, passwordHash });
  return { ...user, password: options.password ?? TEST_PASSWORD };
}

/** One sign-in through the API, as the spec's clients make it; its answer as it came, a refusal included. */
export const signIn = (server: Api, site: { name: string }, email: string, password: string) =>
  server.call('login.php', 'sign_in', { email, password }, { site: site.name });

/** Signs a user in through the API and returns the token. */
export async function signInAs(server: Api, site: { name: string }, user: { email: string; password: string }) {
  const answer = await server.ok(
    'login.php',
    'sign_in',
    { email: user.email, password: user.password },
    { site: site.name },
  );
  return answer.token;
}
