import { randomBytes, scryptSync } from 'node:crypto';
import { hashPassword } from '../../src/server/modules/identity/services/passwords';
import { now } from '../../src/server/platform/db';
import type { TestServer } from '../support/server';

export const TEST_PASSWORD = 'correct horse battery staple';
const unique = () => randomBytes(5).toString('hex');

/** A site of its own for a test, so tests never see each other's rows. */
export async function createSite(server: TestServer, options: { registrationEnabled?: boolean } = {}) {
  const at = now();
  const name = `site-${unique()}`;
  const site = await server.db
    .insertInto('sites')
    .values({
      name,
      title: `Site ${name}`,
      plan: 'starter',
      registration_enabled: options.registrationEnabled === false ? 0 : 1,
      trial_ends_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: site.id, name };
}

const typeOf = { student: 1, admin: 2, coach: 8 } as const;

/**
 * The default password's hash, shared by every factory user. It is stored in the server's own format
 * (`scrypt$N$r$p$salt$hash`, which `verifyPassword` reads its parameters from) but with a small cost, so the
 * many sign-ins of the suite do not each spend the production cost; registration and reset still do.
 */
const defaultPasswordHash = (() => {
  const [n, r, p] = [1024, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(TEST_PASSWORD.normalize('NFKC'), salt, 32, { N: n, r, p });
  const hash = ['scrypt', n, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  return async () => hash;
})();

export async function createUser(
  server: TestServer,
  options: {
    site: { id: number };
    role?: keyof typeof typeOf;
    email?: string;
    password?: string;
    verified?: boolean;
    privilegies?: number;
    firstName?: string;
  },
) {
  const role = options.role ?? 'student';
  const email = (options.email ?? `${role}-${unique()}@example.test`).toLowerCase();
  // Hashing is slow on purpose; users with the default password share one hash.
  const hash = options.password ? await hashPassword(options.password) : await defaultPasswordHash();
  const at = now();
  const user = await server.db
    .insertInto('users')
    .values({
      site_id: options.site.id,
      email,
      password_hash: hash,
      first_name: options.firstName ?? role[0]?.toUpperCase() + role.slice(1),
      last_name: 'Tester',
      user_type: typeOf[role],
      privilegies: options.privilegies ?? (role === 'student' ? 0 : 100),
      user_file_id: null,
      total_xp: 0,
      collect_xp: 1,
      company_id: null,
      email_verified_at: options.verified === false ? null : at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, email, password: options.password ?? TEST_PASSWORD };
}

/** Signs a user in through the API and returns the token. */
export async function signInAs(server: TestServer, site: { name: string }, user: { email: string; password: string }) {
  const { body } = await server.call(
    'login.php',
    'sign_in',
    { email: user.email, password: user.password },
    { site: site.name },
  );
  if (body.status !== 'OK') throw new Error(`sign in failed: ${JSON.stringify(body)}`);
  return body.token as string;
}

/** A news item of a site; published an hour ago unless told otherwise. */
export async function createNews(
  server: TestServer,
  options: { site: { id: number }; title?: string; content?: string; publishedAt?: Date },
) {
  const at = now();
  const title = options.title ?? `News ${unique()}`;
  const row = await server.db
    .insertInto('news')
    .values({
      site_id: options.site.id,
      title,
      content: options.content ?? `<p>About ${title}</p>`,
      published_at: (options.publishedAt ?? new Date(Date.now() - 3_600_000)).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, title };
}
