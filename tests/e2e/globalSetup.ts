import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/server/platform/db';
import { startFakeStripe } from '../support/fakeStripe';
import { builtClientDir, startServerProcess } from '../support/process';
import { CHROMIUM_PATH, DEMO_PASSWORD } from './support/constants';

/** A platform the browser tests run against: its address and its data directory (database, outbox). */
export interface E2eServer {
  url: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker of the e2e project (support/browser.ts picks the worker's own). */
    servers: E2eServer[];
    e2eAvailable: boolean;
  }
}

/**
 * The demo site is on Professional (15 courses, 500 users); the browser tests make more courses than that over a
 * run, so their server's site has the plan without limits. The limits themselves are the API tests' (plans.test.ts).
 */
async function withoutPlanLimits(dataDir: string) {
  const db = createDatabase({ url: `sqlite:${path.join(dataDir, 'app.db')}` });
  try {
    await db.updateTable('sites').set({ plan: 'enterprise' }).where('name', '=', 'main').execute();
  } finally {
    await db.destroy();
  }
}

/**
 * Starts the built platform for the browser tests, once per worker (`maxWorkers` of the project, E2E_WORKERS in vitest.config.ts): the production
 * client from dist/client, the real server over a fresh SQLite database with the demo seed. Each worker's files run
 * one after another against its own server, as all of them did against one, so no file sees another's changes
 * (maintenance mode, a spotlighted news item, signed-out sessions) while it runs. Without Chromium the tests are
 * left out, unless REQUIRE_E2E=1 (CI), where that is a failure.
 */
export default async function setup(project: TestProject) {
  const hasChromium = fs.existsSync(CHROMIUM_PATH);
  if (!hasChromium && process.env.REQUIRE_E2E === '1') {
    throw new Error(`REQUIRE_E2E=1 but Chromium is missing at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  }
  project.provide('e2eAvailable', hasChromium);
  if (!hasChromium) {
    project.provide('servers', []);
    return;
  }
  // TRIAL_DOMAIN: self-service trials make sites at <name>.localhost, which Chromium resolves to this machine
  // (trial.test.ts); nothing else reads it. The shop pays at a local stand-in of Stripe (its own payment page).
  const stripe = await startFakeStripe();
  const servers = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, () =>
      startServerProcess({
        env: {
          DEMO_PASSWORD,
          CLIENT_DIR: builtClientDir(),
          TRIAL_DOMAIN: 'localhost',
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_URL: stripe.url,
        },
      }),
    ),
  );
  for (const server of servers) await withoutPlanLimits(server.dataDir);
  project.provide(
    'servers',
    servers.map((server) => ({ url: server.url, dataDir: server.dataDir })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await stripe.close();
  };
}
