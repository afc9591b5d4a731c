import type { Db } from '../../../platform/db';
import { now } from '../../../platform/db';
import { visibleToLearner } from '../policies/course';
import { liveAccess } from '../queries/visibility';

export interface CourseOutline {
  id: number;
  name: string;
  /** The parts a learner sees, in order; `free` ones anyone may open (/FreeLessons). */
  parts: { id: number; name: string; free: boolean }[];
}

/**
 * What a shop shows of courses it sells: each course's name and the parts a learner will find in it, in the order
 * asked. Courses of another site, or archived, are left out.
 */
export async function courseOutlines(
  db: Db,
  opts: { siteId: number; courseIds: readonly number[] },
): Promise<CourseOutline[]> {
  if (opts.courseIds.length === 0) return [];
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('site_id', '=', opts.siteId)
    .where('id', 'in', [...opts.courseIds])
    .where('archived_at', 'is', null)
    .execute();
  const parts = await db
    .selectFrom('course_parts')
    .select(['id', 'course_id', 'name', 'free', 'published', 'mentor_only', 'publish_date'])
    .where('site_id', '=', opts.siteId)
    .where('course_id', 'in', [...opts.courseIds])
    .orderBy('sort_id')
    .orderBy('id')
    .execute();
  const at = now();
  const byId = new Map(courses.map((course) => [course.id, course]));
  return opts.courseIds.flatMap((courseId) => {
    const course = byId.get(courseId);
    if (!course) return [];
    return [
      {
        id: course.id,
        name: course.name,
        parts: parts
          .filter((part) => part.course_id === courseId && visibleToLearner(part, at))
          .map((part) => ({ id: part.id, name: part.name, free: part.free === 1 })),
      },
    ];
  });
}

/** Which of these courses a user holds live access to. */
export async function coursesHeld(
  db: Db,
  opts: { siteId: number; userId: number; courseIds: readonly number[] },
): Promise<Set<number>> {
  if (opts.courseIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('course_access')
    .select('course_id')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('course_id', 'in', [...opts.courseIds])
    .where(liveAccess(now()))
    .execute();
  return new Set(rows.map((row) => row.course_id));
}
