import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let postgresReachable: Promise<boolean> | undefined;

/** Whether the test PostgreSQL answers; with REQUIRE_POSTGRES=1 an unreachable one fails the run. */
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      await keepTrigramsInPublic(client);
      return true;
    } catch (error) {
      if (process.env.REQUIRE_POSTGRES === '1') {
        throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL at ${TEST_DATABASE_URL} is unreachable: ${error}`);
      }
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return postgresReachable;
}

/**
 * Puts pg_trgm (migration 0025) in the public schema before any test schema migrates. Test schemas migrate side by
 * side, and one that found no extension anywhere could install it in its own schema, which its drop then takes along
 * while another schema's search index uses it ("schema t_… does not exist"). Left to the migration where this fails.
 */
async function keepTrigramsInPublic(client: pg.Client): Promise<void> {
  try {
    await client.query('create extension if not exists pg_trgm schema public');
    const { rows } = await client.query<{ schema: string }>(
      `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
       where e.extname = 'pg_trgm'`,
    );
    if (rows[0] && rows[0].schema !== 'public') await client.query('alter extension pg_trgm set schema public');
  } catch {
    // Another process made it at the same moment, or the role may not: the migration finds or makes its own.
  }
}

export type Dialect = 'sqlite' | 'postgres';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  schema?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database: a new SQLite file, or a new schema in the test PostgreSQL. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { dialect, url: `sqlite:${path.join(dataDir, 'app.db')}`, dataDir, drop: removeDir };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    dialect,
    url: TEST_DATABASE_URL,
    schema,
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      await removeDir();
    },
  };
}

/** The dialects this run covers: SQLite always, PostgreSQL when reachable. */
export async function testDialects(): Promise<Dialect[]> {
  return (await isPostgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}
