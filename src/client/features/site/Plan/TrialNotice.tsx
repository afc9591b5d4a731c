import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRIAL_NOTICE_DAYS } from '../../../../shared/domain/site/plans';
import { formatDate } from '../../../components/dates';

const DAY_MS = 86_400_000;

/**
 * Tells an administrator, on every page, that the site's free trial ends soon or has ended, what that means and
 * what to do: in the last TRIAL_NOTICE_DAYS of the trial and after (the shell draws it for administrators only).
 */
export default function TrialNotice({ trialEndsAt }: { trialEndsAt: string }) {
  const { t } = useTranslation('site');
  const daysLeft = Math.ceil((new Date(trialEndsAt).getTime() - Date.now()) / DAY_MS);
  if (daysLeft > TRIAL_NOTICE_DAYS) return null;
  const date = formatDate(trialEndsAt);
  const ended = daysLeft <= 0;
  return (
    <Alert
      color={ended ? 'red' : 'yellow'}
      variant="light"
      radius={0}
      icon={<IconHourglass size={20} aria-hidden />}
      data-testid="trial-notice"
    >
      <Stack gap={4}>
        <Text size="sm">
          {ended ? t('plan.trialEnded', { date }) : t('plan.trialEnding', { count: daysLeft, date })}
        </Text>
        <Text size="sm">
          {t('plan.whatToDo')}{' '}
          <Anchor component={Link} to="/users" size="sm" c="inherit" fw={600} underline="always">
            {t('plan.seeUsage')}
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}
