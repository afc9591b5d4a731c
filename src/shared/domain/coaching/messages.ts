/** Message rules the client and the server share (spec §4, §5, §9). */

/** The sender of a system message, and the recipient of a message to tech support (spec §3: -1). */
export const SYSTEM_USER_ID = -1;

/** The client polls its messages this often. */
export const MESSAGE_POLL_MS = 3_000;
/** A send within this long of the previous attempt is ignored by the client. */
export const SEND_DEBOUNCE_MS = 1_000;
/** An identical message to the same user within this long is not sent again. */
export const DUPLICATE_MESSAGE_MS = 5_000;
/** The same message is mailed at most once within this long. */
export const DUPLICATE_EMAIL_MS = 10_000;
/** Messages per page of `get_messages`; the client keeps at most `STORED_MESSAGES_MAX`, newest first. */
export const MESSAGE_PAGE_SIZE = 25;
export const STORED_MESSAGES_MAX = 100;

/** A poll records the user as present at most this often, so 3-second polling is not a write per poll. */
export const PRESENCE_WRITE_MS = 30_000;
/** A user counts as online while her last recorded poll is younger than this (a write interval and then some). */
export const ONLINE_WINDOW_MS = 60_000;
/**
 * `LastDate` increments reach back this far before the previous answer's `datetime`: a message whose transaction
 * committed just after a poll began (on another process) still arrives. Clients drop what they already have by Id.
 */
export const INCREMENT_OVERLAP_MS = 2_000;

/** Whether a user whose last poll was recorded at `lastSeenAt` counts as online at `nowMs`. */
export const isOnline = (lastSeenAt: string | null, nowMs: number): boolean =>
  lastSeenAt !== null && nowMs - Date.parse(lastSeenAt) < ONLINE_WINDOW_MS;

/** Whether a poll at `nowMs` should record the user's presence again. */
export const presenceIsStale = (lastSeenAt: string | null, nowMs: number): boolean =>
  lastSeenAt === null || nowMs - Date.parse(lastSeenAt) >= PRESENCE_WRITE_MS;

/**
 * A user counts as away once her last recorded poll is this old (or she never polled): a system message that
 * matters to her (a review of her exam) is then mailed as well. Longer than the online window, so a learner who
 * only switched tabs for a moment is not mailed what the next toast will tell her.
 */
export const AWAY_AFTER_MS = 5 * 60_000;

/** Whether a user whose last poll was recorded at `lastSeenAt` counts as away at `nowMs`. */
export const isAway = (lastSeenAt: string | null, nowMs: number): boolean =>
  lastSeenAt === null || nowMs - Date.parse(lastSeenAt) >= AWAY_AFTER_MS;
