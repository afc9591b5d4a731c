import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The project's root, where the server runs (its `./dist/client` and `./data` defaults are relative to it). */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The arguments of `node` that start the production server as `npm start` runs it: the build in dist/server
 * (`npm run build`, which `npm test` runs before the suites that start it as a process).
 */
export function builtServerArgs(root = PROJECT_ROOT): string[] {
  const entry = path.join(root, 'dist/server/main.js');
  if (!fs.existsSync(entry)) throw new Error(`Build the server first: npm run build (no ${entry})`);
  return ['--enable-source-maps', entry];
}

/** The arguments of `node` that start the server from its sources, under tsx (no build needed). */
export const sourceServerArgs = (root = PROJECT_ROOT): string[] => [
  '--import',
  'tsx',
  path.join(root, 'src/server/main.ts'),
];

/** Where the built client is: dist/client, or SECURITY_CLIENT_DIR (e.g. /tmp/sec-client while dist is rebuilt). */
export function builtClientDir(): string {
  const candidates = [process.env.SECURITY_CLIENT_DIR, process.env.CLIENT_DIR, 'dist/client', '/tmp/sec-client'];
  const found = candidates
    .filter((dir): dir is string => Boolean(dir))
    .map((dir) => path.resolve(PROJECT_ROOT, dir))
    .find((dir) => fs.existsSync(path.join(dir, 'index.html')));
  if (!found) throw new Error('Build the client first: npm run build (or npx vite build --outDir /tmp/sec-client)');
  return found;
}

export interface ServerProcessOptions {
  /** `node`'s arguments: the built server unless given (see builtServerArgs, sourceServerArgs). */
  args?: string[];
  /** On top of the defaults: PORT, HOST, DATA_DIR, PUBLIC_URL, no DATABASE_URL, SMTP_URL or client, LOG_LEVEL warn. */
  env?: Record<string, string>;
  /** Pass on only PATH and HOME of this process's environment, not all of it (NODE_ENV, say). */
  cleanEnv?: boolean;
  /** The port; a free one otherwise, chosen at the first start and kept over restarts. */
  port?: number;
  /** DATA_DIR; otherwise a fresh directory of the process's own, removed when it is stopped. */
  dataDir?: string;
  /** A file the output is appended to as well, kept for a post-mortem. */
  logFile?: string;
  /** The path that answers 200 once the server is ready. */
  readyPath?: string;
  startTimeoutMs?: number;
}

/** How much of the output is kept in memory for error messages. */
const OUTPUT_KEPT_CHARS = 100_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A server as its own process, started the way production starts it, waited for until `/health` answers, stopped
 * with SIGTERM (or killed with SIGKILL) and started again on the same port and data. Its output is kept.
 */
export class ServerProcess {
  readonly dataDir: string;
  /** How many times it was started. */
  starts = 0;
  private port: number | undefined;
  private readonly ownDir: string | undefined;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private log = '';

  constructor(private readonly options: ServerProcessOptions = {}) {
    this.port = options.port;
    if (options.dataDir) {
      this.dataDir = options.dataDir;
    } else {
      this.ownDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-server-'));
      // A directory the server makes itself, as it would in production.
      this.dataDir = path.join(this.ownDir, 'data');
    }
  }

  get url(): string {
    if (this.port === undefined) throw new Error('The server has no port before its first start');
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The output so far (the last part of it), standard output and error together. */
  output(): string {
    return this.log;
  }

  /** Starts the process and waits until it answers; fails, with its output, if it exits or times out first. */
  async start(): Promise<void> {
    if (this.child) throw new Error('The server is already running');
    this.port ??= await freePort();
    const { options } = this;
    const inherited = options.cleanEnv
      ? { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }
      : { ...process.env };
    const child = spawn(process.execPath, options.args ?? builtServerArgs(), {
      cwd: PROJECT_ROOT,
      env: {
        ...inherited,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.url,
        DATABASE_URL: '',
        SMTP_URL: '',
        CLIENT_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
      if (options.logFile) fs.appendFileSync(options.logFile, chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
    this.starts += 1;
    let dead = false;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        dead = true;
        resolve();
      }),
    );

    const timeoutMs = options.startTimeoutMs ?? 60_000;
    const readyUrl = `${this.url}${options.readyPath ?? '/health'}`;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (dead) {
        this.child = undefined;
        throw new Error(`The server exited during its start (${child.exitCode ?? child.signalCode}):\n${this.log}`);
      }
      try {
        if ((await fetch(readyUrl, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    await this.kill();
    throw new Error(`The server did not answer ${readyUrl} within ${timeoutMs} ms:\n${this.log}`);
  }

  /** SIGKILL: no shutdown hook runs, open transactions and unanswered requests die with the process. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
  }

  /** SIGTERM, the graceful way (SIGKILL if it has not exited after 10 s); then removes a data directory of its own. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await this.exited;
        clearTimeout(timer);
      }
      this.child = undefined;
    }
    if (this.ownDir) fs.rmSync(this.ownDir, { recursive: true, force: true });
  }
}

/** A server process, started (see ServerProcess). */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const server = new ServerProcess(options);
  try {
    await server.start();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Standard output and error together, in the order they came. */
  output: string;
  /** Stopped at its deadline (SIGTERM, then SIGKILL after 5 s). */
  timedOut: boolean;
}

/** Runs a command to its end (or its deadline) and answers what it printed; never rejects for an exit code. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const result: CommandResult = { code: null, stdout: '', stderr: '', output: '', timedOut: false };
    child.stdout.on('data', (chunk) => {
      result.stdout += chunk;
      result.output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      result.stderr += chunk;
      result.output += chunk;
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            result.timedOut = true;
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }, options.timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ ...result, code });
    });
  });
}
