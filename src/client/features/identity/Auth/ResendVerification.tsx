import { Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_VALID_HOURS } from '../../../../shared/domain/identity/accounts';
import { ApiError, call } from '../../../app/api';
import { ErrorAlert } from '../../../components/LoadState';
import { EmailField } from './fields';
import { useCountdown } from './useCountdown';
import { useErrorText, useFormatDuration } from './useErrorText';
import { useAuthRules } from './validation';

interface ResendVerificationProps {
  /** The address to send to when the page knows it already; otherwise the block asks for it. */
  email?: string;
}

/**
 * Asks for a new verification link (`register.php` `resend_verification`) and shows how long to wait
 * before the next one may be sent. Give it `key={email}` when the known address can change.
 */
export function ResendVerification({ email: knownEmail }: ResendVerificationProps) {
  const { t } = useTranslation('identity');
  const rules = useAuthRules();
  const errorText = useErrorText();
  const formatDuration = useFormatDuration();
  const waitId = useId();
  const [availableAt, setAvailableAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState<{ text: string; visible: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useCountdown(availableAt);
  const cooling = secondsLeft > 0;

  const form = useForm({ initialValues: { email: knownEmail ?? '' }, validate: { email: rules.email } });

  const resend = form.onSubmit(async ({ email }) => {
    if (cooling) return;
    const address = email.trim();
    setError(null);
    setAnnouncement(null);
    try {
      const answer = await call('register.php', 'resend_verification', { email: address });
      setAvailableAt(Date.now() + answer.cooldown * 1000);
      setAnnouncement({
        text: t('resend.sent', { email: address, hours: VERIFICATION_VALID_HOURS }),
        visible: true,
      });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'COOLDOWN') {
        setAvailableAt(Date.now() + (Number(caught.body.cooldown) || 0) * 1000);
        // The ticking line below shows the wait; screen readers hear it once.
        setAnnouncement({ text: errorText(caught), visible: false });
      } else {
        setError(errorText(caught));
      }
    }
  });

  return (
    <form onSubmit={resend} noValidate>
      <Stack gap="sm">
        {knownEmail === undefined && <EmailField {...form.getInputProps('email')} />}
        <Button
          type="submit"
          variant="light"
          loading={form.submitting}
          data-disabled={cooling || undefined}
          aria-disabled={cooling || undefined}
          aria-describedby={cooling ? waitId : undefined}
        >
          {t('resend.button')}
        </Button>
        {cooling && (
          <Text size="sm" id={waitId}>
            {t('resend.wait', { time: formatDuration(secondsLeft) })}
          </Text>
        )}
        <div role="status">
          {announcement?.visible && (
            <Text size="sm" c="var(--mantine-color-teal-text)" fw={500}>
              {announcement.text}
            </Text>
          )}
          {announcement && !announcement.visible && <VisuallyHidden>{announcement.text}</VisuallyHidden>}
        </div>
        {error && <ErrorAlert>{error}</ErrorAlert>}
      </Stack>
    </form>
  );
}
