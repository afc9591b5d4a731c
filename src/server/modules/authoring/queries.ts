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

/**
 * A course's version and default language, as its part content is read and saved on, and its name and description
 * with their translations, as its translation status reads them.
 */
export const courseContentState = (db: Db, siteId: number, courseId: number) =>
  db
    .selectFrom('courses')
    .select(['id', 'version', 'default_language', 'name', 'description', 'translations'])
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .executeTakeFirst();

/** One part of a course. */
export const partOfCourse = (db: Db, siteId: number, courseId: number, partId: number) =>
  db
    .selectFrom('course_parts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_id', '=', courseId)
    .where('id', '=', partId)
    .executeTakeFirst();

/** The blocks of a part in their order. */
export const blocksOfPart = (db: Db, siteId: number, partId: number) =>
  db
    .selectFrom('course_blocks')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('course_part_id', '=', partId)
    .orderBy('sort_id')
    .orderBy('id')
    .execute();

/** Media of a site by id (profile photos are no course media). */
export const courseMedia = (db: Db, siteId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('media_files')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('id', 'in', [...ids])
        .where('kind', '!=', 'avatar')
        .execute();

/** Which of the ids name parts of the course. */
export const partIdsOfCourse = async (db: Db, siteId: number, courseId: number, ids: readonly number[]) =>
  ids.length === 0
    ? new Set<number>()
    : new Set(
        (
          await db
            .selectFrom('course_parts')
            .select('id')
            .where('site_id', '=', siteId)
            .where('course_id', '=', courseId)
            .where('id', 'in', [...ids])
            .execute()
        ).map((row) => row.id),
      );

/** A part's revisions, newest first, with the names of who saved them. */
export const revisionsOfPart = (db: Db, siteId: number, partId: number) =>
  db
    .selectFrom('part_revisions')
    .leftJoin('users', 'users.id', 'part_revisions.user_id')
    .select([
      'part_revisions.id',
      'part_revisions.user_id',
      'part_revisions.version',
      'part_revisions.created_at',
      'users.first_name',
      'users.last_name',
    ])
    .where('part_revisions.site_id', '=', siteId)
    .where('part_revisions.course_part_id', '=', partId)
    .orderBy('part_revisions.id', 'desc')
    .execute();

export type RevisionListRow = Awaited<ReturnType<typeof revisionsOfPart>>[number];

/** One revision of a part of the course, with the name of who saved it. */
export const revisionOfCourse = (db: Db, siteId: number, courseId: number, revisionId: number) =>
  db
    .selectFrom('part_revisions')
    .innerJoin('course_parts', 'course_parts.id', 'part_revisions.course_part_id')
    .leftJoin('users', 'users.id', 'part_revisions.user_id')
    .select([
      'part_revisions.id',
      'part_revisions.course_part_id',
      'part_revisions.user_id',
      'part_revisions.version',
      'part_revisions.created_at',
      'part_revisions.content',
      'users.first_name',
      'users.last_name',
    ])
    .where('part_revisions.site_id', '=', siteId)
    .where('course_parts.course_id', '=', courseId)
    .where('part_revisions.id', '=', revisionId)
    .executeTakeFirst();
