import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { builtServerArgs } from '../support/builtServer';
import { CHROMIUM_PATH, DEMO_PASSWORD } from './support/constants';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eAvailable: boolean;
    /** The server's data directory: a test reads mails from its outbox (a registration's link). */
    dataDir: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not start:\n${log()}`);
}

/**
 * Starts the built platform once for the browser tests: the production client from dist/client, the real
 * server over a fresh SQLite database with the demo seed. Without Chromium the tests are left out, unless
 * REQUIRE_E2E=1 (CI), where that is a failure.
 */
export default async function setup(project: TestProject) {
  const hasChromium = fs.existsSync(CHROMIUM_PATH);
  if (!hasChromium && process.env.REQUIRE_E2E === '1') {
    throw new Error(`REQUIRE_E2E=1 but Chromium is missing at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  }
  project.provide('e2eAvailable', hasChromium);
  if (!hasChromium) {
    project.provide('baseUrl', '');
    project.provide('dataDir', '');
    return;
  }
  const clientDir = process.env.CLIENT_DIR ?? 'dist/client';
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error(`Build the client first: npm run build`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, builtServerArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_PASSWORD,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await waitForHealth(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
