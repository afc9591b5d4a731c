import { defaultXpRules, type XpRules } from '../../../../shared/domain/eartraining/rounds';
import { type Db, now } from '../../../platform/db';

/** The site's xp rules of ear training, or the defaults while its administrators have not set them. */
export async function xpRulesOf(db: Db, siteId: number): Promise<XpRules> {
  const row = await db
    .selectFrom('eartraining_xp_rules')
    .select(['per_right_answer', 'round_max', 'daily_max'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row
    ? { PerRightAnswer: row.per_right_answer, RoundMax: row.round_max, DailyMax: row.daily_max }
    : defaultXpRules;
}

/** Sets the site's xp rules (checked by the contract); rounds stored from now on earn by them. */
export async function saveXpRules(db: Db, siteId: number, rules: XpRules): Promise<XpRules> {
  const at = now();
  const values = { per_right_answer: rules.PerRightAnswer, round_max: rules.RoundMax, daily_max: rules.DailyMax };
  await db
    .insertInto('eartraining_xp_rules')
    .values({ site_id: siteId, ...values, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('site_id').doUpdateSet({ ...values, updated_at: at }))
    .execute();
  return rules;
}
