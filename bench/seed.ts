import type { Insertable } from 'kysely';
import { createDatabase, type Db, migrate } from '../src/server/db';
import type { Database } from '../src/server/db/schema';
import { hashPassword } from '../src/server/services/passwords';
import { createSession } from '../src/server/services/sessions';

/**
 * The data set the benchmark loads the server with: the shapes later issues need, at the size of a large
 * school. Courses (50 of 200 parts) and messages (1,000,000) join as their own families once their tables exist.
 */
export const benchShape = {
  users: 10_000,
  news: 500,
  /** Each user has closed this many of the older news items (never the latest, so the banner call does its full work). */
  closedNewsPerUser: 5,
} as const;

export const BENCH_PASSWORD = 'bench-password-not-secret';

/** What the scenarios need from the seeded data. */
export interface BenchFixtures {
  site: { id: number; name: string };
  /** A student of the site with a live session, as a signed-in browser holds it. */
  user: { id: number; email: string; token: string };
  counts: Record<string, number>;
}

interface SeedContext {
  db: Db;
  siteId: number;
  /** One scrypt hash for every user: hashing 10,000 passwords would take minutes and measure nothing. */
  passwordHash: string;
  at: string;
  counts: Record<string, number>;
}

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters for the widest table. */
const BATCH_ROWS = 1000;

async function insertAll<T extends keyof Database & string>(
  ctx: SeedContext,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await ctx.db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH_ROWS))
      .execute();
  }
  ctx.counts[table] = (ctx.counts[table] ?? 0) + rows.length;
}

const userEmail = (index: number) => `user${String(index).padStart(5, '0')}@bench.test`;

/** One site on the professional plan, named `main` so that requests without a `site` header land on it too. */
async function seedSite(db: Db, at: string): Promise<number> {
  const row = await db
    .insertInto('sites')
    .values({
      name: 'main',
      title: 'Bench School',
      plan: 'professional',
      registration_enabled: 1,
      trial_ends_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Students, with a few coaches and administrators; every tenth user belongs to one of 20 companies. */
async function seedUsers(ctx: SeedContext): Promise<void> {
  const companies = Array.from({ length: 20 }, (_, i) => ({
    site_id: ctx.siteId,
    name: `Company ${i + 1}`,
    created_at: ctx.at,
    updated_at: ctx.at,
  }));
  await insertAll(ctx, 'companies', companies);
  const companyIds = (
    await ctx.db.selectFrom('companies').select('id').where('site_id', '=', ctx.siteId).orderBy('id').execute()
  ).map((c) => c.id);

  const users = Array.from({ length: benchShape.users }, (_, i) => {
    const type = i % 500 === 1 ? 2 : i % 50 === 2 ? 8 : 1;
    return {
      site_id: ctx.siteId,
      email: userEmail(i),
      password_hash: ctx.passwordHash,
      first_name: `First${i}`,
      last_name: `Last${i}`,
      user_type: type,
      privilegies: type === 1 ? 0 : 100,
      user_file_id: null,
      total_xp: (i * 37) % 5000,
      collect_xp: 1,
      company_id: i % 10 === 9 ? (companyIds[i % companyIds.length] ?? null) : null,
      email_verified_at: ctx.at,
      created_at: ctx.at,
      updated_at: ctx.at,
    };
  });
  await insertAll(ctx, 'users', users);
}

/** Published news, one a day, and which of them each user has closed (news_interactions). */
async function seedNews(ctx: SeedContext): Promise<void> {
  const day = 86_400_000;
  const start = Date.parse(ctx.at) - benchShape.news * day;
  const news = Array.from({ length: benchShape.news }, (_, i) => ({
    site_id: ctx.siteId,
    title: `News ${i + 1}`,
    content: `<p>What happened on day ${i + 1}: <strong>something</strong> worth reading about.</p>`,
    published_at: new Date(start + i * day).toISOString(),
    created_at: ctx.at,
    updated_at: ctx.at,
  }));
  await insertAll(ctx, 'news', news);

  const newsIds = (
    await ctx.db.selectFrom('news').select('id').where('site_id', '=', ctx.siteId).orderBy('published_at').execute()
  ).map((n) => n.id);
  const older = newsIds.slice(0, -1);
  const userIds = (await ctx.db.selectFrom('users').select('id').where('site_id', '=', ctx.siteId).execute()).map(
    (u) => u.id,
  );
  const interactions = userIds.flatMap((userId, u) =>
    Array.from({ length: benchShape.closedNewsPerUser }, (_, k) => ({
      site_id: ctx.siteId,
      news_id: older[(u * 7 + k * 97) % older.length] as number,
      user_id: userId,
      created_at: ctx.at,
      updated_at: ctx.at,
    })),
  );
  // Distinct (news, user) pairs: the spread above never repeats a news item for one user.
  await insertAll(ctx, 'news_interactions', interactions);
}

/**
 * The table families, in dependency order. Each later capability adds its family here with its tables
 * (courses and their parts, messages), so the benchmark always runs against a database of full size.
 */
const families: ((ctx: SeedContext) => Promise<void>)[] = [seedUsers, seedNews];

/** Seeds an empty, migrated database in one transaction and opens a session for the first student. */
export async function seedBenchData(db: Db): Promise<BenchFixtures> {
  const at = new Date().toISOString();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const counts: Record<string, number> = {};
  const siteId = await db.transaction().execute(async (trx) => {
    const id = await seedSite(trx, at);
    counts.sites = 1;
    const ctx: SeedContext = { db: trx, siteId: id, passwordHash, at, counts };
    for (const family of families) await family(ctx);
    return id;
  });

  const user = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('site_id', '=', siteId)
    .where('email', '=', userEmail(0))
    .executeTakeFirstOrThrow();
  const token = await createSession(db, { siteId, userId: user.id });
  return { site: { id: siteId, name: 'main' }, user: { ...user, token }, counts };
}

/** Migrates and seeds the database at `url` (which must be empty); the bench runner calls this. */
export async function seedDatabase(url: string): Promise<BenchFixtures & { seconds: number }> {
  const started = performance.now();
  const db = createDatabase({ url });
  try {
    await migrate(db);
    const fixtures = await seedBenchData(db);
    return { ...fixtures, seconds: (performance.now() - started) / 1000 };
  } finally {
    await db.destroy();
  }
}
