import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, type ClientErrorCode, call } from '../../../app/api';
import { ErrorAlert } from '../../../components/LoadState';
import { AuthLayout } from './AuthLayout';
import { FocusOnMount } from './FocusOnMount';
import { PasswordField } from './PasswordField';
import { useErrorText, weakPasswordReason } from './useErrorText';
import { useAuthRules } from './validation';

/** Answers that mean the mailed link is no good; the user needs a new one. */
const deadLinkCodes = new Set<ClientErrorCode>(['INVALID_CODE', 'CODE_EXPIRED', 'CODE_NOT_FOUND']);

interface ResetFailure {
  text: string;
  deadLink: boolean;
}

/** `/password-recovery/:id`: choose a new password with the mailed code (spec §5). */
export default function PasswordResetPage() {
  const { t } = useTranslation('identity');
  const { id: code = '' } = useParams();
  const rules = useAuthRules();
  const errorText = useErrorText();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<ResetFailure | null>(null);

  const form = useForm({
    initialValues: { password: '', password_repeat: '' },
    validate: {
      // The account's email is unknown here, so the server checks the email-name rule.
      password: (value) => rules.newPassword(value),
      password_repeat: (value, values) => {
        if (!value) return t('validation.repeatRequired');
        return value === values.password ? null : t('validation.passwordsDiffer');
      },
    },
  });

  const reset = form.onSubmit(async ({ password, password_repeat }) => {
    setFailure(null);
    try {
      await call('password.php', 'reset_password', { code, password, password_repeat });
      setDone(true);
    } catch (caught) {
      const reason = weakPasswordReason(caught);
      if (reason) form.setFieldError('password', rules.passwordProblem(reason.problem, reason.hint));
      if (caught instanceof ApiError && caught.code === 'PASSWORDS_DIFFER') {
        form.setFieldError('password_repeat', t('validation.passwordsDiffer'));
      }
      setFailure({ text: errorText(caught), deadLink: caught instanceof ApiError && deadLinkCodes.has(caught.code) });
    }
  });

  const signInLink = (
    <Anchor component={Link} to="/login">
      {t('signIn')}
    </Anchor>
  );

  if (done) {
    return (
      <AuthLayout title={t('reset.title')}>
        <Stack gap="md">
          <FocusOnMount>
            <Alert color="teal" variant="light" role="status">
              {t('reset.success')}
            </Alert>
          </FocusOnMount>
          <Button component={Link} to="/login">
            {t('signIn')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.title')} intro={t('reset.intro')} footer={signInLink}>
      <form onSubmit={reset} noValidate>
        <Stack gap="md">
          {failure && (
            <ErrorAlert>
              <Stack gap="xs">
                <Text size="sm">{failure.text}</Text>
                {failure.deadLink && (
                  <Anchor component={Link} to="/password-recovery" size="sm">
                    {t('reset.requestNew')}
                  </Anchor>
                )}
              </Stack>
            </ErrorAlert>
          )}
          <PasswordField isNew label={t('fields.newPassword')} {...form.getInputProps('password')} />
          <PasswordField
            label={t('fields.repeatPassword')}
            autoComplete="new-password"
            {...form.getInputProps('password_repeat')}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
