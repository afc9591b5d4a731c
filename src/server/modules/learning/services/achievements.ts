import type { Db } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { seesCourseAsStaff } from '../policies/course';
import { loadCourseForViewer } from './courseAccess';
import { openCourseIds } from './courses';

function achievementsWithEarned(db: Db, opts: { siteId: number; userId: number }) {
  return db
    .selectFrom('achievements')
    .innerJoin('courses', 'courses.id', 'achievements.course_id')
    .leftJoin('user_achievements', (join) =>
      join
        .onRef('user_achievements.achievement_id', '=', 'achievements.id')
        .on('user_achievements.user_id', '=', opts.userId)
        .on('user_achievements.site_id', '=', opts.siteId),
    )
    .select([
      'achievements.id',
      'achievements.course_id',
      'achievements.title',
      'achievements.description',
      'achievements.required_xp',
      'courses.name as course_name',
      'user_achievements.created_at as earned_at',
    ])
    .where('achievements.site_id', '=', opts.siteId);
}

/** An achievement of a course with the course's name and when the user earned it (null: not yet). */
export type AchievementWithEarned = Awaited<ReturnType<ReturnType<typeof achievementsWithEarned>['execute']>>[number];

/** The achievements of the courses the user may open (or of one of them), each marked earned or not. */
export async function listAchievements(
  db: Db,
  opts: { siteId: number; user: SessionUser; courseId: number | null },
): Promise<AchievementWithEarned[]> {
  let query = achievementsWithEarned(db, { siteId: opts.siteId, userId: opts.user.id });
  if (opts.courseId !== null) {
    await loadCourseForViewer(db, { siteId: opts.siteId, user: opts.user, courseId: opts.courseId });
    query = query.where('achievements.course_id', '=', opts.courseId);
  } else if (!seesCourseAsStaff(opts.user)) {
    const ids = await openCourseIds(db, opts);
    if (ids.length === 0) return [];
    query = query.where('achievements.course_id', 'in', ids);
  }
  const rows = await query
    .orderBy('courses.sort_id')
    .orderBy('achievements.course_id')
    .orderBy('achievements.required_xp')
    .execute();
  return rows;
}

/** One achievement of a course the user may open, with her xp in that course. */
export async function getAchievement(
  db: Db,
  opts: { siteId: number; user: SessionUser; id: number; courseId: number },
) {
  await loadCourseForViewer(db, { siteId: opts.siteId, user: opts.user, courseId: opts.courseId });
  const [row, progress] = await Promise.all([
    achievementsWithEarned(db, { siteId: opts.siteId, userId: opts.user.id })
      .where('achievements.id', '=', opts.id)
      .where('achievements.course_id', '=', opts.courseId)
      .executeTakeFirst(),
    db
      .selectFrom('course_progress')
      .select('xp')
      .where('site_id', '=', opts.siteId)
      .where('user_id', '=', opts.user.id)
      .where('course_id', '=', opts.courseId)
      .executeTakeFirst(),
  ]);
  if (!row) throw new AppError('NOT_FOUND', 'No such achievement in this course');
  return { achievement: row, courseXp: progress?.xp ?? 0 };
}
