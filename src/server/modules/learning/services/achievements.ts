import type { EarnedAchievement } from '../../../../shared/contract/learning/achievements';
import type { Db } from '../../../platform/db';
import type { UserRow } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { seesCourseAsStaff } from '../policies/course';
import { openCourse } from './courseAccess';
import { listMyCourses } from './courses';

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

type Row = Awaited<ReturnType<ReturnType<typeof achievementsWithEarned>['execute']>>[number];

const present = (row: Row): EarnedAchievement => ({
  Id: row.id,
  CourseId: row.course_id,
  CourseName: row.course_name,
  title: row.title,
  description: row.description,
  required_xp: row.required_xp,
  earned: row.earned_at !== null,
  EarnedDate: row.earned_at,
});

/** The achievements of the courses the user may open (or of one of them), each marked earned or not. */
export async function listAchievements(
  db: Db,
  opts: { siteId: number; user: UserRow; courseId: number | null },
): Promise<EarnedAchievement[]> {
  let query = achievementsWithEarned(db, { siteId: opts.siteId, userId: opts.user.id });
  if (opts.courseId !== null) {
    await openCourse(db, { siteId: opts.siteId, user: opts.user, courseId: opts.courseId });
    query = query.where('achievements.course_id', '=', opts.courseId);
  } else if (!seesCourseAsStaff(opts.user)) {
    const ids = (await listMyCourses(db, opts)).map((course) => course.Id);
    if (ids.length === 0) return [];
    query = query.where('achievements.course_id', 'in', ids);
  }
  const rows = await query
    .orderBy('courses.sort_id')
    .orderBy('achievements.course_id')
    .orderBy('achievements.required_xp')
    .execute();
  return rows.map(present);
}

/** One achievement of a course the user may open, with her xp in that course. */
export async function getAchievement(db: Db, opts: { siteId: number; user: UserRow; id: number; courseId: number }) {
  await openCourse(db, { siteId: opts.siteId, user: opts.user, courseId: opts.courseId });
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
  return { ...present(row), CourseXp: progress?.xp ?? 0 };
}
