import { type Db, now } from '../../../platform/db';
import { listed, lockedAmong } from './users';

/**
 * What one user's page reads (/user/:id). The tables are other modules' (identity's users and sessions, learning's
 * access, progress, achievements and certificates, coaching's exams), read here for joins only; every change goes
 * through the owning module's index.
 */

/** Her row as the list reads it, with her language, xp and her locker's name; undefined for no such user of the site. */
export const findUserRow = (db: Db, siteId: number, userId: number) =>
  listed(db.selectFrom('users'), siteId)
    .leftJoin('users as locker', (join) =>
      join.onRef('locker.id', '=', 'users.locked_by_user_id').on('locker.site_id', '=', siteId),
    )
    .select([
      'users.language',
      'users.total_xp',
      'users.locked_by_user_id',
      'locker.first_name as locker_first_name',
      'locker.last_name as locker_last_name',
    ])
    .where('users.site_id', '=', siteId)
    .where('users.id', '=', userId)
    .executeTakeFirst();

export type UserPageRow = NonNullable<Awaited<ReturnType<typeof findUserRow>>>;

/** Whether failed sign-ins closed signing in to her address until a reset (a source's third lock in a row). */
export const signInLocked = async (db: Db, siteId: number, email: string): Promise<boolean> =>
  (await lockedAmong(db, siteId, [email])).has(email);

/** Her access rows and her progress rows, each with its course's name. */
export async function courseRows(db: Db, siteId: number, userId: number) {
  const [access, progress] = await Promise.all([
    db
      .selectFrom('course_access')
      .innerJoin('courses', 'courses.id', 'course_access.course_id')
      .select([
        'course_access.course_id',
        'courses.name',
        'course_access.source',
        'course_access.created_at',
        'course_access.expires_at',
      ])
      .where('course_access.site_id', '=', siteId)
      .where('course_access.user_id', '=', userId)
      .execute(),
    db
      .selectFrom('course_progress')
      .innerJoin('courses', 'courses.id', 'course_progress.course_id')
      .select([
        'course_progress.course_id',
        'courses.name',
        'course_progress.progress_percent',
        'course_progress.xp',
        'course_progress.completed_at',
      ])
      .where('course_progress.site_id', '=', siteId)
      .where('course_progress.user_id', '=', userId)
      .execute(),
  ]);
  return { access, progress };
}

export const achievementRows = (db: Db, siteId: number, userId: number) =>
  db
    .selectFrom('user_achievements')
    .innerJoin('achievements', 'achievements.id', 'user_achievements.achievement_id')
    .innerJoin('courses', 'courses.id', 'achievements.course_id')
    .select([
      'achievements.id',
      'achievements.title',
      'achievements.course_id',
      'courses.name as course_name',
      'user_achievements.created_at',
    ])
    .where('user_achievements.site_id', '=', siteId)
    .where('user_achievements.user_id', '=', userId)
    .orderBy('user_achievements.created_at', 'desc')
    .orderBy('user_achievements.id', 'desc')
    .execute();

/**
 * The exams she can take or has taken: every exam block of the courses she holds access to (`not_started` when she
 * has no answer), and every answer of hers (of a course she no longer holds too).
 */
export async function examRows(db: Db, siteId: number, userId: number) {
  const [blocks, answers] = await Promise.all([
    db
      .selectFrom('course_blocks')
      .innerJoin('course_parts', 'course_parts.id', 'course_blocks.course_part_id')
      .innerJoin('courses', 'courses.id', 'course_parts.course_id')
      .innerJoin('course_access', (join) =>
        join
          .onRef('course_access.course_id', '=', 'courses.id')
          .on('course_access.site_id', '=', siteId)
          .on('course_access.user_id', '=', userId),
      )
      .select([
        'course_blocks.id as block_id',
        'course_blocks.title as block_title',
        'course_parts.id as part_id',
        'course_parts.name as part_name',
        'course_parts.sort_id as part_sort',
        'course_blocks.sort_id as block_sort',
        'courses.id as course_id',
        'courses.name as course_name',
      ])
      .where('course_blocks.site_id', '=', siteId)
      .where('course_blocks.block_type', 'in', ['Exam', 'FinalExam'])
      .execute(),
    db
      .selectFrom('user_exams')
      .innerJoin('course_blocks', 'course_blocks.id', 'user_exams.course_block_id')
      .innerJoin('course_parts', 'course_parts.id', 'user_exams.course_part_id')
      .innerJoin('courses', 'courses.id', 'user_exams.course_id')
      .select([
        'user_exams.id',
        'user_exams.status',
        'user_exams.submitted_at',
        'user_exams.reviewed_at',
        'user_exams.review_score',
        'course_blocks.id as block_id',
        'course_blocks.title as block_title',
        'course_parts.id as part_id',
        'course_parts.name as part_name',
        'course_parts.sort_id as part_sort',
        'course_blocks.sort_id as block_sort',
        'courses.id as course_id',
        'courses.name as course_name',
      ])
      .where('user_exams.site_id', '=', siteId)
      .where('user_exams.user_id', '=', userId)
      .execute(),
  ]);
  return { blocks, answers };
}

export const certificateRows = (db: Db, siteId: number, userId: number) =>
  db
    .selectFrom('certificates')
    .innerJoin('courses', 'courses.id', 'certificates.course_id')
    .select([
      'certificates.id',
      'certificates.course_id',
      'courses.name as course_name',
      'certificates.code',
      'certificates.issued_at',
      'certificates.expires_at',
    ])
    .where('certificates.site_id', '=', siteId)
    .where('certificates.user_id', '=', userId)
    .orderBy('certificates.issued_at', 'desc')
    .execute();

/** Her live sessions, newest first (at most 100). */
export const sessionRows = (db: Db, siteId: number, userId: number) =>
  db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now())
    // An administrator's view-as session is not hers (the view-as log lists them).
    .where('viewer_user_id', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();

/** One page of her history, newest first, with each actor's name. */
export const historyRows = (db: Db, siteId: number, userId: number, page: { limit: number; offset: number }) =>
  db
    .selectFrom('user_history')
    .leftJoin('users as actor', (join) =>
      join.onRef('actor.id', '=', 'user_history.actor_user_id').on('actor.site_id', '=', siteId),
    )
    .select([
      'user_history.id',
      'user_history.created_at',
      'user_history.actor_user_id',
      'actor.first_name',
      'actor.last_name',
      'user_history.action',
      'user_history.details',
    ])
    .where('user_history.site_id', '=', siteId)
    .where('user_history.user_id', '=', userId)
    .orderBy('user_history.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

export type HistoryRow = Awaited<ReturnType<typeof historyRows>>[number];

export async function countHistory(db: Db, siteId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Writes one entry of her history (inside the change's transaction). */
export async function writeHistory(
  db: Db,
  entry: { siteId: number; userId: number; actorId: number; action: string; details: Record<string, unknown> },
) {
  const at = now();
  await db
    .insertInto('user_history')
    .values({
      site_id: entry.siteId,
      user_id: entry.userId,
      actor_user_id: entry.actorId,
      action: entry.action,
      details: JSON.stringify(entry.details),
      created_at: at,
      updated_at: at,
    })
    .execute();
}
