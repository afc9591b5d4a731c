import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Whether this module is the script node was started with (`tsx src/server/platform/ops/backup.ts`), not an import. */
export const isMainModule = (moduleUrl: string): boolean =>
  process.argv[1] !== undefined && pathToFileURL(path.resolve(process.argv[1])).href === moduleUrl;

/** `2025-01-31T12-00-00-000Z`: sorts by time and is a valid file name everywhere. */
export const fileTimestamp = (date = new Date()): string => date.toISOString().replace(/[:.]/g, '-');

export const sqliteFileOf = (databaseUrl: string): string => {
  const file = databaseUrl.replace(/^sqlite:/, '');
  if (file === ':memory:') throw new Error('An in-memory database has nothing to back up or restore');
  return path.resolve(file);
};

/**
 * A PostgreSQL URL for libpq tools, with the password moved into PGPASSWORD so that it does not show in the
 * process list, and the schema named by `?options=-c search_path=<schema>` when there is one.
 */
export function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv; schema?: string } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  const schema = /search_path\s*=\s*([A-Za-z0-9_]+)/.exec(url.searchParams.get('options') ?? '')?.[1];
  return { url: url.toString(), env, ...(schema ? { schema } : {}) };
}

/** Runs a PostgreSQL client tool; fails with its stderr, or with a hint when the tool is not installed. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} not found: install the PostgreSQL client tools (Debian: postgresql-client)`)
          : error,
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Renames over `to` only after the data is on disk, so a crash leaves either no file or a whole one. */
export function commitFile(from: string, to: string): void {
  const fd = fs.openSync(from, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(from, to);
  const dir = fs.openSync(path.dirname(to), 'r');
  fs.fsyncSync(dir);
  fs.closeSync(dir);
}

/** Reads `--name value` or `--name=value` from the command line. */
export function option(args: string[], name: string): string | undefined {
  const index = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (index === -1) return undefined;
  const arg = args[index] as string;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}
