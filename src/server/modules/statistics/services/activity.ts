import { UserType } from '../../../../shared/domain/roles';
import { dayOf, monthOf, weekOf } from '../../../../shared/domain/statistics/statistics';
import type { Db } from '../../../platform/db';

/** The periods a day counts in for statistics: the day, its week (by its Monday) and its month. */
export const activityPeriodsOf = (day: string): string[] => [`d${day}`, `w${weekOf(day)}`, `m${monthOf(day)}`];

/**
 * Notes that a learner was active at a moment (signed in, or came back on a new day): one row per day, week and
 * month, kept once however often she returns, so the statistics count distinct learners by counting rows. Staff
 * are not learners and leave no rows.
 */
export async function recordActivity(
  db: Db,
  opts: { siteId: number; userId: number; userType: number; at: Date },
): Promise<void> {
  if (opts.userType !== UserType.student) return;
  await db
    .insertInto('activity_periods')
    .values(activityPeriodsOf(dayOf(opts.at)).map((period) => ({ site_id: opts.siteId, user_id: opts.userId, period })))
    .onConflict((oc) => oc.columns(['site_id', 'period', 'user_id']).doNothing())
    .execute();
}
