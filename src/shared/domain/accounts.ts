/** Failed sign-ins allowed before a temporary lock, and how long it lasts. */
export const MAX_LOGIN_ATTEMPTS = 5;
export const TEMPORARY_LOCK_MINUTES = 15;
/** Temporary locks in a row before the account is locked until its password is reset. */
export const MAX_TEMPORARY_LOCKS = 3;

/** Seconds before another verification (or reset) mail goes to the same account. */
export const RESEND_COOLDOWN_SECONDS = 60;
export const VERIFICATION_VALID_HOURS = 24;
export const RESET_VALID_MINUTES = 30;
