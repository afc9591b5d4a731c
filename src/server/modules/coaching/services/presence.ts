import { PRESENCE_WRITE_MS, presenceIsStale } from '../../../../shared/domain/coaching/messages';
import { dayOf } from '../../../../shared/domain/statistics/statistics';
import type { Db } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { recordActivity } from '../../statistics';

/**
 * Records that the user polled (presence, spec §4 "if the recipient is offline"). The session lookup already read
 * her last recorded poll, so a fresh one costs no statement; a stale one is rewritten at most every 30 s, and the
 * condition keeps racing polls on several processes to one write. Only `last_seen_at` changes: a poll is not an
 * edit of the account, so `updated_at` stays. The first poll of a day also counts her active for the statistics.
 */
export async function recordPresence(db: Db, user: SessionUser): Promise<void> {
  // An administrator viewing as her is not she: her presence stays as it was (docs/decisions.md, "View as this user").
  if (user.viewer_id) return;
  const nowMs = Date.now();
  if (!presenceIsStale(user.last_seen_at, nowMs)) return;
  const staleBefore = new Date(nowMs - PRESENCE_WRITE_MS).toISOString();
  const at = new Date(nowMs);
  await db
    .updateTable('users')
    .set({ last_seen_at: at.toISOString() })
    .where('site_id', '=', user.site_id)
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<=', staleBefore)]))
    .execute();
  // Back on a new day: the statistics count her active for it.
  if (!user.last_seen_at || dayOf(user.last_seen_at) !== dayOf(at)) {
    await recordActivity(db, { siteId: user.site_id, userId: user.id, userType: user.user_type, at });
  }
}
