import { z } from 'zod';
import { call, endpoint, id, isoDate, ok, optionalId } from '../define';

/** The edit lock as the holder sees it after taking or renewing it. */
export const EditLock = z.object({
  status: ok,
  LockedByUserId: z.number(),
  LockedByUsername: z.string(),
  /** When the lock lapses unless the holder edits (or asks again) before. */
  LockExpiresAt: isoDate,
  /** The course's version, which the holder's next save names. */
  Version: z.number(),
  /**
   * The course's inactivity limit (its settings, spec §4): the lock lapses this many minutes after the last edit,
   * and the editor closes editing after as long without one.
   */
  InactivityMinutes: z.number(),
});
export type EditLock = z.infer<typeof EditLock>;

export const courseLock = endpoint('course_lock.php', {
  /**
   * Staff open a course for editing (spec §4, §7): the caller holds the lock afterwards; asking again renews it.
   * `COURSE_LOCKED` (with `LockedByUserId`, `LockedByUsername`) while someone else holds it.
   */
  lock_course_for_editing: call({
    access: 'staff',
    data: z.object({ CourseId: id, CoursePartId: optionalId }),
    answer: EditLock,
  }),
  /** Closes editing: the caller's lock is released (nothing changes when she holds none). */
  close_course_for_editing: call({
    access: 'staff',
    data: z.object({ CourseId: id, CoursePartId: optionalId }),
    answer: z.object({ status: ok }),
  }),
});
