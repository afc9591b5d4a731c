import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../../app/api';
import { ErrorAlert } from '../../../../components/LoadState';
import { PasswordField } from '../../Auth/PasswordField';
import { useErrorText, weakPasswordReason } from '../../Auth/useErrorText';
import { useAuthRules } from '../../Auth/validation';

interface Values {
  current: string;
  password: string;
  repeat: string;
}

/** Change password: the current one, then the new one twice; her other devices are signed out. */
export function PasswordChange({ email }: { email: string }) {
  const { t } = useTranslation(['identity', 'signIn']);
  const rules = useAuthRules();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { current: '', password: '', repeat: '' },
    validate: {
      current: (value) => (value ? null : t('signIn:validation.passwordRequired')),
      password: (value) => rules.newPassword(value, email),
      repeat: (value, values) =>
        !value ? t('validation.repeatRequired') : value === values.password ? null : t('validation.passwordsDiffer'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await call('password.php', 'change_password', {
        current_password: values.current,
        password: values.password,
        password_repeat: values.repeat,
      });
      form.reset();
      notifications.show({ color: 'green', message: t('account.password.done') });
    } catch (caught) {
      const weak = weakPasswordReason(caught);
      if (weak) form.setFieldError('password', rules.passwordProblem(weak.problem, weak.hint));
      else if (caught instanceof ApiError && caught.body.reason === 'CURRENT_PASSWORD') {
        form.setFieldError('current', t('account.wrongCurrentPassword'));
      }
      setError(errorText(caught));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-change-title">
      <Stack gap="sm">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <PasswordField label={t('account.currentPassword')} {...form.getInputProps('current')} />
        <PasswordField isNew label={t('fields.newPassword')} {...form.getInputProps('password')} />
        <PasswordField
          label={t('fields.repeatPassword')}
          autoComplete="new-password"
          {...form.getInputProps('repeat')}
        />
        <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {t('account.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
