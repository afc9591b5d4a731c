/**
 * Whether the SIE export holds anything while it streams: `node --expose-gc --import tsx bench/sieMemory.ts
 * [vouchers] [postgres|sqlite]` seeds a year of that many vouchers (as the bench does) in a fresh database, exports
 * it into a slow sink in this process, and samples the memory as it goes: the peak RSS and heap added, and the heap
 * still in use after a forced collection every 25 chunks (about 1.6 MB of the file) — what the export holds, as
 * against what the collector has not yet taken back. docs/performance.md has the figures.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { exportSie } from '../src/server/modules/accounting/services/sieExport';
import { createDatabase, migrate } from '../src/server/platform/db';
import { createSite } from '../src/server/seed/factories';
import { createTestDatabase } from '../tests/support/databases';
import { seedBooksYear } from './seed';

const total = Number(process.argv[2] ?? 50_000);
const dialect = process.argv[3] === 'sqlite' ? 'sqlite' : 'postgres';
const database = await createTestDatabase(dialect);
const db = createDatabase({ url: database.url, schema: database.schema });
try {
  await migrate(db);
  const site = await createSite(db);
  const { fiscalYearId } = await seedBooksYear(db, { siteId: site.id, at: new Date().toISOString(), total });
  // Statistics for the planner, as the bench gathers them after seeding (autovacuum would, soon after such a load).
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  const mb = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const base = process.memoryUsage();
  const peak = { rss: base.rss, heap: base.heapUsed, live: base.heapUsed };
  let bytes = 0;
  let chunks = 0;
  const started = Date.now();
  const file = await exportSie(db, { id: site.id, title: 'Bench' }, fiscalYearId);
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      chunks += 1;
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heap = Math.max(peak.heap, now.heapUsed);
      if (gc && chunks % 25 === 0) {
        gc();
        peak.live = Math.max(peak.live, process.memoryUsage().heapUsed);
      }
      setImmediate(done);
    },
  });
  await pipeline(file.body, sink);
  console.log(
    JSON.stringify({
      vouchers: total,
      dialect,
      seconds: (Date.now() - started) / 1000,
      fileMb: mb(bytes),
      rssAddedMb: mb(peak.rss - base.rss),
      heapAddedMb: mb(peak.heap - base.heapUsed),
      liveAfterGcAddedMb: gc ? mb(peak.live - base.heapUsed) : null,
    }),
  );
} finally {
  await db.destroy();
  await database.drop();
}
