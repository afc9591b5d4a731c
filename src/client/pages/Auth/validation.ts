import { useTranslation } from 'react-i18next';
import {
  checkPasswordShape,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type PasswordProblem,
} from '../../../shared/domain/password';
import { useEmailRule } from './emailRule';

/** Form rules shared by the account pages, with their messages in the user's language. */
export function useAuthRules() {
  const { t } = useTranslation('auth');
  const emailRule = useEmailRule();
  const passwordProblem = (problem: PasswordProblem) =>
    t(`password.problems.${problem}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH });
  return {
    passwordProblem,
    email: emailRule,
    required: (message: string) => (value: string) => (value.trim() ? null : message),
    /** Why a new password is refused, per reason; the server adds the check against common passwords. */
    newPassword: (value: string, email = '') => {
      const problem = checkPasswordShape(value, email.trim());
      return problem ? passwordProblem(problem) : null;
    },
  };
}
