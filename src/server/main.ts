import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase, migrate } from './db';
import { ensureMainSite, seedDemo } from './db/seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDatabase({ url: config.databaseUrl });
  await migrate(db);
  const { fastify, mailer } = await buildApp({ config, db });
  if (config.seedDemo) await seedDemo({ db, config, log: fastify.log });
  else await ensureMainSite(db);
  mailer.start();
  await fastify.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info(`${signal} received: finishing open requests`);
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
