import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The bench's PostgreSQL database (default `bench`); another of its steps names its own beside it (`bench_…`). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
/** A database on the same server to connect to while (re)creating the bench database. */
export const BENCH_ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** BENCH_DATABASE_URL with `_<suffix>` added to its database's name (`bench_statistics`). */
export function benchDatabaseUrl(suffix: string): string {
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `${url.pathname}_${suffix}`;
  return url.href;
}

/** The bench owns its PostgreSQL databases (named bench…), each made afresh for a run and dropped after it. */
export async function withPostgresDatabase(url: string, use: (url: string) => Promise<void>): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^bench\w*$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a database called bench…, not ${name}`);
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: BENCH_ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  try {
    await use(url);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** The server's data directory (and the SQLite file), removed after the run. */
export async function withDataDir(use: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
  try {
    await use(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
