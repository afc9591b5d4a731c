import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { BlockResult, ProgressResult } from '../../../../shared/contract/learning/courseShapes';
import { completesByPlay, isMilestone } from '../../../../shared/domain/learning/course';
import { attemptLimit } from '../../../../shared/domain/learning/testAttempts';
import { ProgressEvent, progressPercent } from '../../../../shared/domain/learning/xp';
import { type Db, now } from '../../../platform/db';
import type { AchievementsTable, CoursePartRow, CourseRow, SessionUser, XpSource } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { readBlockContent, scoreAnswers, visibleResult } from '../domain/blockContent';
import { seesCourseAsStaff, visibleToLearner } from '../policies/course';
import { presentProgress } from '../presenters/progress';
import { partVisibleToLearner } from '../queries/visibility';
import { issueCertificate } from './certificates';
import { loadCourseForViewer } from './courseAccess';

/**
 * Progress, xp, achievements and certificates (spec §4). Every step runs in one transaction, and every award is
 * a row under a unique key inserted with ON CONFLICT DO NOTHING: a replay, a double submit or two processes
 * racing award once.
 */

interface Target {
  siteId: number;
  user: SessionUser;
  courseId: number;
  partId: number;
}

/** The course and part a learner acts on: she must be able to open the course and see the part. */
export async function openPart(db: Db, opts: Target): Promise<{ course: CourseRow; part: CoursePartRow }> {
  const course = await loadCourseForViewer(db, opts);
  const part = await db
    .selectFrom('course_parts')
    .selectAll()
    .where('site_id', '=', opts.siteId)
    .where('course_id', '=', course.id)
    .where('id', '=', opts.partId)
    .executeTakeFirst();
  if (!part || (!seesCourseAsStaff(opts.user) && !visibleToLearner(part, now()))) {
    throw new AppError('NOT_FOUND', 'No such part in this course');
  }
  return { course, part };
}

interface Award {
  partId: number;
  source: XpSource;
  xp: number;
}

/** What a step did to the course: the learner's percent, the highest achievement it reached, a new certificate. */
export interface CourseStep {
  percent: number;
  achievement: Selectable<AchievementsTable> | null;
  certificateGenerated: boolean;
}

export interface StepOutcome {
  progress: CourseStep;
  /** Xp this step awarded. */
  earnedXp: number;
  totalXp: number;
  /** The award row of this step's kind for the part (new or earlier), when one exists. */
  awardId: number | null;
}

/** Share of the course's counted parts the user has completed, as learners see the course now. */
async function coursePercent(db: Db, opts: { siteId: number; userId: number; courseId: number }): Promise<number> {
  const row = await db
    .selectFrom('course_parts')
    .leftJoin('part_progress', (join) =>
      join
        .onRef('part_progress.course_part_id', '=', 'course_parts.id')
        .on('part_progress.site_id', '=', opts.siteId)
        .on('part_progress.user_id', '=', opts.userId)
        .on('part_progress.completed_at', 'is not', null),
    )
    .select((eb) => [eb.fn.countAll<number>().as('counted'), eb.fn.count<number>('part_progress.id').as('completed')])
    .where('course_parts.site_id', '=', opts.siteId)
    .where('course_parts.course_id', '=', opts.courseId)
    .where(partVisibleToLearner(now()))
    .where('course_parts.progress_criteria', '<>', 'none')
    .executeTakeFirstOrThrow();
  return progressPercent(Number(row.completed), Number(row.counted));
}

/**
 * After a part was completed or reset: awards xp (once per part and kind, only to users who collect xp), updates
 * the course's progress and xp, reaches achievements and issues the certificate at 100 %.
 */
export async function settleStep(
  trx: Db,
  opts: { siteId: number; userId: number; course: CourseRow; award: Award | null },
): Promise<StepOutcome> {
  const { siteId, userId, course, award } = opts;
  const at = now();
  const user = await trx
    .selectFrom('users')
    .select(['collect_xp', 'total_xp'])
    .where('site_id', '=', siteId)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

  let earnedXp = 0;
  let awardId: number | null = null;
  if (award && user.collect_xp === 1) {
    const inserted = await trx
      .insertInto('xp_awards')
      .values({
        site_id: siteId,
        user_id: userId,
        course_id: course.id,
        course_part_id: award.partId,
        source: award.source,
        xp: award.xp,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['site_id', 'user_id', 'course_part_id', 'source']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) {
      earnedXp = award.xp;
      awardId = inserted.id;
      await trx
        .updateTable('users')
        .set({ total_xp: sql`total_xp + ${earnedXp}`, updated_at: at })
        .where('site_id', '=', siteId)
        .where('id', '=', userId)
        .execute();
    } else {
      const earlier = await trx
        .selectFrom('xp_awards')
        .select('id')
        .where('site_id', '=', siteId)
        .where('user_id', '=', userId)
        .where('course_part_id', '=', award.partId)
        .where('source', '=', award.source)
        .executeTakeFirstOrThrow();
      awardId = earlier.id;
    }
  }

  const percent = await coursePercent(trx, { siteId, userId, courseId: course.id });
  const progress = await trx
    .insertInto('course_progress')
    .values({
      site_id: siteId,
      user_id: userId,
      course_id: course.id,
      progress_percent: percent,
      xp: earnedXp,
      completed_at: percent === 100 ? at : null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['site_id', 'user_id', 'course_id']).doUpdateSet({
        progress_percent: (eb) => eb.ref('excluded.progress_percent'),
        xp: sql`course_progress.xp + excluded.xp`,
        // Completion is kept once reached: a reset episode lowers the percent, not the finished course.
        completed_at: sql`coalesce(course_progress.completed_at, excluded.completed_at)`,
        updated_at: at,
      }),
    )
    .returning(['xp'])
    .executeTakeFirstOrThrow();

  const achievement =
    earnedXp > 0 ? await reachAchievements(trx, { siteId, userId, courseId: course.id, courseXp: progress.xp }) : null;
  const certificateGenerated =
    percent === 100 && course.certificate_enabled === 1
      ? await issueCertificate(trx, { siteId, userId, course })
      : false;

  return {
    progress: { percent, achievement, certificateGenerated },
    earnedXp,
    totalXp: user.total_xp + earnedXp,
    awardId,
  };
}

/** Records every achievement of the course the user's course xp now reaches; answers the highest new one. */
async function reachAchievements(
  trx: Db,
  opts: { siteId: number; userId: number; courseId: number; courseXp: number },
): Promise<Selectable<AchievementsTable> | null> {
  const reached = await trx
    .selectFrom('achievements')
    .selectAll()
    .where('site_id', '=', opts.siteId)
    .where('course_id', '=', opts.courseId)
    .where('required_xp', '<=', opts.courseXp)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_achievements')
            .select('user_achievements.id')
            .where('user_achievements.site_id', '=', opts.siteId)
            .where('user_achievements.user_id', '=', opts.userId)
            .whereRef('user_achievements.achievement_id', '=', 'achievements.id'),
        ),
      ),
    )
    .orderBy('required_xp', 'desc')
    .execute();
  let newest: Selectable<AchievementsTable> | null = null;
  const at = now();
  for (const achievement of reached) {
    const inserted = await trx
      .insertInto('user_achievements')
      .values({
        site_id: opts.siteId,
        user_id: opts.userId,
        achievement_id: achievement.id,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['site_id', 'user_id', 'achievement_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted && !newest) newest = achievement;
  }
  return newest;
}

/**
 * Marks a part completed, the one upsert of `part_progress` completion: a play of its video is kept once made, a
 * milestone gets its completion time. Answers whether the part was not completed before.
 */
export async function completePart(
  trx: Db,
  opts: {
    siteId: number;
    userId: number;
    courseId: number;
    partId: number;
    videoPlay: boolean;
    milestoneAt?: string | null;
  },
): Promise<boolean> {
  const at = now();
  const milestoneAt = opts.milestoneAt ?? null;
  const row = await trx
    .insertInto('part_progress')
    .values({
      site_id: opts.siteId,
      user_id: opts.userId,
      course_id: opts.courseId,
      course_part_id: opts.partId,
      video_play: opts.videoPlay ? 1 : 0,
      completed_at: at,
      milestone_completed_at: milestoneAt,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'user_id', 'course_part_id'])
        .doUpdateSet({
          video_play: opts.videoPlay ? 1 : sql`part_progress.video_play`,
          milestone_completed_at: milestoneAt ?? sql`part_progress.milestone_completed_at`,
          completed_at: at,
          updated_at: at,
        })
        .where('part_progress.completed_at', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export const progressAward = (course: CourseRow, partId: number): Award | null =>
  course.progress_event === ProgressEvent.xpOnProgress
    ? { partId, source: 'progress', xp: course.xp_per_reward }
    : null;

/** updateCourseProgressVideoPlay: the user played a part's video to the end, or opened a part completed by a visit. */
export async function recordVideoPlay(db: Db, opts: Target): Promise<StepOutcome & { added: boolean }> {
  const { course, part } = await openPart(db, opts);
  if (!completesByPlay(part.progress_criteria)) {
    throw new AppError('NOT_COMPLETABLE', 'This part is completed by a test or a review, not by playing it');
  }
  return db.transaction().execute(async (trx) => {
    const added = await completePart(trx, { ...opts, userId: opts.user.id, courseId: course.id, videoPlay: true });
    const outcome = await settleStep(trx, {
      siteId: opts.siteId,
      userId: opts.user.id,
      course,
      award: added ? progressAward(course, part.id) : null,
    });
    return { ...outcome, added };
  });
}

/** reset_episode_progress: the episode counts as not played again; xp already earned stays. */
export async function resetEpisode(db: Db, opts: Target): Promise<number> {
  const { course, part } = await openPart(db, opts);
  if (!completesByPlay(part.progress_criteria)) {
    throw new AppError('NOT_COMPLETABLE', 'Only episodes completed by playing them can be reset');
  }
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('part_progress')
      .set({ video_play: 0, completed_at: null, updated_at: now() })
      .where('site_id', '=', opts.siteId)
      .where('user_id', '=', opts.user.id)
      .where('course_part_id', '=', part.id)
      .execute();
    const outcome = await settleStep(trx, { siteId: opts.siteId, userId: opts.user.id, course, award: null });
    return outcome.progress.percent;
  });
}

/** save_reward: the reward box of a page, once per page, in courses whose progress event is the reward box. */
export async function claimReward(db: Db, opts: Target): Promise<StepOutcome & { awardId: number }> {
  const { course, part } = await openPart(db, opts);
  if (course.progress_event !== ProgressEvent.rewardBox || opts.user.collect_xp !== 1) {
    throw new AppError('REWARD_NOT_AVAILABLE', 'This page has no reward to take');
  }
  const outcome = await db.transaction().execute((trx) =>
    settleStep(trx, {
      siteId: opts.siteId,
      userId: opts.user.id,
      course,
      award: { partId: part.id, source: 'reward', xp: course.xp_per_reward },
    }),
  );
  if (outcome.awardId === null) throw new AppError('REWARD_NOT_AVAILABLE', 'This page has no reward to take');
  return { ...outcome, awardId: outcome.awardId };
}

/**
 * submit_answers: scores a quiz or test on the server and keeps the latest answer. A passed test completes its
 * part when the part is completed by a test; once passed, a test stays passed. A learner has the course's
 * attempts per test (`test_attempts`, none: no limit): the attempt count rises in the same conditional upsert that
 * checks it, so racing submits cannot pass the limit, and an attempt beyond it is NO_ATTEMPTS_LEFT with nothing
 * written. What the answer tells of a test follows `visibleResult`.
 */
export async function submitAnswers(
  db: Db,
  opts: Target & { blockId: number; answers: Record<string, string[]> },
): Promise<{ result: BlockResult; step: StepOutcome | null }> {
  const { course, part } = await openPart(db, opts);
  const block = await db
    .selectFrom('course_blocks')
    .selectAll()
    .where('site_id', '=', opts.siteId)
    .where('course_part_id', '=', part.id)
    .where('id', '=', opts.blockId)
    .where('block_type', 'in', ['Quiz', 'Test'])
    .executeTakeFirst();
  const staff = seesCourseAsStaff(opts.user);
  const scorable = block && (block.block_type === 'Quiz' || block.block_type === 'Test') ? block.block_type : null;
  if (!block || !scorable || (!staff && (block.published !== 1 || block.mentor_only !== 0))) {
    throw new AppError('NOT_FOUND', 'No such quiz or test on this part');
  }
  const content = readBlockContent(scorable, block.content);
  if (!content) throw new AppError('NOT_FOUND', 'No such quiz or test on this part');

  const scored = scoreAnswers(content.questions, opts.answers);
  const isTest = block.block_type === 'Test';
  // Staff see the right answers anyway: the limit is the learners'.
  const limit = isTest && !staff ? attemptLimit(course.test_attempts) : null;
  const passed = isTest
    ? scored.score * 100 >= (content.passPercent ?? 0) * scored.maxScore
    : scored.score === scored.maxScore;
  // Only answers to the block's own questions and options are kept.
  const kept = Object.fromEntries(
    content.questions.map((q) => [q.id, (opts.answers[q.id] ?? []).filter((o) => q.options.some((x) => x.id === o))]),
  );

  return db.transaction().execute(async (trx) => {
    const at = now();
    const row = await trx
      .insertInto('block_results')
      .values({
        site_id: opts.siteId,
        user_id: opts.user.id,
        course_block_id: block.id,
        answers: JSON.stringify(kept),
        score: scored.score,
        max_score: scored.maxScore,
        passed: passed ? 1 : 0,
        attempts: 1,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => {
        const update = oc.columns(['site_id', 'user_id', 'course_block_id']).doUpdateSet({
          answers: (eb) => eb.ref('excluded.answers'),
          score: (eb) => eb.ref('excluded.score'),
          max_score: (eb) => eb.ref('excluded.max_score'),
          passed: sql`case when block_results.passed = 1 then 1 else excluded.passed end`,
          attempts: sql`block_results.attempts + 1`,
          updated_at: at,
        });
        return limit === null ? update : update.where('block_results.attempts', '<', limit);
      })
      .returning(['passed', 'attempts'])
      .executeTakeFirst();
    if (!row) throw new AppError('NO_ATTEMPTS_LEFT', 'You have no attempts left on this test');

    const result: BlockResult = visibleResult({
      isTest,
      staff,
      testAttempts: course.test_attempts,
      score: scored.score,
      maxScore: scored.maxScore,
      passed: row.passed === 1,
      attempts: row.attempts,
      questions: scored.questions,
    });
    if (!(isTest && passed && part.progress_criteria === 'test')) return { result, step: null };
    const added = await completePart(trx, { ...opts, userId: opts.user.id, courseId: course.id, videoPlay: false });
    const step = await settleStep(trx, {
      siteId: opts.siteId,
      userId: opts.user.id,
      course,
      award: added ? progressAward(course, part.id) : null,
    });
    return { result, step };
  });
}

/**
 * A round of a course's ear-training block (eartraining.php save_round with its BlockId), inside the round's
 * transaction: the block must be one the learner may see, of the round's exercise, and the round as long as the
 * block asks. Her best round is kept like a test's result (`block_results`, passed once passed); a passing round
 * (the block's share of right answers) completes its part when the part is completed by a test, with the progress,
 * xp, achievements and certificate of any step. Unknown or hidden: NOT_FOUND, and the caller's transaction undoes
 * the round.
 */
export async function passExerciseBlock(
  trx: Db,
  opts: { siteId: number; user: SessionUser; blockId: number; exercise: string; right: number; questions: number },
): Promise<{ passed: boolean; step: StepOutcome | null; progress: ProgressResult | null }> {
  const found = await trx
    .selectFrom('course_blocks')
    .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
    .select([
      'course_blocks.id',
      'course_blocks.content',
      'course_blocks.published',
      'course_blocks.mentor_only',
      'course_parts.course_id',
      'course_parts.id as part_id',
    ])
    .where('course_blocks.site_id', '=', opts.siteId)
    .where('course_blocks.id', '=', opts.blockId)
    .where('course_blocks.block_type', '=', 'EarTraining')
    .executeTakeFirst();
  const missing = () => new AppError('NOT_FOUND', 'No such ear-training exercise in a course');
  if (!found) throw missing();
  const { course, part } = await openPart(trx, {
    siteId: opts.siteId,
    user: opts.user,
    courseId: found.course_id,
    partId: found.part_id,
  });
  if (!seesCourseAsStaff(opts.user) && (found.published !== 1 || found.mentor_only !== 0)) throw missing();
  const content = readBlockContent('EarTraining', found.content);
  if (!content) throw missing();
  if (content.exercise !== opts.exercise || opts.questions < content.settings.Questions) {
    throw new AppError('INVALID_REQUEST', 'The round is not one of this exercise', {
      fields: [{ field: 'data.BlockId', message: 'The round is not one of this exercise' }],
    });
  }
  const passed = opts.right * 100 >= content.passPercent * opts.questions;
  const at = now();
  await trx
    .insertInto('block_results')
    .values({
      site_id: opts.siteId,
      user_id: opts.user.id,
      course_block_id: found.id,
      answers: '{}',
      score: opts.right,
      max_score: opts.questions,
      passed: passed ? 1 : 0,
      attempts: 1,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['site_id', 'user_id', 'course_block_id']).doUpdateSet({
        // The best round stays: a passed one, else the one with the larger share right.
        score: sql`case when block_results.passed = 0 and excluded.score * block_results.max_score >= block_results.score * excluded.max_score then excluded.score else block_results.score end`,
        max_score: sql`case when block_results.passed = 0 and excluded.score * block_results.max_score >= block_results.score * excluded.max_score then excluded.max_score else block_results.max_score end`,
        passed: sql`case when block_results.passed = 1 then 1 else excluded.passed end`,
        attempts: sql`block_results.attempts + 1`,
        updated_at: at,
      }),
    )
    .execute();
  if (!passed || part.progress_criteria !== 'test') return { passed, step: null, progress: null };
  const added = await completePart(trx, {
    siteId: opts.siteId,
    userId: opts.user.id,
    courseId: course.id,
    partId: part.id,
    videoPlay: false,
  });
  const step = await settleStep(trx, {
    siteId: opts.siteId,
    userId: opts.user.id,
    course,
    award: added ? progressAward(course, part.id) : null,
  });
  return { passed, step, progress: presentProgress(step.progress) };
}

/**
 * course_admin.php reset_test_attempts: a learner starts a test of the course afresh (staff only). Her result on
 * it goes, and with it the attempts counted; a part it completed and the xp it gave stay, as for a reset episode.
 */
export async function resetTestAttempts(
  db: Db,
  opts: { siteId: number; courseId: number; userId: number; blockId: number },
): Promise<boolean> {
  const block = await db
    .selectFrom('course_blocks')
    .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
    .select('course_blocks.id')
    .where('course_blocks.site_id', '=', opts.siteId)
    .where('course_parts.site_id', '=', opts.siteId)
    .where('course_parts.course_id', '=', opts.courseId)
    .where('course_blocks.id', '=', opts.blockId)
    .where('course_blocks.block_type', '=', 'Test')
    .executeTakeFirst();
  if (!block) throw new AppError('NOT_FOUND', 'No such test in this course');
  const removed = await db
    .deleteFrom('block_results')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('course_block_id', '=', block.id)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * A coach approved the last exam of a part completed by review (user_exam.php review_user_exam): the part
 * completes (a milestone also gets its MilestoneCompletedDate), and progress, xp, achievements and the certificate
 * follow as for any other step, inside the reviewer's transaction.
 */
export async function completeReviewedPart(
  trx: Db,
  opts: { siteId: number; userId: number; course: CourseRow; part: CoursePartRow },
): Promise<StepOutcome> {
  const added = await completePart(trx, {
    siteId: opts.siteId,
    userId: opts.userId,
    courseId: opts.course.id,
    partId: opts.part.id,
    videoPlay: false,
    milestoneAt: isMilestone(opts.part.post_type) ? now() : null,
  });
  return settleStep(trx, {
    siteId: opts.siteId,
    userId: opts.userId,
    course: opts.course,
    award: added ? progressAward(opts.course, opts.part.id) : null,
  });
}
