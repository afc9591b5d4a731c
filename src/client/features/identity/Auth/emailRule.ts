import { useTranslation } from 'react-i18next';

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

/** The email field's rule, with its messages in the user's language; apart from the password rules, which the
 * sign-in page does not need. */
export function useEmailRule() {
  const { t } = useTranslation('signIn');
  return (value: string) => {
    if (!value.trim()) return t('validation.emailRequired');
    return isValidEmail(value) ? null : t('validation.emailInvalid');
  };
}
