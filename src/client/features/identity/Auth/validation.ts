import { useTranslation } from 'react-i18next';
import { isPlainName } from '../../../../shared/domain/identity/accounts';
import { checkPasswordShape } from '../../../../shared/domain/identity/password';
import { useEmailRule } from './emailRule';
import { usePasswordProblemText } from './useErrorText';

/** Form rules shared by the account pages, with their messages in the user's language. */
export function useAuthRules() {
  const { t } = useTranslation('identity');
  const emailRule = useEmailRule();
  const passwordProblem = usePasswordProblemText();
  return {
    passwordProblem,
    email: emailRule,
    required: (message: string) => (value: string) => (value.trim() ? null : message),
    /** A first or last name: required, and one line of text (the server refuses control characters too). */
    name: (requiredMessage: string) => (value: string) => {
      if (!value.trim()) return requiredMessage;
      return isPlainName(value) ? null : t('validation.nameInvalid');
    },
    /**
     * Why a new password is refused, per reason; the server adds the check against common passwords and the
     * strength estimate, and its answer carries the hint.
     */
    newPassword: (value: string, email = '') => {
      const problem = checkPasswordShape(value, email.trim());
      return problem ? passwordProblem(problem) : null;
    },
  };
}
