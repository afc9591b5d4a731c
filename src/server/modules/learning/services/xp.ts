import { sql } from 'kysely';
import { type Db, now } from '../../../platform/db';

/**
 * Xp earned outside a course (ear training's rounds): added to the learner's total, which the top bar, the xp levels
 * and the xp dialog read, unless she does not collect xp (`collect_xp` off). Answers what was added and the total.
 */
export async function addLearnerXp(
  trx: Db,
  opts: { siteId: number; userId: number; xp: number },
): Promise<{ added: number; totalXp: number }> {
  const user = await trx
    .selectFrom('users')
    .select(['collect_xp', 'total_xp'])
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.userId)
    .executeTakeFirstOrThrow();
  if (user.collect_xp !== 1 || opts.xp <= 0) return { added: 0, totalXp: user.total_xp };
  const updated = await trx
    .updateTable('users')
    .set({ total_xp: sql`total_xp + ${opts.xp}`, updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('id', '=', opts.userId)
    .returning('total_xp')
    .executeTakeFirstOrThrow();
  return { added: opts.xp, totalXp: updated.total_xp };
}
