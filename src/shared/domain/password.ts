export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'TOO_COMMON' | 'CONTAINS_EMAIL_NAME';

/**
 * The rules of OWASP ASVS 5.0 (V6.2) a browser can check by itself: 10 to 128 characters, no composition
 * rules, not built on the account's own email name. The server adds the check against common passwords.
 */
export function checkPasswordShape(password: string, email: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'TOO_SHORT';
  if (length > MAX_PASSWORD_LENGTH) return 'TOO_LONG';
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  if (name.length >= 3 && password.toLowerCase().includes(name)) return 'CONTAINS_EMAIL_NAME';
  return null;
}
