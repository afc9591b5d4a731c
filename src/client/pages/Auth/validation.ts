import { useTranslation } from 'react-i18next';
import {
  checkPasswordShape,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type PasswordProblem,
} from '../../../shared/domain/password';

/**
 * The address shape the server's zod `email` schema accepts (zod's own pattern, after trim and lower case).
 * It is repeated here instead of importing the schema so the sign-in page, the first page most visitors
 * load, does not pull zod into its chunk.
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isValidEmail = (value: string): boolean => {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email);
};

/** Form rules shared by the account pages, with their messages in the user's language. */
export function useAuthRules() {
  const { t } = useTranslation('auth');
  const passwordProblem = (problem: PasswordProblem) =>
    t(`password.problems.${problem}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });
  return {
    passwordProblem,
    email: (value: string) => {
      if (!value.trim()) return t('validation.emailRequired');
      return isValidEmail(value) ? null : t('validation.emailInvalid');
    },
    required: (message: string) => (value: string) => (value.trim() ? null : message),
    /** Why a new password is refused, per reason; the server adds the check against common passwords. */
    newPassword: (value: string, email = '') => {
      const problem = checkPasswordShape(value, email.trim());
      return problem ? passwordProblem(problem) : null;
    },
  };
}
