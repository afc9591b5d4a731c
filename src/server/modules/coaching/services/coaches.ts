import type { Db } from '../../../platform/db';
import type { SessionUser } from '../../../platform/db/schema';
import { loadCourseForViewer } from '../../learning';

/** get_coaches: the coaches of a course the caller may open, first coach first (the help button's chat partner). */
export async function listCoaches(db: Db, opts: { siteId: number; user: SessionUser; courseId: number }) {
  const course = await loadCourseForViewer(db, opts);
  const rows = await db
    .selectFrom('course_coaches')
    .innerJoin('users', 'users.id', 'course_coaches.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name'])
    .where('course_coaches.site_id', '=', opts.siteId)
    .where('users.site_id', '=', opts.siteId)
    .where('course_coaches.course_id', '=', course.id)
    .orderBy('course_coaches.sort_id')
    .orderBy('course_coaches.id')
    .execute();
  return rows.map((c) => ({ UserId: c.id, FirstName: c.first_name, LastName: c.last_name }));
}
