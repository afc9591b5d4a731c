import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { builtClientDir, startServerProcess } from '../support/process';
import { CHROMIUM_PATH, DEMO_PASSWORD } from './support/constants';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    e2eAvailable: boolean;
    /** The server's data directory: a test reads mails from its outbox (a registration's link). */
    dataDir: string;
  }
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
  const server = await startServerProcess({ env: { DEMO_PASSWORD, CLIENT_DIR: builtClientDir() } });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
