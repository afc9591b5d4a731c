import { sql } from 'kysely';
import type { TestServer } from './server';

/**
 * Starts requests while a test transaction holds row locks (PostgreSQL `FOR UPDATE`), then releases it. Requests
 * whose transactions touch that row (a foreign-key check of an insert takes a key-share lock on it) pile up there,
 * having run everything before it: a check-then-write race without its own lock shows every time, not once in a
 * thousand runs. On SQLite, whose transactions run one at a time, the requests simply run.
 */
export async function whileRowLocked<T>(
  server: TestServer,
  rows: { table: 'users' | 'messages' | 'user_exams' | 'tasks' | 'courses'; id: number | number[] },
  start: () => Promise<T>,
  holdMs = 400,
): Promise<T> {
  if (server.dialect !== 'postgres') return start();
  let pending: Promise<T> | undefined;
  await server.db.transaction().execute(async (trx) => {
    const ids = Array.isArray(rows.id) ? rows.id : [rows.id];
    await sql`select id from ${sql.table(rows.table)} where id in (${sql.join(ids)}) for update`.execute(trx);
    pending = start();
    // Settled below, after the lock is gone; this only keeps an early rejection from being reported as unhandled.
    pending.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, holdMs));
  });
  return pending as Promise<T>;
}
