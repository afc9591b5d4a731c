/**
 * `npx tsx src/server/platform/ops/restore.ts <backup file> --yes`: puts a backup made by backup.ts back in place of
 * the configured database (the same environment variables as the server). Stop every server process first.
 *
 * - SQLite: checks the backup with `PRAGMA integrity_check`, refuses while a process (on this machine) has the
 *   database open or the configured port answers /health, moves the current `app.db`, `app.db-wal` and
 *   `app.db-shm` aside into `<DATA_DIR>/pre-restore-<time>/` (a stale -wal beside a restored file would be
 *   replayed into it and corrupt it), then copies the backup in under the database's name.
 * - PostgreSQL: `pg_restore --clean --if-exists --no-owner --single-transaction` into DATABASE_URL: all of it
 *   or nothing.
 *
 * Without `--yes` it only says what it would do.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../config';
import { isPostgresUrl } from '../db';
import { checkSqliteFile } from './backup';
import { commitFile, fileTimestamp, isMainModule, libpqTarget, runTool, sqliteFileOf } from './tools';

/** Processes of this machine that hold `file` open (Linux; elsewhere, and for other users' processes, none). */
function processesHolding(file: string): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return pids;
  }
  for (const pid of entries) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === file) {
          pids.push(Number(pid));
          break;
        }
      } catch {
        // the descriptor closed meanwhile
      }
    }
  }
  return pids;
}

async function assertServerStopped(config: Config, file: string): Promise<void> {
  const holders = processesHolding(file);
  if (holders.length > 0) {
    throw new Error(`${file} is open in process ${holders.join(', ')}: stop the server before restoring`);
  }
  const answered = await fetch(`http://127.0.0.1:${config.port}/health`, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (answered) throw new Error(`A server answers on port ${config.port}: stop it before restoring`);
}

async function restoreSqlite(config: Config, backup: string): Promise<string> {
  const integrity = checkSqliteFile(backup);
  if (integrity !== 'ok') throw new Error(`The backup failed its integrity check:\n${integrity}`);
  const target = sqliteFileOf(config.databaseUrl);
  await assertServerStopped(config, target);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const present = ['', '-wal', '-shm', '-journal'].map((suffix) => `${target}${suffix}`).filter(fs.existsSync);
  let keptIn = '';
  if (present.length > 0) {
    keptIn = path.join(path.dirname(target), `pre-restore-${fileTimestamp()}`);
    fs.mkdirSync(keptIn, { mode: 0o700 });
    for (const file of present) fs.renameSync(file, path.join(keptIn, path.basename(file)));
  }
  const partial = `${target}.restoring`;
  fs.copyFileSync(backup, partial);
  fs.chmodSync(partial, 0o600);
  commitFile(partial, target);
  return keptIn ? `the database it replaced is in ${keptIn}` : 'there was no database before';
}

async function restorePostgres(config: Config, backup: string): Promise<string> {
  const { url, env } = libpqTarget(config.databaseUrl);
  await runTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, backup],
    env,
  );
  return 'restored in one transaction';
}

/** Replaces the configured database with the backup; answers a note on what happened to the old one. */
export async function restoreDatabase(config: Config, backup: string): Promise<string> {
  const file = path.resolve(backup);
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  return isPostgresUrl(config.databaseUrl) ? restorePostgres(config, file) : restoreSqlite(config, file);
}

if (isMainModule(import.meta.url)) {
  const args = process.argv.slice(2);
  const backup = args.find((a) => !a.startsWith('--'));
  try {
    if (!backup) throw new Error('Usage: tsx src/server/platform/ops/restore.ts <backup file> --yes');
    const config = loadConfig();
    const target = isPostgresUrl(config.databaseUrl)
      ? libpqTarget(config.databaseUrl).url
      : sqliteFileOf(config.databaseUrl);
    if (!args.includes('--yes')) {
      process.stderr.write(`Would replace ${target} with ${path.resolve(backup)}; add --yes to do it.\n`);
      process.exit(2);
    }
    const note = await restoreDatabase(config, backup);
    process.stdout.write(`Restored ${target} from ${path.resolve(backup)}; ${note}\n`);
  } catch (error) {
    process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
}
