import { type Db, now } from '../../../platform/db';
import type { Log } from '../../../platform/handlers';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How often the counters are pruned while the server runs (and once at start). */
export const PRUNE_EVERY_MS = HOUR_MS;

const ago = (ms: number, from = Date.now()) => new Date(from - ms).toISOString();

/**
 * Removes the counters of sign-ins and rate limits that no longer count, so that a stranger trying addresses and
 * sources cannot grow the tables without bound (docs/security.md, "Sign-in limits and account locks"):
 * - a rate-limit window that began over a day ago (the longest window is an hour);
 * - a source's sign-in count that never locked anything and was untouched for a day (failed attempts expire);
 * - a source's sign-in count, locks included, untouched for 30 days, unless the source proved to be the owner's.
 * Rows of the owner's proven sources are kept: they exempt her from the account-wide ceiling.
 */
export async function pruneCounters(db: Db, at = Date.now()): Promise<{ rateLimits: number; signIns: number }> {
  const rateLimits = await db.deleteFrom('rate_limits').where('window_started_at', '<', ago(DAY_MS, at)).execute();
  const signIns = await db
    .deleteFrom('sign_in_attempts')
    .where('proven_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('lock_count', '=', 0), eb('locked_until', 'is', null), eb('updated_at', '<', ago(DAY_MS, at))]),
        eb('updated_at', '<', ago(30 * DAY_MS, at)),
      ]),
    )
    .execute();
  return {
    rateLimits: Number(rateLimits[0]?.numDeletedRows ?? 0),
    signIns: Number(signIns[0]?.numDeletedRows ?? 0),
  };
}

/** Prunes now and every PRUNE_EVERY_MS; answers the function that stops it. A failure is logged, never thrown. */
export function startHousekeeping(db: Db, log: Log): () => void {
  const run = () =>
    pruneCounters(db).catch((error: unknown) => log.warn({ err: error, at: now() }, 'Pruning counters failed'));
  void run();
  const timer = setInterval(() => void run(), PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
