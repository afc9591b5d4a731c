import type { Db } from '../../platform/db';

/** The edit lock and version columns of a course, with the names of its holder and of the last writer. */
export const courseEditState = (db: Db, siteId: number, courseId: number) =>
  db
    .selectFrom('courses')
    .leftJoin('users as holder', 'holder.id', 'courses.locked_by_user_id')
    .leftJoin('users as writer', 'writer.id', 'courses.version_user_id')
    .select([
      'courses.id',
      'courses.version',
      'courses.version_at',
      'courses.version_user_id',
      'courses.locked_by_user_id',
      'courses.lock_expires_at',
      'holder.first_name as holder_first_name',
      'holder.last_name as holder_last_name',
      'writer.first_name as writer_first_name',
      'writer.last_name as writer_last_name',
    ])
    .where('courses.site_id', '=', siteId)
    .where('courses.id', '=', courseId)
    .executeTakeFirst();

export type CourseEditState = NonNullable<Awaited<ReturnType<typeof courseEditState>>>;

/** The parts of a course in their order. */
export const partsInOrder = (db: Db, siteId: number, courseId: number) =>
  db
    .selectFrom('course_parts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .orderBy('sort_id')
    .orderBy('id')
    .execute();
