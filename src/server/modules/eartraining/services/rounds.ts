import type { ProgressResult } from '../../../../shared/contract/learning/courseShapes';
import type { Direction, IntervalId } from '../../../../shared/domain/eartraining/intervals';
import { dayStart, type Exercise, ROUNDS_PER_HOUR, roundXp } from '../../../../shared/domain/eartraining/rounds';
import { type Db, isPostgres, now } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { requireWindow } from '../../../platform/limits';
import { addLearnerXp, passExerciseBlock } from '../../learning';
import { accuracyRows, confusionRows, recentRows, xpSince } from '../queries/progress';
import { xpRulesOf } from './xpRules';

export interface RoundAnswer {
  Interval: IntervalId;
  Direction: Direction;
  Chosen: IntervalId;
  ResponseMs: number;
}

export interface SavedRound {
  saved: boolean;
  right: number;
  xp: number;
  totalXp: number;
  /** A round of a course's block: whether it passed; null for practice. */
  passed: boolean | null;
  /** The course step the round made (its part completed), when it made one. */
  progress: ProgressResult | null;
  /** Xp the course step gave, beside the round's own. */
  stepXp: number;
}

/**
 * Stores a finished round and its answers, and gives its xp by the site's rules (so much per right answer, at most
 * so much a round and a day), in one transaction. The round's key is unique per learner: a second send of the round
 * (a double click, a retry after a lost answer) finds it and answers as the first did, storing and awarding nothing; two sends at once
 * store it once, the other finding it after.
 */
export async function saveRound(
  db: Db,
  opts: {
    siteId: number;
    user: SessionUser;
    exercise: Exercise;
    roundKey: string;
    answers: RoundAnswer[];
    /** The course's ear-training block the round was played in; null for practice. */
    blockId: number | null;
  },
): Promise<SavedRound> {
  const { siteId, user } = opts;
  const earlier = await findRound(db, siteId, user.id, opts.roundKey);
  if (earlier) return earlier;
  await requireWindow(db, {
    siteId,
    bucket: 'eartraining_rounds',
    subject: `user:${user.id}`,
    ...ROUNDS_PER_HOUR,
    message: 'Too many rounds stored in an hour',
  });
  const right = opts.answers.filter((answer) => answer.Chosen === answer.Interval).length;
  const stored = await db.transaction().execute(async (trx) => {
    // Her rounds one at a time from here, so that two at once cannot both fit under the day's cap: PostgreSQL locks
    // her row until this transaction ends; SQLite runs one writing transaction at a time anyway.
    if (isPostgres(trx)) {
      await trx
        .selectFrom('users')
        .select('id')
        .where('site_id', '=', siteId)
        .where('id', '=', user.id)
        .forUpdate()
        .execute();
    }
    const at = now();
    const round = await trx
      .insertInto('eartraining_rounds')
      .values({
        site_id: siteId,
        user_id: user.id,
        exercise: opts.exercise,
        round_key: opts.roundKey,
        questions: opts.answers.length,
        right_answers: right,
        xp: 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['site_id', 'user_id', 'round_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!round) return null;
    await trx
      .insertInto('eartraining_answers')
      .values(
        opts.answers.map((answer) => ({
          site_id: siteId,
          user_id: user.id,
          round_id: round.id,
          exercise: opts.exercise,
          interval: answer.Interval,
          direction: answer.Direction,
          chosen: answer.Chosen,
          correct: answer.Chosen === answer.Interval ? 1 : 0,
          response_ms: answer.ResponseMs,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    // The day's cap, counted inside the transaction that adds to it (the round's own row is still at 0 xp).
    const rules = await xpRulesOf(trx, siteId);
    const today = await xpSince(trx, { siteId, userId: user.id, since: dayStart(at) });
    const due = Math.max(0, Math.min(roundXp(right, rules), rules.DailyMax - today));
    const { added, totalXp } = await addLearnerXp(trx, { siteId, userId: user.id, xp: due });
    if (added > 0) await trx.updateTable('eartraining_rounds').set({ xp: added }).where('id', '=', round.id).execute();
    if (opts.blockId === null)
      return { saved: true, right, xp: added, totalXp, passed: null, progress: null, stepXp: 0 };
    // A course's block: learning judges the round by the block's pass mark and completes the part it passes.
    const block = await passExerciseBlock(trx, {
      siteId,
      user,
      blockId: opts.blockId,
      exercise: opts.exercise,
      right,
      questions: opts.answers.length,
    });
    await trx
      .updateTable('eartraining_rounds')
      .set({ course_block_id: opts.blockId, passed: block.passed ? 1 : 0 })
      .where('id', '=', round.id)
      .execute();
    return {
      saved: true,
      right,
      xp: added,
      totalXp: block.step?.totalXp ?? totalXp,
      passed: block.passed,
      progress: block.progress,
      stepXp: block.step?.earnedXp ?? 0,
    };
  });
  // Another send of this round won the race: answer as it did.
  return stored ?? ((await findRound(db, siteId, user.id, opts.roundKey)) as SavedRound);
}

async function findRound(db: Db, siteId: number, userId: number, roundKey: string): Promise<SavedRound | null> {
  const row = await db
    .selectFrom('eartraining_rounds')
    .innerJoin('users', 'users.id', 'eartraining_rounds.user_id')
    .select([
      'eartraining_rounds.right_answers',
      'eartraining_rounds.xp',
      'eartraining_rounds.passed',
      'users.total_xp',
    ])
    .where('eartraining_rounds.site_id', '=', siteId)
    .where('eartraining_rounds.user_id', '=', userId)
    .where('eartraining_rounds.round_key', '=', roundKey)
    .executeTakeFirst();
  return row
    ? {
        saved: false,
        right: row.right_answers,
        xp: row.xp,
        totalXp: row.total_xp,
        passed: row.passed === null ? null : row.passed === 1,
        progress: null,
        stepXp: 0,
      }
    : null;
}

/** The learner's results of an exercise: accuracy per interval, confusions, her recent answers and today's xp. */
export async function progressOf(db: Db, opts: { siteId: number; user: SessionUser; exercise: Exercise }) {
  const query = { siteId: opts.siteId, userId: opts.user.id, exercise: opts.exercise };
  const [accuracy, confusions, recent, xpToday] = [
    await accuracyRows(db, query),
    await confusionRows(db, query),
    await recentRows(db, query),
    await xpSince(db, { siteId: opts.siteId, userId: opts.user.id, since: dayStart(now()) }),
  ];
  return { accuracy, confusions, recent: recent.reverse(), xpToday };
}
