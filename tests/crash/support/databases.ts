import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDatabase } from '../../../src/server/platform/db';
import { userValues } from '../../../src/server/seed/factories';
import { cheapPasswordHash } from '../../factories';
import { type Dialect, TEST_DATABASE_URL } from '../../support/databases';
import { ServerProcess } from '../../support/process';

/** What the database holds, read straight from it and not through the server. */
export interface StoredState {
  sessionTokenHashes: Set<string>;
  /** `key` → content of the English texts. */
  contents: Map<string, string>;
  /** `userId:newsId`. */
  interactions: Set<string>;
  emails: Set<string>;
}

export interface CrashDatabase {
  dialect: Dialect;
  dataDir: string;
  /** The server's environment for this database (DATABASE_URL for PostgreSQL; SQLite lives in DATA_DIR). */
  env: Record<string, string>;
  /** The database as `createDatabase` takes it. */
  url: string;
  read(): Promise<StoredState>;
  /** `ok`, or what the database's own consistency check found. */
  checkIntegrity(): Promise<string>;
  /** Removes the database and, unless kept for a post-mortem, the data directory. */
  drop(options?: { keepDataDir?: boolean }): Promise<void>;
}

const QUERIES = {
  sessions: 'select token_hash from sessions',
  contents: "select key, content from contents where locale = 'en'",
  interactions: 'select user_id, news_id from news_interactions',
  users: 'select email from users',
};

interface Rows {
  sessions: { token_hash: string }[];
  contents: { key: string; content: string }[];
  interactions: { user_id: number; news_id: number }[];
  users: { email: string }[];
}

const toState = (rows: Rows): StoredState => ({
  sessionTokenHashes: new Set(rows.sessions.map((r) => r.token_hash)),
  contents: new Map(rows.contents.map((r) => [r.key, r.content])),
  interactions: new Set(rows.interactions.map((r) => `${r.user_id}:${r.news_id}`)),
  emails: new Set(rows.users.map((r) => r.email)),
});

function sqliteDatabase(dataDir: string): CrashDatabase {
  const file = path.join(dataDir, 'app.db');
  // Read-only: the checks must see what the crashed server left, not change it (WAL recovery happens in memory).
  const open = () => new SQLite(file, { readonly: true, fileMustExist: true });
  return {
    dialect: 'sqlite',
    dataDir,
    env: {},
    url: `sqlite:${file}`,
    async read() {
      const db = open();
      try {
        return toState({
          sessions: db.prepare(QUERIES.sessions).all() as Rows['sessions'],
          contents: db.prepare(QUERIES.contents).all() as Rows['contents'],
          interactions: db.prepare(QUERIES.interactions).all() as Rows['interactions'],
          users: db.prepare(QUERIES.users).all() as Rows['users'],
        });
      } finally {
        db.close();
      }
    },
    async checkIntegrity() {
      const db = open();
      try {
        const rows = db.pragma('integrity_check') as { integrity_check: string }[];
        return rows.map((r) => r.integrity_check).join('\n');
      } finally {
        db.close();
      }
    },
    async drop(options) {
      if (!options?.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database of its own on the test server, dropped afterwards. */
async function postgresDatabase(dataDir: string): Promise<CrashDatabase> {
  const name = `crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const connectionString = url.toString();

  const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  return {
    dialect: 'postgres',
    dataDir,
    env: { DATABASE_URL: connectionString },
    url: connectionString,
    read: () =>
      withClient(async (client) =>
        toState({
          sessions: (await client.query(QUERIES.sessions)).rows,
          contents: (await client.query(QUERIES.contents)).rows,
          interactions: (await client.query(QUERIES.interactions)).rows,
          users: (await client.query(QUERIES.users)).rows,
        }),
      ),
    // PostgreSQL itself is not the process being killed; amcheck still verifies every B-tree index when present.
    checkIntegrity: () =>
      withClient(async (client) => {
        try {
          await client.query('create extension if not exists amcheck');
        } catch {
          return 'ok';
        }
        const indexes = await client.query<{ oid: number; name: string }>(
          `select c.oid::int as oid, c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
           join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
           where a.amname = 'btree' and n.nspname = 'public'`,
        );
        for (const index of indexes.rows) {
          try {
            await client.query('select bt_index_check($1, true)', [index.oid]);
          } catch (error) {
            return `index ${index.name}: ${String(error)}`;
          }
        }
        return 'ok';
      }),
    async drop(options) {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      if (!options?.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server as its own process over a crash database, with only PATH and HOME of this environment: started,
 * killed and started again on the same port and data. Its output is appended to `<dataDir>/server.log`.
 */
export const crashServer = (database: CrashDatabase, env: Record<string, string> = {}) =>
  new ServerProcess({
    dataDir: database.dataDir,
    env: { ...database.env, ...env },
    cleanEnv: true,
    logFile: path.join(database.dataDir, 'server.log'),
  });

export async function createCrashDatabase(dialect: Dialect): Promise<CrashDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lp-crash-${dialect}-`));
  return dialect === 'sqlite' ? sqliteDatabase(dataDir) : postgresDatabase(dataDir);
}

/**
 * Verified student accounts with `password` (hashed cheaply, as the test factories do): the seed has only three
 * accounts, too few to sign in over and over while kills land in the middle of sign-ins (each such kill leaves a
 * counted attempt).
 */
export async function addSigners(database: CrashDatabase, count: number, password: string): Promise<string[]> {
  const db = createDatabase({ url: database.url });
  try {
    const site = await db.selectFrom('sites').select('id').where('name', '=', 'main').executeTakeFirstOrThrow();
    const passwordHash = cheapPasswordHash(password);
    const emails = Array.from({ length: count }, (_, i) => `signer-${i + 1}@example.com`);
    const rows = emails.map((email, i) =>
      userValues({ site, email, passwordHash, firstName: 'Signer', lastName: String(i + 1) }),
    );
    await db.insertInto('users').values(rows).execute();
    return emails;
  } finally {
    await db.destroy();
  }
}
