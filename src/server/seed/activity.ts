import { createHash } from 'node:crypto';
import { dayOf } from '../../shared/domain/statistics/statistics';
import { activityPeriodsOf } from '../modules/statistics';
import type { Db } from '../platform/db';

const DAY_MS = 86_400_000;

/**
 * Two months of learning on the demo course, so /statistics has a story to tell: the demo's learners start on
 * different days, most go a few parts in and stop (fewer reach each part than the one before), some finish; they
 * sign in and answer the course's quizzes and tests on the way. Made up with a fixed sequence, the same on every seed.
 */
export async function seedDemoActivity(db: Db, opts: { siteId: number; courseId: number }): Promise<void> {
  const { siteId, courseId } = opts;
  const parts = await db
    .selectFrom('course_parts')
    .select('id')
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .orderBy('sort_id')
    .execute();
  const blocks = await db
    .selectFrom('course_blocks')
    .select(['id', 'course_part_id'])
    .where('site_id', '=', siteId)
    .where('block_type', 'in', ['Quiz', 'Test'])
    .where(
      'course_part_id',
      'in',
      parts.map((part) => part.id),
    )
    .execute();
  const learners = await db
    .selectFrom('users')
    .select('id')
    .where('site_id', '=', siteId)
    .where('email', 'like', '%@learners.example')
    .orderBy('id')
    .execute();
  const now = Date.now();
  for (const [i, learner] of learners.entries()) {
    // Where she stops: the first parts keep most learners, the later ones fewer; every fifth learner finishes.
    const share = ((i * 37) % 100) / 100;
    const reached = i % 5 === 0 ? parts.length : 1 + Math.floor((parts.length - 1) * share * share);
    const startedAgo = 5 + ((i * 13) % 55);
    const startedAt = now - startedAgo * DAY_MS;
    const at = (step: number) =>
      new Date(startedAt + ((step * startedAgo) / (parts.length + 1)) * DAY_MS).toISOString();
    const row = (when: string) => ({ site_id: siteId, user_id: learner.id, created_at: when, updated_at: when });
    // She registered the day she started.
    await db
      .updateTable('users')
      .set({ created_at: at(0) })
      .where('id', '=', learner.id)
      .execute();
    await db
      .insertInto('course_access')
      .values({ ...row(at(0)), course_id: courseId, source: 'staff', granted_by_user_id: null, expires_at: null })
      .onConflict((oc) => oc.columns(['site_id', 'user_id', 'course_id']).doNothing())
      .execute();
    const done = parts.slice(0, reached);
    if (done.length === 0) continue;
    await db
      .insertInto('part_progress')
      .values(
        done.map((part, step) => ({
          ...row(at(step + 1)),
          course_id: courseId,
          course_part_id: part.id,
          video_play: 0,
          completed_at: at(step + 1),
          milestone_completed_at: null,
        })),
      )
      .execute();
    const finished = reached === parts.length;
    await db
      .insertInto('course_progress')
      .values({
        ...row(at(1)),
        course_id: courseId,
        progress_percent: Math.round((reached / parts.length) * 100),
        xp: 0,
        completed_at: finished ? at(parts.length) : null,
      })
      .execute();
    const answered = blocks.filter((block) => done.some((part) => part.id === block.course_part_id));
    if (answered.length > 0) {
      await db
        .insertInto('block_results')
        .values(
          answered.map((block, n) => {
            const passed = (i + n) % 4 !== 0;
            return {
              ...row(at(1)),
              course_block_id: block.id,
              answers: '{}',
              score: passed ? 3 : 1,
              max_score: 3,
              passed: passed ? 1 : 0,
              attempts: 1,
            };
          }),
        )
        .onConflict((oc) => oc.columns(['site_id', 'user_id', 'course_block_id']).doNothing())
        .execute();
    }
    // The days she came: the first, one per part she completed, and the odd visit since.
    const days = new Set([0, ...done.map((_, step) => step + 1)].map((step) => dayOf(at(step))));
    for (let back = i % 6; back < startedAgo; back += 6 + (i % 5)) days.add(dayOf(new Date(now - back * DAY_MS)));
    await db
      .insertInto('activity_periods')
      .values(
        [...new Set([...days].flatMap(activityPeriodsOf))].map((period) => ({
          site_id: siteId,
          user_id: learner.id,
          period,
        })),
      )
      .onConflict((oc) => oc.columns(['site_id', 'period', 'user_id']).doNothing())
      .execute();
    // Her sign-ins, long since ended: their tokens are nobody's.
    await db
      .insertInto('sessions')
      .values(
        [...days].map((day, n) => {
          const signedIn = `${day}T${String(8 + ((i + n) % 12)).padStart(2, '0')}:00:00.000Z`;
          return {
            ...row(signedIn),
            token_hash: createHash('sha256').update(`demo-${siteId}-${learner.id}-${n}`).digest('hex'),
            expires_at: signedIn,
            revoked_at: signedIn,
          };
        }),
      )
      .execute();
  }
}
