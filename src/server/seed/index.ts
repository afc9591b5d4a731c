import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../modules/identity';
import type { Config } from '../platform/config';
import { type Db, now } from '../platform/db';
import { seedDemoCourses } from './courses';
import { demoNews } from './news';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.local', firstName: 'Ada', lastName: 'Admin', userType: 2, privilegies: 100 },
  { email: 'coach@demo.local', firstName: 'Carl', lastName: 'Coach', userType: 8, privilegies: 60 },
  { email: 'student@demo.local', firstName: 'Stina', lastName: 'Student', userType: 1, privilegies: 0 },
] as const;

/** The default site every request without a `site` header uses; made on any empty database. */
export async function ensureMainSite(db: Db): Promise<number> {
  const existing = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirst();
  if (existing) return existing.id;
  const at = now();
  const site = await db
    .insertInto('sites')
    .values({
      name: 'main',
      title: 'Learning Platform',
      plan: 'demo',
      registration_enabled: 1,
      trial_ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return (
    site?.id ?? (await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow()).id
  );
}

/**
 * Demo accounts and news, on the first start of a database that has no users. The password is
 * DEMO_PASSWORD, or a generated one that is printed and written to <DATA_DIR>/demo-credentials.txt.
 */
export async function seedDemo(opts: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<void> {
  const { db, config, log } = opts;
  const siteId = await ensureMainSite(db);
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;

  const password = config.demoPassword ?? `demo-${randomBytes(9).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  const at = now();
  await db.transaction().execute(async (trx) => {
    for (const account of DEMO_ACCOUNTS) {
      await trx
        .insertInto('users')
        .values({
          site_id: siteId,
          email: account.email,
          password_hash: passwordHash,
          first_name: account.firstName,
          last_name: account.lastName,
          user_type: account.userType,
          privilegies: account.privilegies,
          user_file_id: null,
          total_xp: account.userType === 1 ? 35 : 0,
          collect_xp: 1,
          company_id: null,
          email_verified_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    for (const [index, item] of demoNews.entries()) {
      const publishedAt = new Date(Date.now() - (demoNews.length - index) * 86_400_000).toISOString();
      await trx
        .insertInto('news')
        .values({ site_id: siteId, ...item, published_at: publishedAt, created_at: at, updated_at: at })
        .execute();
    }
    const idOf = async (email: string) =>
      (
        await trx
          .selectFrom('users')
          .select('id')
          .where('site_id', '=', siteId)
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    await seedDemoCourses(trx, {
      config,
      siteId,
      studentId: await idOf('student@demo.local'),
      coachId: await idOf('coach@demo.local'),
    });
  });

  const lines = DEMO_ACCOUNTS.map((a) => `${a.email.padEnd(22)} ${password}`);
  const text = `Demo accounts (site "main"):\n${lines.join('\n')}\n`;
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(path.join(config.dataDir, 'demo-credentials.txt'), text, { mode: 0o600 });
  const file = path.join(config.dataDir, 'demo-credentials.txt');
  log.info({ file }, 'Demo accounts created');
  // Printed plainly, not as a log record: this is for the person who just ran `npm start`.
  if (config.logLevel !== 'silent') process.stdout.write(`\n${text}(also written to ${file})\n\n`);
}
