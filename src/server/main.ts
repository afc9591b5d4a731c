import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { startInvoiceReminders } from './modules/accounting';
import { startBookingReminders } from './modules/commerce';
import { startHousekeeping } from './modules/identity';
import { ConfigError, loadConfig } from './platform/config';
import { createDatabase, migrate } from './platform/db';
import { ensureMainSite, seedDemo } from './seed';

/**
 * Everything the server writes under DATA_DIR (the database, uploads, mails, the demo credentials) is for its own
 * user only: files 0600 and directories 0700 from the process's umask, and DATA_DIR itself 0700, which an earlier
 * run may have left readable to others.
 */
function makeDataDirPrivate(dataDir: string, log: FastifyBaseLogger): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = fs.statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  try {
    fs.chmodSync(dataDir, mode & 0o700);
    log.warn(`DATA_DIR ${dataDir} was readable by other users (mode ${mode.toString(8)}): made 0700`);
  } catch (error) {
    log.warn({ err: error }, `DATA_DIR ${dataDir} is readable by other users (mode ${mode.toString(8)})`);
  }
}

async function main(): Promise<void> {
  process.umask(0o077);
  const config = loadConfig();
  const db = createDatabase({ url: config.databaseUrl });
  await migrate(db);
  const { fastify, mailer } = await buildApp({ config, db });
  makeDataDirPrivate(config.dataDir, fastify.log);
  if (config.seedDemo) await seedDemo({ db, config, log: fastify.log });
  else await ensureMainSite(db);
  mailer.start();
  const stopHousekeeping = startHousekeeping(db, fastify.log);
  const stopReminders = startBookingReminders(db, { config, mailer }, fastify.log);
  const stopInvoiceReminders = startInvoiceReminders(db, { mailer }, fastify.log);
  await fastify.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info(`${signal} received: finishing open requests`);
    stopHousekeeping();
    stopReminders();
    stopInvoiceReminders();
    await fastify.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
