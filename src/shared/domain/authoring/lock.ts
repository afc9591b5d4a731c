/** The course edit lock's rules the client and the server share (spec §4, §9). */

/**
 * Minutes without an edit after which editing closes and the lock lapses: the course default of spec §4 (a
 * course's own setting, 45 minutes in the spec's example, replaces it once courses carry one).
 */
export const DEFAULT_EDIT_INACTIVITY_MINUTES = 30;

/** When a lock taken or edited at `at` lapses, given the course's inactivity limit. */
export const lockExpiry = (at: Date, inactivityMinutes: number): Date =>
  new Date(at.getTime() + inactivityMinutes * 60_000);
