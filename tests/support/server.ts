import type { AddressInfo } from 'node:net';
import { type AppOptions, buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/platform/config';
import { createDatabase, type Db, migrate } from '../../src/server/platform/db';
import type { Mailer } from '../../src/server/platform/mail/outbox';
import { ensureMainSite } from '../../src/server/seed';
import { type Api, api } from './api';
import { createTestDatabase, type Dialect, type TestDatabase } from './databases';

/** The real server in this process, with its database at hand, and its API (see support/api.ts). */
export interface TestServer extends Api {
  db: Db;
  config: Config;
  mailer: Mailer;
  dialect: Dialect;
  mainSiteId: number;
  database: TestDatabase;
  /**
   * Runs `fn` (typically one `call`) and answers the SQL statements the server ran meanwhile, so a test can hold
   * a hot call to its number of statements and no N+1 creeps in unseen. Not for concurrent use.
   */
  countStatements(fn: () => Promise<unknown>): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The real server on port 0 over a fresh database of the given dialect, answers checked against the contract.
 * Given `sharing`, a second server over the same database instead, as a second process behind a load
 * balancer would be (its own connections; the database is dropped by the first). `app.timeouts` shortens the
 * server's timeouts, for the tests of what they cut.
 */
export async function startTestServer(
  dialect: Dialect,
  env: Record<string, string> = {},
  sharing?: TestServer,
  app: Pick<AppOptions, 'timeouts'> = {},
): Promise<TestServer> {
  const database: TestDatabase = sharing?.database ?? (await createTestDatabase(dialect));
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    CLIENT_DIR: '/nonexistent',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  let recorded: string[] | null = null;
  const db = createDatabase({
    url: database.url,
    schema: database.schema,
    onStatement: (sql) => recorded?.push(sql),
  });
  await migrate(db);
  const mainSiteId = await ensureMainSite(db);
  const { fastify, mailer } = await buildApp({ config, db, checkAnswers: true, logger: false, ...app });
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;

  return {
    ...api(url),
    database,
    db,
    config,
    mailer,
    dialect,
    mainSiteId,
    async countStatements(fn) {
      if (recorded) throw new Error('countStatements does not nest');
      recorded = [];
      try {
        await fn();
        return recorded;
      } finally {
        recorded = null;
      }
    },
    async close() {
      await fastify.close();
      await db.destroy();
      if (!sharing) await database.drop();
    },
  };
}
