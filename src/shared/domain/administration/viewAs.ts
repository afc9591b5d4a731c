/** "View as this user" (docs/decisions.md): how long a view-as session lives at most. */
export const VIEW_AS_MINUTES = 30;

/** The longest reason an administrator gives for viewing as a user. */
export const VIEW_AS_REASON_MAX = 500;

/**
 * How a view-as ended: by the end call (`ended`), when its time was up (`expired`), by the administrator signing
 * out (`signed_out`), or by the student's sessions being ended (`revoked`: locked, signed out everywhere).
 */
export const viewAsEndings = ['ended', 'expired', 'signed_out', 'revoked'] as const;
export type ViewAsEnding = (typeof viewAsEndings)[number];

/** The log's page sizes. */
export const viewAsLogLimit = { default: 20, max: 100 } as const;
