import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { builtServerArgs } from '../../support/builtServer';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A port nothing listens on now; the server is restarted on the same one after every kill. */
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real server as its own process (the build in dist/server), started, killed with SIGKILL
 * and started again on the same data. Its output is appended to `<dataDir>/server.log` for post-mortems.
 */
export class ServerProcess {
  readonly url: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  starts = 0;

  constructor(private readonly options: { port: number; dataDir: string; env: Record<string, string> }) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and waits until `/health` answers; fails if the process dies first. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.child) throw new Error('The server is already running');
    const log = fs.openSync(path.join(this.options.dataDir, 'server.log'), 'a');
    const child = spawn(process.execPath, builtServerArgs(), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(this.options.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.options.dataDir,
        CLIENT_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        ...this.options.env,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.starts += 1;
    let dead = false;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        dead = true;
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (dead) {
        this.child = undefined;
        throw new Error(`The server exited during start; see ${this.options.dataDir}/server.log`);
      }
      try {
        const answer = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1000) });
        if (answer.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
    await this.kill();
    throw new Error(`The server did not become healthy within ${timeoutMs} ms`);
  }

  /** SIGKILL: no shutdown hook runs, open transactions and unanswered requests die with the process. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
  }

  /** SIGTERM, the graceful way; SIGKILL if it has not exited after 10 seconds. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
    this.child = undefined;
  }
}

export interface Answer {
  httpStatus: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of every call and shape are read here
  body: any;
}

/**
 * One call as the spec's clients make it (form fields `req` and `data`). Throws when no answer came back
 * (connection refused or reset by a kill): such a write is neither acknowledged nor refused.
 */
export async function callApi(
  baseUrl: string,
  file: string,
  req: string | undefined,
  data: unknown,
  token?: string,
): Promise<Answer> {
  const form = new URLSearchParams();
  if (req !== undefined) form.set('req', req);
  form.set('data', JSON.stringify(data));
  const response = await fetch(`${baseUrl}/api/backend/${file}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      site: 'main',
      ...(token ? { authorization: token } : {}),
    },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { httpStatus: response.status, body };
}

/** A call that must succeed (setup and verification, never during kills). */
export async function callOk(
  baseUrl: string,
  file: string,
  req: string | undefined,
  data: unknown,
  token?: string,
): Promise<Answer['body']> {
  const answer = await callApi(baseUrl, file, req, data, token);
  if (answer.httpStatus !== 200 || answer.body?.status !== 'OK') {
    throw new Error(`${file} ${req ?? ''} answered ${answer.httpStatus}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  });
  await Promise.all(lanes);
}
