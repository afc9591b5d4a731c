import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type RawBuilder,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';
import * as m0001 from './migrations/0001_foundation';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};

export interface DatabaseOptions {
  /** `sqlite:<file>` (or `sqlite::memory:`) or a PostgreSQL URL. */
  url: string;
  /** PostgreSQL only: the schema to work in (tests use one fresh schema each). */
  schema?: string;
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

export function createDatabase(options: DatabaseOptions): Db {
  if (isPostgresUrl(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      types: pgTypes,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = options.url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Brings the schema up to date; the same migrations serve both dialects. */
export async function migrate(db: Db): Promise<void> {
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
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** The current time as the ISO string every table stores. */
export const now = (): string => new Date().toISOString();

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** A timestamp inside an expression (CASE, COALESCE), where PostgreSQL cannot infer the parameter's type. */
export const timestampExpression = (db: Db, iso: string): RawBuilder<string> =>
  isPostgres(db) ? sql<string>`cast(${iso} as timestamptz)` : sql<string>`${iso}`;
