import type { Db } from '../../../platform/db';
import { existsInSite } from '../../../platform/db/lookups';
import { AppError } from '../../../platform/errors';

/**
 * The course and part a message or task refers to, checked to be of this site (and the part of that course). A
 * part alone names its course. Unknown ids are NOT_FOUND rather than a foreign-key fault.
 */
export async function courseRefs(
  db: Db,
  opts: { siteId: number; courseId?: number | null | undefined; partId?: number | null | undefined },
): Promise<{ courseId: number | null; partId: number | null }> {
  const courseId = opts.courseId ?? null;
  const partId = opts.partId ?? null;
  if (partId !== null) {
    const part = await db
      .selectFrom('course_parts')
      .select('course_id')
      .where('site_id', '=', opts.siteId)
      .where('id', '=', partId)
      .executeTakeFirst();
    if (!part || (courseId !== null && part.course_id !== courseId)) {
      throw new AppError('NOT_FOUND', 'No such part in this course');
    }
    return { courseId: part.course_id, partId };
  }
  if (courseId !== null && !(await existsInSite(db, 'courses', opts.siteId, courseId))) {
    throw new AppError('NOT_FOUND', 'No such course');
  }
  return { courseId, partId: null };
}
