/** The course edit lock's rules the client and the server share (spec §4, §9). */

/**
 * Minutes without an edit after which editing closes and the lock lapses, for a course that names no other: the
 * course default of spec §4. Each course carries its own limit (`edit_inactivity_minutes`, set in its settings;
 * 45 minutes in the spec's example), which is the one the lock uses.
 */
export const DEFAULT_EDIT_INACTIVITY_MINUTES = 30;

/** When a lock taken or edited at `at` lapses, given the course's inactivity limit. */
export const lockExpiry = (at: Date, inactivityMinutes: number): Date =>
  new Date(at.getTime() + inactivityMinutes * 60_000);

/** A course's edit lock as stored: who took it and when it lapses (ISO times, as every table keeps them). */
export interface StoredLock {
  lockedByUserId: number | null;
  lockExpiresAt: string | null;
}

/**
 * Who holds the lock at `at` (an ISO time): its holder until the moment it lapses, from then on nobody. The one
 * rule for "is this course being edited, and by whom" wherever a lock is read.
 */
export const lockHolderAt = (lock: StoredLock, at: string): number | null =>
  lock.lockedByUserId !== null && lock.lockExpiresAt !== null && lock.lockExpiresAt > at ? lock.lockedByUserId : null;
