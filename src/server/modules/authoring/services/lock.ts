import { lockExpiry, lockHolderAt } from '../../../../shared/domain/authoring/lock';
import { personName } from '../../../../shared/domain/people';
import { type Actor, authorize } from '../../../platform/authorize';
import { type Db, now } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { authoringActions } from '../policies/course';
import { type CourseEditState, courseEditState, nextVersion, storedLock } from '../queries';

/** When an edit lock taken or used at `at` lapses: the course's own inactivity limit (its settings, spec §4) later. */
const lockExpiresAt = (at: string, inactivityMinutes: number): string =>
  lockExpiry(new Date(at), inactivityMinutes).toISOString();

/** The course's inactivity limit in minutes; NOT_FOUND when the site has no such course. */
async function inactivityMinutesOf(db: Db, siteId: number, courseId: number): Promise<number> {
  const course = await db
    .selectFrom('courses')
    .select('edit_inactivity_minutes')
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw new AppError('NOT_FOUND', 'No such course');
  return course.edit_inactivity_minutes;
}

/** Whether someone other than `userId` holds the course's lock at `at`. */
const heldByOther = (state: CourseEditState, userId: number, at: string) => {
  const holder = lockHolderAt(storedLock(state), at);
  return holder !== null && holder !== userId;
};

export const courseLocked = (state: CourseEditState): AppError =>
  new AppError('COURSE_LOCKED', 'Someone else is editing this course', {
    LockedByUserId: state.locked_by_user_id,
    LockedByUsername: personName(state.holder_first_name, state.holder_last_name),
  });

async function editState(db: Db, siteId: number, courseId: number): Promise<CourseEditState> {
  const state = await courseEditState(db, siteId, courseId);
  if (!state) throw new AppError('NOT_FOUND', 'No such course');
  return state;
}

/**
 * lock_course_for_editing: the caller holds the course's edit lock afterwards. One conditional UPDATE takes it when
 * nobody holds it, its holder's lock has lapsed, or the caller holds it already (which renews it); two staff asking
 * at once, through one server process or several, get exactly one lock, as the database runs the two one after
 * the other and the second finds the first's row.
 */
export async function lockCourse(
  db: Db,
  opts: { siteId: number; user: Actor; courseId: number; coursePartId: number | null },
) {
  const { siteId, user, courseId } = opts;
  authorize(user, authoringActions.edit, undefined);
  if (opts.coursePartId !== null) {
    const part = await db
      .selectFrom('course_parts')
      .select('id')
      .where('site_id', '=', siteId)
      .where('course_id', '=', courseId)
      .where('id', '=', opts.coursePartId)
      .executeTakeFirst();
    if (!part) throw new AppError('NOT_FOUND', 'No such part of this course');
  }
  const minutes = await inactivityMinutesOf(db, siteId, courseId);
  const at = now();
  const expiresAt = lockExpiresAt(at, minutes);
  const taken = await db
    .updateTable('courses')
    .set((eb) => ({
      locked_by_user_id: user.id,
      // A renewal keeps the time the holder took the lock.
      locked_at: eb
        .case()
        .when(eb.and([eb('locked_by_user_id', '=', user.id), eb('lock_expires_at', '>', at)]))
        .then(eb.ref('locked_at'))
        .else(at)
        .end(),
      lock_expires_at: expiresAt,
    }))
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .where((eb) =>
      eb.or([
        eb('locked_by_user_id', 'is', null),
        eb('lock_expires_at', '<=', at),
        eb('locked_by_user_id', '=', user.id),
      ]),
    )
    .executeTakeFirst();
  const state = await editState(db, siteId, courseId);
  if (taken.numUpdatedRows === 0n) throw courseLocked(state);
  return state;
}

/** close_course_for_editing: releases the caller's lock; a lock someone else holds is left alone. */
export async function closeCourse(db: Db, opts: { siteId: number; user: Actor; courseId: number }): Promise<void> {
  const { siteId, user, courseId } = opts;
  authorize(user, authoringActions.edit, undefined);
  const released = await db
    .updateTable('courses')
    .set({ locked_by_user_id: null, locked_at: null, lock_expires_at: null })
    .where('site_id', '=', siteId)
    .where('id', '=', courseId)
    .where('locked_by_user_id', '=', user.id)
    .executeTakeFirst();
  if (released.numUpdatedRows === 0n) await editState(db, siteId, courseId);
}

/**
 * Runs an authoring write (`write`) in one transaction, after bumping the course's version (`write` gets the new
 * one) and renewing the caller's lock, but only when she holds the lock unlapsed and `version` is the course's
 * current one. Otherwise
 * nothing changes and the refusal says why: `COURSE_LOCKED` (someone else edits), `NOT_EDITING` (her lock has
 * lapsed or was never taken), `STALE_VERSION` (the course changed since: its version, who changed it and when).
 * Answers the new version.
 */
export async function authoringWrite<T>(
  db: Db,
  opts: { siteId: number; user: Actor; courseId: number; version: number },
  write: (trx: Db, at: string, version: number) => Promise<T>,
): Promise<{ version: number; result: T }> {
  const { siteId, user, courseId, version } = opts;
  authorize(user, authoringActions.edit, undefined);
  return db.transaction().execute(async (trx) => {
    const minutes = await inactivityMinutesOf(trx, siteId, courseId);
    const at = now();
    const bumped = await trx
      .updateTable('courses')
      .set((eb) => ({ ...nextVersion(eb, user.id, at), lock_expires_at: lockExpiresAt(at, minutes) }))
      .where('site_id', '=', siteId)
      .where('id', '=', courseId)
      .where('locked_by_user_id', '=', user.id)
      .where('lock_expires_at', '>', at)
      .where('version', '=', version)
      .returning('version')
      .executeTakeFirst();
    if (!bumped) throw refusal(await editState(trx, siteId, courseId), user.id, at);
    return { version: bumped.version, result: await write(trx, at, bumped.version) };
  });
}

function refusal(state: CourseEditState, userId: number, at: string): AppError {
  if (heldByOther(state, userId, at)) return courseLocked(state);
  if (lockHolderAt(storedLock(state), at) !== userId) {
    return new AppError('NOT_EDITING', 'You do not hold the edit lock of this course; open it for editing again');
  }
  return new AppError('STALE_VERSION', 'The course was changed since the version this change was made on', {
    Version: state.version,
    ChangedByUserId: state.version_user_id,
    ChangedByUsername: personName(state.writer_first_name, state.writer_last_name),
    ChangedAt: state.version_at,
  });
}
