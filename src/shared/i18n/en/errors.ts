import type { ErrorCode } from '../../errors';

/** The user-facing text of every error code (spec §8 where it gives one). */
export const errors: Record<ErrorCode, string> & Record<string, string> = {
  INVALID_REQUEST: 'Please check the form and try again.',
  UNKNOWN_CALL: 'Error loading data from backend, please try again later.',
  UNKNOWN_SITE: 'This education site does not exist.',
  UNSUPPORTED_MEDIA_TYPE: 'Error loading data from backend, please try again later.',
  NOT_FOUND: 'Not found.',
  UNAUTHORIZED: 'Please sign in again.',
  FORBIDDEN: 'No access to this page',
  WRONG_CREDENTIALS: 'Wrong email or password (attempt {{attempt}} of {{max_attempts}}).',
  TEMPORARILY_LOCKED: 'Too many attempts. Sign-in is locked until {{time}}.',
  ACCOUNT_LOCKED: 'Your account is locked. Reset your password to open it.',
  NOT_VERIFIED: 'Your email address is not verified yet. Check your inbox for the link.',
  REGISTRATION_DISABLED: 'Registration is not open on this site.',
  WEAK_PASSWORD: 'The password is not strong enough.',
  PASSWORDS_DIFFER: 'The passwords are not equal.',
  TERMS_NOT_AGREED: 'Please agree to the terms of service.',
  INVALID_CODE: 'Invalid code.',
  CODE_EXPIRED: 'The code has expired.',
  CODE_NOT_FOUND: 'Code not found.',
  COOLDOWN: 'Please wait {{seconds}} seconds before trying again.',
  PAYLOAD_TOO_LARGE: 'The data is too large.',
  SERVER_ERROR: 'Server error, please try again later.',
  NETWORK: 'Error loading data from backend, please try again later.',
};
