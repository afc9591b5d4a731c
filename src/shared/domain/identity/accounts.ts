/**
 * Failed sign-ins allowed before a temporary lock, and how long it lasts. They are counted per account and
 * source (the client's address): a stranger's failures lock the stranger's source out, not the owner.
 */
export const MAX_LOGIN_ATTEMPTS = 5;
export const TEMPORARY_LOCK_MINUTES = 15;
/** Temporary locks in a row before the account is locked, for that source, until its password is reset. */
export const MAX_TEMPORARY_LOCKS = 3;
/**
 * Failed sign-ins to one account from all sources together (guessing spread over many addresses) before it is
 * locked temporarily for every source that has not yet proved to be the owner's.
 */
export const ACCOUNT_MAX_FAILED_SIGN_INS = 100;

/** A number of takes per fixed window, counted in the database so that every server process agrees. */
export interface RateWindow {
  limit: number;
  windowSeconds: number;
}

/** Failed sign-ins from one source to any accounts of a site (password spraying) per window. */
export const SOURCE_FAILED_SIGN_INS: RateWindow = { limit: 100, windowSeconds: 15 * 60 };

/** Seconds before another verification (or reset) mail goes to the same account. */
export const RESEND_COOLDOWN_SECONDS = 60;
export const VERIFICATION_VALID_HOURS = 24;
export const RESET_VALID_MINUTES = 30;

/**
 * Wrong current passwords (changing the password or the address, deleting the account) per account per window:
 * each try costs a hash, and a stolen session must not become a way to guess the password.
 */
export const CURRENT_PASSWORD_FAILURES: RateWindow = { limit: 5, windowSeconds: 15 * 60 };

/** Account mails (verification, reset, "you already have an account") to one address per window. */
export const ACCOUNT_MAILS_PER_ADDRESS: RateWindow = { limit: 5, windowSeconds: 60 * 60 };
/** Messages one student may have mailed (SendAsEmail, send_message_as_email) per window; staff get more. */
export const MESSAGE_MAILS_PER_STUDENT: RateWindow = { limit: 10, windowSeconds: 60 * 60 };
export const MESSAGE_MAILS_PER_STAFF: RateWindow = { limit: 200, windowSeconds: 60 * 60 };

/**
 * Characters a person's name may not hold: control characters (line breaks among them, which would let a name
 * write its own lines into a mail), the line and paragraph separators, and the bidirectional overrides that make
 * text read differently from what it is.
 */
const forbiddenInNames = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export const isPlainName = (name: string): boolean => !forbiddenInNames.test(name);
