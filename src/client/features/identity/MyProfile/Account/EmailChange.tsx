import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../../shared/contract/identity/profile';
import { VERIFICATION_VALID_HOURS } from '../../../../../shared/domain/identity/accounts';
import { ApiError, call } from '../../../../app/api';
import { ErrorAlert } from '../../../../components/LoadState';
import { EmailField } from '../../Auth/fields';
import { PasswordField } from '../../Auth/PasswordField';
import { useErrorText } from '../../Auth/useErrorText';
import { useAuthRules } from '../../Auth/validation';
import { identityKeys } from '../../keys';

interface Values {
  email: string;
  password: string;
}

/** Change the address: a link goes to the new one, which becomes hers only when the link is opened. */
export function EmailChange({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['identity', 'signIn']);
  const rules = useAuthRules();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) =>
        rules.email(value) ?? (value.trim().toLowerCase() === profile.Username ? t('account.email.same') : null),
      password: (value) => (value ? null : t('signIn:validation.passwordRequired')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSentTo(null);
    try {
      const answer = await call('profile.php', 'request_email_change', {
        email: values.email.trim(),
        password: values.password,
      });
      queryClient.setQueryData(identityKeys.profile(profile.Id), answer.data);
      setSentTo(answer.data.PendingEmail);
      form.reset();
    } catch (caught) {
      if (caught instanceof ApiError && caught.body.reason === 'CURRENT_PASSWORD') {
        form.setFieldError('password', t('account.wrongCurrentPassword'));
      }
      setError(errorText(caught, { email: t('account.email.newEmail') }));
    }
  });

  return (
    <Stack gap="sm">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('account.email.current', { email: profile.Username })}
      </Text>
      {sentTo ? (
        <Alert color="teal" variant="light" role="status">
          {t('account.email.sent', { email: sentTo, hours: VERIFICATION_VALID_HOURS })}
        </Alert>
      ) : (
        profile.PendingEmail && (
          <Alert color="blue" variant="light" style={{ overflowWrap: 'anywhere' }}>
            {t('account.email.pending', { email: profile.PendingEmail })}
          </Alert>
        )
      )}
      <form onSubmit={submit} noValidate aria-labelledby="email-change-title">
        <Stack gap="sm">
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <EmailField label={t('account.email.newEmail')} {...form.getInputProps('email')} />
          <PasswordField label={t('account.currentPassword')} {...form.getInputProps('password')} />
          <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
            {t('account.email.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
