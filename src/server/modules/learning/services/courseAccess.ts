import { type Db, now } from '../../../platform/db';
import { existsInSite, getById } from '../../../platform/db/lookups';
import type { AccessSource, CourseRow, SessionUser } from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { seesCourseAsStaff } from '../policies/course';
import { liveAccess } from '../queries/visibility';

/** Whether a learner holds live access to a course (granted by staff, a code or a purchase, not expired). */
export async function hasCourseAccess(db: Db, opts: { siteId: number; userId: number; courseId: number }) {
  const row = await db
    .selectFrom('course_access')
    .select('id')
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('course_id', '=', opts.courseId)
    .where(liveAccess(now()))
    .executeTakeFirst();
  return row !== undefined;
}

/** The course a caller opens: staff open every course of the site, a learner those she has access to. */
export async function loadCourseForViewer(
  db: Db,
  opts: { siteId: number; user: SessionUser; courseId: number },
): Promise<CourseRow> {
  const course = await getById(db, 'courses', opts.siteId, opts.courseId, 'No such course');
  if (seesCourseAsStaff(opts.user)) return course;
  const allowed =
    course.published === 1 &&
    course.archived_at === null &&
    (await hasCourseAccess(db, { ...opts, userId: opts.user.id, courseId: course.id }));
  if (!allowed) throw new AppError('NO_COURSE_ACCESS', 'No access to this course');
  return course;
}

/** `CourseAccess` of auth_user: 1 when the user may open the course, 0 when not (or when it does not exist). */
export async function courseAccessFlag(db: Db, opts: { siteId: number; user: SessionUser; courseId: number }) {
  try {
    await loadCourseForViewer(db, opts);
    return 1 as const;
  } catch (error) {
    if (error instanceof AppError) return 0 as const;
    throw error;
  }
}

export async function grantCourseAccess(
  db: Db,
  opts: {
    siteId: number;
    courseId: number;
    userId: number;
    source: AccessSource;
    grantedBy: number | null;
    expiresAt: string | null;
  },
): Promise<void> {
  const [course, user] = await Promise.all([
    existsInSite(db, 'courses', opts.siteId, opts.courseId),
    existsInSite(db, 'users', opts.siteId, opts.userId),
  ]);
  if (!course || !user) throw new AppError('NOT_FOUND', 'No such course or user');
  const at = now();
  await db
    .insertInto('course_access')
    .values({
      site_id: opts.siteId,
      course_id: opts.courseId,
      user_id: opts.userId,
      source: opts.source,
      granted_by_user_id: opts.grantedBy,
      expires_at: opts.expiresAt,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['site_id', 'user_id', 'course_id']).doUpdateSet({ expires_at: opts.expiresAt, updated_at: at }),
    )
    .execute();
}

export async function revokeCourseAccess(db: Db, opts: { siteId: number; courseId: number; userId: number }) {
  await db
    .deleteFrom('course_access')
    .where('site_id', '=', opts.siteId)
    .where('course_id', '=', opts.courseId)
    .where('user_id', '=', opts.userId)
    .execute();
}

/** A learner's access to a course as it was before a purchase extended it: what a refund puts back. */
export type PriorAccess = { expiresAt: string | null; source: AccessSource } | null;

/**
 * Gives a learner access to a course by a purchase, never shortening what she holds: access for good stays so,
 * otherwise it lasts to the later of its present end and `expiresAt` (null: for good). Answers what she held before.
 */
export async function extendCourseAccess(
  db: Db,
  opts: { siteId: number; courseId: number; userId: number; expiresAt: string | null },
): Promise<PriorAccess> {
  const row = await db
    .selectFrom('course_access')
    .select(['expires_at', 'source'])
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('course_id', '=', opts.courseId)
    .executeTakeFirst();
  const prior = row ? { expiresAt: row.expires_at, source: row.source } : null;
  const live = prior !== null && (prior.expiresAt === null || prior.expiresAt > now());
  let expiresAt = opts.expiresAt;
  if (live && (prior.expiresAt === null || opts.expiresAt === null)) expiresAt = null;
  else if (live && prior.expiresAt !== null && opts.expiresAt !== null && prior.expiresAt > opts.expiresAt) {
    expiresAt = prior.expiresAt;
  }
  await grantCourseAccess(db, { ...opts, source: 'purchase', grantedBy: null, expiresAt });
  return prior;
}

/** Puts a learner's access to a course back as it was before a purchase (a refund): none, or its old end. */
export async function restoreCourseAccess(
  db: Db,
  opts: { siteId: number; courseId: number; userId: number; prior: PriorAccess },
): Promise<void> {
  if (opts.prior === null) {
    await revokeCourseAccess(db, opts);
    return;
  }
  await db
    .updateTable('course_access')
    .set({ expires_at: opts.prior.expiresAt, source: opts.prior.source, updated_at: now() })
    .where('site_id', '=', opts.siteId)
    .where('user_id', '=', opts.userId)
    .where('course_id', '=', opts.courseId)
    .execute();
}
