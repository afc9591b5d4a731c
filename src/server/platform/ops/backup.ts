/**
 * `npm run backup [-- --out <file>]`: a consistent backup of the platform's database, safe while the server
 * runs, with the server's own configuration (the same environment variables, see README).
 *
 * - SQLite: SQLite's online backup of the live file into `<DATA_DIR>/backups/app-<time>.db`, checked with
 *   `PRAGMA integrity_check` and made self-contained (no -wal file beside it).
 * - PostgreSQL: `pg_dump --format=custom` of DATABASE_URL into `<DATA_DIR>/backups/app-<time>.dump`
 *   (only the schema its `search_path` names, when the URL names one), checked with `pg_restore --list`.
 *
 * The file appears under its final name only when it is complete and checked. Restore: see restore.ts and
 * docs/operations.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Config, loadConfig } from '../config';
import { isPostgresUrl } from '../db';
import { commitFile, fileTimestamp, isMainModule, libpqTarget, option, runTool, sqliteFileOf } from './tools';

export interface BackupResult {
  dialect: 'sqlite' | 'postgres';
  file: string;
  bytes: number;
}

/** `PRAGMA integrity_check` of a SQLite file: `ok`, or the problems it lists. */
export function checkSqliteFile(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('\n');
  } finally {
    db.close();
  }
}

/** The most pages better-sqlite3 copies in one step: more than any database has. */
const ALL_PAGES = 0x7fffffff;

async function backupSqlite(source: string, target: string): Promise<void> {
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  // Read-only: the backup never writes to the live database, and WAL lets the server write meanwhile.
  const live = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // All pages in one step, so the copy is one snapshot; copied in small steps, a write by the server between
    // two steps would restart the backup, possibly forever under steady writes.
    await live.backup(target, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    // One file to keep, copy and restore: the copy leaves WAL mode (the server turns it on again at start).
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  const integrity = checkSqliteFile(target);
  if (integrity !== 'ok') throw new Error(`The backup failed its integrity check:\n${integrity}`);
}

async function backupPostgres(databaseUrl: string, target: string): Promise<void> {
  const { url, env, schema } = libpqTarget(databaseUrl);
  const args = ['--format=custom', `--file=${target}`, ...(schema ? [`--schema=${schema}`] : []), `--dbname=${url}`];
  await runTool('pg_dump', args, env);
  // Reads the archive's table of contents back: a truncated or unreadable dump fails here, not at restore.
  await runTool('pg_restore', ['--list', target], env);
}

/** Backs up the configured database; answers where the backup is. */
export async function backupDatabase(config: Config, options: { out?: string } = {}): Promise<BackupResult> {
  const postgres = isPostgresUrl(config.databaseUrl);
  const file = path.resolve(
    options.out ?? path.join(config.dataDir, 'backups', `app-${fileTimestamp()}.${postgres ? 'dump' : 'db'}`),
  );
  if (fs.existsSync(file)) throw new Error(`${file} exists already; name another --out`);
  // Backups hold password and session hashes: readable by the owner only.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (postgres) await backupPostgres(config.databaseUrl, partial);
    else await backupSqlite(sqliteFileOf(config.databaseUrl), partial);
    fs.chmodSync(partial, 0o600);
    commitFile(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return { dialect: postgres ? 'postgres' : 'sqlite', file, bytes: fs.statSync(file).size };
}

if (isMainModule(import.meta.url)) {
  try {
    const out = option(process.argv.slice(2), 'out');
    const result = await backupDatabase(loadConfig(), out ? { out } : {});
    process.stderr.write(`Backup of the ${result.dialect} database checked: ${result.bytes} bytes\n`);
    process.stdout.write(`${result.file}\n`);
  } catch (error) {
    process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
}
