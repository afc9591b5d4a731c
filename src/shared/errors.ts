/**
 * The one catalogue of error codes. The server answers `{status:'ERROR', error_code, message}` with the
 * HTTP status listed here; the client maps the code to the user's language through i18n (`errors.<CODE>`).
 */
export const errorStatus = {
  INVALID_REQUEST: 400,
  UNKNOWN_CALL: 404,
  UNKNOWN_SITE: 404,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  WRONG_CREDENTIALS: 401,
  TEMPORARILY_LOCKED: 429,
  ACCOUNT_LOCKED: 403,
  NOT_VERIFIED: 403,
  REGISTRATION_DISABLED: 403,
  WEAK_PASSWORD: 400,
  PASSWORDS_DIFFER: 400,
  TERMS_NOT_AGREED: 400,
  INVALID_CODE: 400,
  CODE_EXPIRED: 410,
  CODE_NOT_FOUND: 404,
  COOLDOWN: 429,
  TOO_MANY_REQUESTS: 429,
  PAYLOAD_TOO_LARGE: 413,
  NO_COURSE_ACCESS: 403,
  NOT_COMPLETABLE: 409,
  REWARD_NOT_AVAILABLE: 409,
  NO_ATTEMPTS_LEFT: 409,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE: 415,
  STORAGE_FULL: 413,
  EMPTY_MESSAGE: 400,
  EMPTY_ANSWER: 400,
  SYSTEM_MESSAGE_NO_REPLY: 400,
  NO_COACH: 409,
  INVALID_STATE: 409,
  EXAM_SUBMITTED: 409,
  SERVER_ERROR: 500,
  MAINTENANCE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];
