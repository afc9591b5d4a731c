import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESET_VALID_MINUTES } from '../../../../shared/domain/identity/accounts';
import { call } from '../../../app/api';
import { ErrorAlert } from '../../../components/LoadState';
import { AuthLayout } from './AuthLayout';
import { FocusOnMount } from './FocusOnMount';
import { EmailField } from './fields';
import { useErrorText } from './useErrorText';
import { useAuthRules } from './validation';

/** `/password-recovery`: mails a reset link; the answer is the same whether or not the account exists. */
export default function PasswordRecoveryPage() {
  const { t } = useTranslation('identity');
  const rules = useAuthRules();
  const errorText = useErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const form = useForm({ initialValues: { email: '' }, validate: { email: rules.email } });

  const requestReset = form.onSubmit(async ({ email }) => {
    setError(null);
    const address = email.trim();
    try {
      await call('password.php', 'request_reset', { email: address });
      setSentTo(address);
    } catch (caught) {
      setError(errorText(caught));
    }
  });

  const backToSignIn = (
    <Anchor component={Link} to="/login">
      {t('recovery.backToSignIn')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthLayout title={t('recovery.sentTitle')} footer={backToSignIn}>
        <FocusOnMount>
          <Text>{t('recovery.sent', { email: sentTo, minutes: RESET_VALID_MINUTES })}</Text>
        </FocusOnMount>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('recovery.title')} intro={t('recovery.intro')} footer={backToSignIn}>
      <form onSubmit={requestReset} noValidate>
        <Stack gap="md">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <EmailField {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('recovery.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
