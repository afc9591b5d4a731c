import type { Exercise } from '../../../../shared/domain/eartraining/rounds';
import type { Db } from '../../../platform/db';

/** Answers a learner's practice follows: her last ones of an exercise. */
export const RECENT_ANSWERS = 200;

const answersOf = (db: Db, opts: { siteId: number; userId: number; exercise: Exercise }) =>
  db
    .selectFrom('eartraining_answers')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('exercise', '=', opts.exercise);

/** Per interval played: how often, and how often right. */
export const accuracyRows = (db: Db, opts: { siteId: number; userId: number; exercise: Exercise }) =>
  answersOf(db, opts)
    .select((eb) => ['interval', eb.fn.countAll<number>().as('answered'), eb.fn.sum<number>('correct').as('right')])
    .groupBy('interval')
    .orderBy('interval')
    .execute();

/** Which interval was heard as which, the mistakes only, most often first. */
export const confusionRows = (db: Db, opts: { siteId: number; userId: number; exercise: Exercise }) =>
  answersOf(db, opts)
    .where('correct', '=', 0)
    .select((eb) => ['interval', 'chosen', eb.fn.countAll<number>().as('count')])
    .groupBy(['interval', 'chosen'])
    .orderBy('count', 'desc')
    .orderBy('interval')
    .orderBy('chosen')
    .execute();

/** Her last answers, newest first. */
export const recentRows = (db: Db, opts: { siteId: number; userId: number; exercise: Exercise }) =>
  answersOf(db, opts).select(['interval', 'chosen']).orderBy('id', 'desc').limit(RECENT_ANSWERS).execute();

/** Xp from ear training since a moment (the day's start). */
export async function xpSince(db: Db, opts: { siteId: number; userId: number; since: string }): Promise<number> {
  const row = await db
    .selectFrom('eartraining_rounds')
    .select((eb) => eb.fn.sum<number>('xp').as('xp'))
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('created_at', '>=', opts.since)
    .executeTakeFirst();
  return Number(row?.xp ?? 0);
}
