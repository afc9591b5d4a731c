import type { ExpressionBuilder } from 'kysely';
import type { StoredLock } from '../../../shared/domain/authoring/lock';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';

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
      'courses.edit_inactivity_minutes',
      'holder.first_name as holder_first_name',
      'holder.last_name as holder_last_name',
      'writer.first_name as writer_first_name',
      'writer.last_name as writer_last_name',
    ])
    .where('courses.site_id', '=', siteId)
    .where('courses.id', '=', courseId)
    .executeTakeFirst();

export type CourseEditState = NonNullable<Awaited<ReturnType<typeof courseEditState>>>;

/** The lock of a course row, for the shared rule of who holds it (`lockHolderAt`). */
export const storedLock = (row: { locked_by_user_id: number | null; lock_expires_at: string | null }): StoredLock => ({
  lockedByUserId: row.locked_by_user_id,
  lockExpiresAt: row.lock_expires_at,
});

/**
 * What every change to what `get_course` presents of a course sets on its row: the next version, who made it and
 * when. Learners' `get_course` is served from a cache keyed by that version, and an editor's save on an older one
 * is refused.
 */
export const nextVersion = (eb: ExpressionBuilder<Database, 'courses'>, userId: number, at: string) => ({
  version: eb('version', '+', 1),
  version_user_id: userId,
  version_at: at,
  updated_at: at,
});

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
