import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '../../../../shared/domain/identity/password';

interface PasswordFieldProps extends PasswordInputProps {
  /** A password being chosen: shows the rules and lets password managers suggest one. */
  isNew?: boolean;
}

/**
 * A password input whose show/hide button is reachable by keyboard. For a new password it describes the
 * rules up front; the form's error names the reason a password is refused (`password.problems.*`).
 */
export function PasswordField({ isNew = false, ...props }: PasswordFieldProps) {
  const { t } = useTranslation('signIn');
  return (
    <PasswordInput
      autoComplete={isNew ? 'new-password' : 'current-password'}
      description={isNew ? t('password.hint', { min: MIN_PASSWORD_LENGTH }) : undefined}
      // Mantine's dimmed description colour is below 4.5:1 contrast; the rules must be readable.
      styles={{ description: { color: 'var(--mantine-color-text)' } }}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('password.show') }}
      required
      {...props}
    />
  );
}
