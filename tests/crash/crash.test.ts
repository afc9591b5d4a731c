import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { type Dialect, testDialects } from '../support/databases';
import { addSigners, crashServer, createCrashDatabase } from './support/databases';
import { ledgerSize, lostInDatabase, lostThroughApi, snapshotLedger } from './support/verify';
import { emptyLedger, type Session, startWriters } from './support/writers';

/**
 * Crash safety (issue 3): a real server process is loaded with acknowledged writes and killed with SIGKILL
 * at random moments, then restarted on the same data. After every kill the database is read directly
 * (read-only, nothing replayed by the server) and must hold every write whose answer came back OK, and pass
 * its integrity check; at the end the restarted server must answer every one of them through the API.
 *
 * CRASH_KILLS (default 10) sets the kills on SQLite; CRASH_PG_KILLS those on PostgreSQL (default a quarter,
 * at least 3), which runs when reachable. `npm run crashtest` sets CRASH_KILLS=200.
 */
const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const PG_KILLS = Number(process.env.CRASH_PG_KILLS ?? Math.max(3, Math.ceil(KILLS / 4)));
/**
 * When the next kill comes: once the restarted server has acknowledged a write (so it is warm and under
 * load), after a random pause of up to this long.
 */
const KILL_WITHIN_MS = 1000;
const DEMO_PASSWORD = 'crash-demo-password-1';
const ADMIN_EMAIL = 'admin@demo.local';
/** Accounts the sign-in writers take in turn. */
const SIGNERS = 30;

const dialects = await testDialects();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(10);
  }
}

async function crashRun(dialect: Dialect, kills: number) {
  const started = Date.now();
  const database = await createCrashDatabase(dialect);
  const server = crashServer(database, { SEED_DEMO: 'true', DEMO_PASSWORD });
  let passed = false;
  try {
    await server.start();
    const ledger = emptyLedger();
    const signers = await addSigners(database, SIGNERS, DEMO_PASSWORD);
    const body = await api(server.url).ok('login.php', 'sign_in', { email: ADMIN_EMAIL, password: DEMO_PASSWORD });
    const admin: Session = { email: ADMIN_EMAIL, userId: body.data.Id, token: body.token };
    ledger.sessions.push(admin);
    const news = await api(server.url).ok('news.php', 'get_news_list', {});
    const newsIds = news.data.map((item) => item.id);
    const [latestNewsId] = newsIds;
    if (newsIds.length !== 3 || latestNewsId === undefined) throw new Error('The seed should have three news items');

    const writers = startWriters({ url: server.url, admin, signers, password: DEMO_PASSWORD, newsIds, ledger });
    const { stats } = writers;
    let killedInFlight = 0;
    try {
      // Every kind of write lands at least once before the first kill, so each kind is checked after every kill.
      const kinds = ['sign_in', 'store_user_news_interaction', 'save_content', 'register'];
      await waitUntil('every kind of write was acknowledged', () => kinds.every((k) => stats.acknowledgedBy[k]));
      for (let kill = 1; kill <= kills; kill++) {
        const before = stats.acknowledged;
        await waitUntil('the restarted server acknowledged a write', () => stats.acknowledged > before);
        await sleep(Math.random() * KILL_WITHIN_MS);
        killedInFlight += writers.stats.inFlight;
        await server.kill();
        // The process is gone: whatever it acknowledged is in the database now, or it was lost.
        const acknowledged = snapshotLedger(ledger);
        const lost = lostInDatabase(acknowledged, await database.read());
        expect(lost, `after kill ${kill}, acknowledged writes missing from the database`).toEqual([]);
        expect(await database.checkIntegrity(), `integrity after kill ${kill}`).toBe('ok');
        if (kill < kills) await server.start();
      }
    } finally {
      await writers.stop();
    }

    const acknowledged = snapshotLedger(ledger);
    expect(lostInDatabase(acknowledged, await database.read())).toEqual([]);
    await server.start();
    const lostOverApi = await lostThroughApi(server.url, acknowledged, latestNewsId);
    expect(lostOverApi, 'acknowledged writes the restarted server does not answer').toEqual([]);
    await server.stop();
    expect(await database.checkIntegrity()).toBe('ok');

    expect(stats.refused, 'writes refused with an error answer').toEqual([]);
    console.info(
      `[crash ${dialect}] ${kills} kills (${server.starts} starts) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${stats.attempted} writes attempted, ${stats.acknowledged} acknowledged ` +
        `(${acknowledged.sessions.length} sessions, ${acknowledged.contents.size} page texts, ` +
        `${acknowledged.registrations.length} registrations, ${acknowledged.interactions.size} distinct news ` +
        `interactions; ${ledgerSize(acknowledged)} checked), ${stats.unanswered} unanswered, ` +
        `${killedInFlight} in flight at the kills, lost 0`,
    );
    passed = true;
  } finally {
    await server.kill();
    // A failed run keeps its data directory (server.log, app.db) for a post-mortem.
    await database.drop({ keepDataDir: !passed });
    if (!passed) console.error(`[crash ${dialect}] data directory kept: ${database.dataDir}`);
  }
}

describe.each(dialects)('crash safety on %s', (dialect) => {
  const kills = dialect === 'sqlite' ? KILLS : PG_KILLS;
  it(
    `keeps every acknowledged write through ${kills} SIGKILLs at random moments`,
    () => crashRun(dialect, kills),
    // Each cycle is a restart (1–3 s of tsx start-up on a loaded machine) and under a second of load.
    60_000 + kills * 10_000,
  );
});
