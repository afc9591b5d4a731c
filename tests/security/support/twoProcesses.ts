import { afterAll, beforeAll } from 'vitest';
import { type Api, api } from '../../support/api';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../support/databases';
import { type ServerProcess, startServerProcess } from '../../support/process';

/**
 * Two real server processes on one PostgreSQL schema, as two processes behind a load balancer, started before the
 * suite's tests and stopped after them; answers their APIs (once started).
 */
export function useTwoProcessesOnPostgres(demoPassword: string): () => [Api, Api] {
  let database: TestDatabase | undefined;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${database.schema}`);
    const options = { env: { DATABASE_URL: url.toString(), DEMO_PASSWORD: demoPassword }, dataDir: database.dataDir };
    // One after the other: the first migrates and seeds; the second finds both done.
    processes.push(await startServerProcess(options));
    processes.push(await startServerProcess(options));
  });
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await database?.drop();
  });
  return () => processes.map((p) => api(p.url)) as [Api, Api];
}
