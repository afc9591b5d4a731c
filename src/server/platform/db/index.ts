import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type LogEvent,
  type Migration,
  Migrator,
  PostgresAdapter,
  type RawBuilder,
  type SqliteDatabase,
  sql,
} from 'kysely';
import pg from 'pg';
import { createSqliteKysely } from './direct';
import { OwnSchemaPostgresDialect } from './introspection';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_learning';
import * as m0003 from './migrations/0003_coaching';
import * as m0004 from './migrations/0004_message_counts';
import * as m0005 from './migrations/0005_sign_in_sources_and_rate_limits';
import * as m0006 from './migrations/0006_test_attempts_and_message_senders';
import * as m0007 from './migrations/0007_message_counters';
import * as m0008 from './migrations/0008_exam_reviews';
import * as m0009 from './migrations/0009_user_preferences';
import * as m0010 from './migrations/0010_maintenance';
import * as m0011 from './migrations/0011_certificate_codes';
import * as m0012 from './migrations/0012_authoring';
import * as m0013 from './migrations/0013_course_settings';
import * as m0014 from './migrations/0014_site_storage';
import * as m0015 from './migrations/0015_part_content';
import * as m0016 from './migrations/0016_course_translations';
import * as m0017 from './migrations/0017_media_duration';
import * as m0018 from './migrations/0018_administration';
import * as m0019 from './migrations/0019_registration_codes';
import * as m0020 from './migrations/0020_news_admin';
import * as m0021 from './migrations/0021_user_admin';
import * as m0022 from './migrations/0022_companies';
import * as m0023 from './migrations/0023_view_as';
import * as m0024 from './migrations/0024_site_hosts';
import * as m0025 from './migrations/0025_user_search';
import * as m0026 from './migrations/0026_user_list_indexes';
import * as m0027 from './migrations/0027_eartraining';
import * as m0028 from './migrations/0028_eartraining_settings';
import * as m0029 from './migrations/0029_eartraining_xp';
import * as m0030 from './migrations/0030_eartraining_blocks';
import * as m0031 from './migrations/0031_commerce_products';
import * as m0032 from './migrations/0032_commerce_orders';
import * as m0033 from './migrations/0033_commerce_bookings';
import * as m0034 from './migrations/0034_commerce_product_media';
import * as m0035 from './migrations/0035_accounting';
import * as m0036 from './migrations/0036_settlements';
import * as m0037 from './migrations/0037_surveys';
import * as m0038 from './migrations/0038_statistics';
import * as m0039 from './migrations/0039_statistics_indexes';
import * as m0040 from './migrations/0040_statistics_counts';
import { namingPool, setStatementNames } from './named';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const migrations = {
  '0001_foundation': m0001,
  '0002_learning': m0002,
  '0003_coaching': m0003,
  '0004_message_counts': m0004,
  '0005_sign_in_sources_and_rate_limits': m0005,
  '0006_test_attempts_and_message_senders': m0006,
  '0007_message_counters': m0007,
  '0008_exam_reviews': m0008,
  '0009_user_preferences': m0009,
  '0010_maintenance': m0010,
  '0011_certificate_codes': m0011,
  '0012_authoring': m0012,
  '0013_course_settings': m0013,
  '0014_site_storage': m0014,
  '0015_part_content': m0015,
  '0016_course_translations': m0016,
  '0017_media_duration': m0017,
  '0018_administration': m0018,
  '0019_registration_codes': m0019,
  '0020_news_admin': m0020,
  '0021_user_admin': m0021,
  '0022_companies': m0022,
  '0023_view_as': m0023,
  '0024_site_hosts': m0024,
  '0025_user_search': m0025,
  '0026_user_list_indexes': m0026,
  '0027_eartraining': m0027,
  '0028_eartraining_settings': m0028,
  '0029_eartraining_xp': m0029,
  '0030_eartraining_blocks': m0030,
  '0031_commerce_products': m0031,
  '0032_commerce_orders': m0032,
  '0033_commerce_bookings': m0033,
  '0034_commerce_product_media': m0034,
  '0035_accounting': m0035,
  '0036_settlements': m0036,
  '0037_surveys': m0037,
  '0038_statistics': m0038,
  '0039_statistics_indexes': m0039,
  '0040_statistics_counts': m0040,
} satisfies Record<string, Migration>;

export interface DatabaseOptions {
  /** `sqlite:<file>` (or `sqlite::memory:`) or a PostgreSQL URL. */
  url: string;
  /** PostgreSQL only: the schema to work in (tests use one fresh schema each). */
  schema?: string;
  /** Called with the SQL of every statement run, failed ones included (tests count the statements of a request). */
  onStatement?: (sql: string) => void;
}

const PG_TIMESTAMPTZ = 1184;
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** pg turns timestamps into Dates and 64-bit integers into strings; we want what SQLite gives. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's own overloads do not accept the union
    return pg.types.getTypeParser(oid, format as any);
  },
};

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** How many compiled SQLite statements are kept: far more than the distinct queries of the code. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles the SQL on every `prepare`, and Kysely prepares every query it runs: about a sixth of
 * a hot call's time went there (docs/performance.md). This keeps the compiled statements of the most recent SQL
 * texts. Kysely runs one query at a time on its single SQLite connection, so a cached statement is never in use
 * twice; one that still is (an unfinished iteration) is not handed out again.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        // Most recently used last, so the first key is the one to evict.
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

/**
 * The database file is readable by the server's user only (0600), in a directory made 0700 when it is created:
 * created so before SQLite opens it, and tightened if an earlier run left it readable. SQLite gives its -wal
 * and -shm files the permissions of the database file.
 */
function makePrivate(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(name).mode & 0o077) !== 0) fs.chmodSync(name, 0o600);
    } catch {
      // Not there yet (-wal, -shm), or not ours to change: SQLite opens it as it is.
    }
  }
}

export function createDatabase(options: DatabaseOptions): Db {
  const { onStatement } = options;
  // Without a listener Kysely gets no log hook at all, so production pays nothing for it.
  const log = onStatement && ((event: LogEvent) => onStatement(event.query.sql));
  if (isPostgresUrl(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      types: pgTypes,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const naming = namingPool(pool);
    const db = new Kysely<Database>({
      dialect: new OwnSchemaPostgresDialect({ pool: naming.pool }),
      ...(log ? { log } : {}),
    });
    setStatementNames(db, naming.names);
    return db;
  }
  const file = options.url.replace(/^sqlite:/, '');
  if (file !== ':memory:') makePrivate(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's lower() folds ASCII letters only; searches in other scripts (Å, Ö, É) fold with this, as PostgreSQL's
  // lower() does. Never used in an index or a constraint, so the file stays readable without it.
  sqlite.function('unicode_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return createSqliteKysely(sqlite, withStatementCache(sqlite), { ...(log ? { log } : {}), onStatement });
}

/**
 * Brings the schema up to date, or up to the migration named (a test of what a migration does to existing data);
 * the same migrations serve both dialects.
 */
export async function migrate(db: Db, upTo?: keyof typeof migrations): Promise<void> {
  // Kysely looks for its bookkeeping tables in any schema unless told which; with one schema per deployment
  // (or per test) on a shared PostgreSQL it would find another schema's tables and skip creating its own.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await (upTo ? migrator.migrateTo(upTo) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

let nowMs = Number.NaN;
let nowIso = '';

/**
 * The current time as the ISO string every table stores. Made once per millisecond: a hot call asks for it a few
 * times, and V8 formats a date through `snprintf`.
 */
export function now(): string {
  const ms = Date.now();
  if (ms !== nowMs) {
    nowMs = ms;
    nowIso = new Date(ms).toISOString();
  }
  return nowIso;
}

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** A timestamp inside an expression (CASE, COALESCE), where PostgreSQL cannot infer the parameter's type. */
export const timestampExpression = (db: Db, iso: string): RawBuilder<string> =>
  isPostgres(db) ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;

/**
 * Locks the rows a select reads until the transaction ends, so transactions that check and then write the same
 * thing (a duplicate message) run one after the other. SQLite needs no lock: Kysely runs its transactions one at a
 * time on the single connection of a process. On PostgreSQL it is `FOR NO KEY UPDATE`, which excludes every other
 * such lock but not the key-share locks that foreign-key checks take: with `FOR UPDATE`, two users who lock their
 * own row and insert a message referencing the other's would deadlock.
 */
export const lockedForUpdate = <Q extends { forNoKeyUpdate(): Q }>(db: Db, query: Q): Q =>
  isPostgres(db) ? query.forNoKeyUpdate() : query;

/** Runs `work` in a transaction: the caller's, when `db` already is one, or a new one. */
export const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);
