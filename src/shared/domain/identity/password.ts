export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'TOO_COMMON' | 'CONTAINS_EMAIL_NAME' | 'EASY_TO_GUESS';

export const passwordProblems: readonly PasswordProblem[] = [
  'TOO_SHORT',
  'TOO_LONG',
  'TOO_COMMON',
  'CONTAINS_EMAIL_NAME',
  'EASY_TO_GUESS',
];

/** The lowest strength score (zxcvbn's 0–4) a new password must reach: 3 is "safely unguessable". */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Why the estimator found a password easy to guess (its warning), which the forms turn into a hint in the
 * user's language; `generic` when it names no pattern.
 */
export const passwordHints = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'pwned',
  'generic',
] as const;
export type PasswordHint = (typeof passwordHints)[number];

export const isPasswordHint = (value: unknown): value is PasswordHint =>
  typeof value === 'string' && (passwordHints as readonly string[]).includes(value);

/**
 * The rules of OWASP ASVS 5.0 (V6.2) a browser can check by itself: 10 to 128 characters, no composition
 * rules, not built on the account's own email name. The server adds the check against common passwords and
 * the strength estimate (which stays off the browser's first load).
 */
export function checkPasswordShape(password: string, email: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'TOO_SHORT';
  if (length > MAX_PASSWORD_LENGTH) return 'TOO_LONG';
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 3 && password.toLowerCase().includes(name)) return 'CONTAINS_EMAIL_NAME';
  return null;
}
