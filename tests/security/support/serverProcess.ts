import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { builtServerArgs, PROJECT_ROOT } from '../../support/builtServer';

/** The real server as its own process (the build in dist/server), as production runs it. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  output(): string;
  /** SIGTERM and wait for the exit; removes the data directory unless it was given. */
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Where the built client is: dist/client, or SECURITY_CLIENT_DIR (e.g. /tmp/sec-client while dist is rebuilt). */
export function builtClientDir(): string {
  const candidates = [process.env.SECURITY_CLIENT_DIR, 'dist/client', '/tmp/sec-client'].filter((dir): dir is string =>
    Boolean(dir),
  );
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
  if (!found) throw new Error('Build the client first: npm run build (or npx vite build --outDir /tmp/sec-client)');
  return path.resolve(found);
}

/**
 * Starts the server on a free port of 127.0.0.1 and waits until /health answers. SQLite in a fresh temporary
 * directory unless the env names a DATABASE_URL; the demo seed is on (with the given DEMO_PASSWORD) unless
 * SEED_DEMO says otherwise.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const ownDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lp-security-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, builtServerArgs(), {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, child, dataDir, output: () => output, stop };
}

/** The answer of one call; its body as JSON of any shape, error answers included. */
// biome-ignore lint/suspicious/noExplicitAny: answers of every shape
export type ApiAnswer = { status: number; body: any };

/** One API call against a server process, as the spec's clients make it. */
export async function apiCall(
  url: string,
  file: string,
  req: string | undefined,
  data: unknown,
  options: { token?: string; site?: string } = {},
): Promise<ApiAnswer> {
  const form = new URLSearchParams();
  if (req !== undefined) form.set('req', req);
  form.set('data', JSON.stringify(data));
  const response = await fetch(`${url}/api/backend/${file}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      site: options.site ?? 'main',
      ...(options.token ? { authorization: options.token } : {}),
    },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.json() };
}
