/** /users (the user list of the administration): what it filters and sorts by, and its bounds. */

/**
 * A user's status as the list filters it: `active` (verified and not locked), `locked` (signing in closed until she
 * resets her password) and `not_verified` (her address not yet verified, whether locked or not).
 */
export const userStatuses = ['active', 'locked', 'not_verified'] as const;
export type UserStatusKey = (typeof userStatuses)[number];

export const userListSorts = ['name', 'email', 'created', 'type', 'last_seen'] as const;
export type UserListSortKey = (typeof userListSorts)[number];

/** Rows per page: 25 unless asked, at most 100. */
export const userListLimit = { default: 25, max: 100 } as const;

/** The longest search text. */
export const userListSearchMax = 100;

/**
 * The list counts the users its filters find up to this many, and says "more" beyond: what a count costs stays
 * bounded on a site of any size (docs/decisions.md, "/users at 100,000 users").
 */
export const USER_COUNT_CAP = 10_000;

/** What /users does to the users chosen on its page, each one as her own page would. */
export const bulkUserActions = ['grant_course', 'revoke_course', 'send_reset', 'lock', 'unlock'] as const;
export type BulkUserAction = (typeof bulkUserActions)[number];
/** The most users one bulk action takes: a page of the list at its largest. */
export const BULK_USERS_MAX = userListLimit.max;

/** Invitations (new users, each a mail) one staff member may send per window. */
export const INVITATIONS_PER_STAFF = { limit: 50, windowSeconds: 60 * 60 } as const;
/** Password resets one staff member may mail from users' pages per window. */
export const RESETS_PER_STAFF = { limit: 50, windowSeconds: 60 * 60 } as const;
