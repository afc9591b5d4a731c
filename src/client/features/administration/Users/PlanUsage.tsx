import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { formatDate } from '../../../components/dates';
import { Loading } from '../../../components/LoadState';
import { RetryError } from '../../../components/RetryError';
import { toneText } from '../../../components/tone';
import { administrationKeys } from '../keys';

const MB = 1024 * 1024;

/** Megabytes as the plans state them (1 MB = 1024² bytes), in GB from 1024 MB on. */
function formatMb(mb: number, language: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return mb >= 1024 ? `${number(mb / 1024, 1)} GB` : `${number(mb, mb < 10 ? 1 : 0)} MB`;
}

interface Meter {
  key: 'users' | 'courses' | 'companies' | 'storage';
  used: number;
  limit: number | null;
  show: (value: number) => string;
}

/** One limit of the plan: what is used of it, as a number and a bar; a full one says what that means. */
function UsageMeter({ meter }: { meter: Meter }) {
  const { t } = useTranslation('administration');
  const label = t(`plan.${meter.key}`);
  const used = meter.show(meter.used);
  if (meter.limit === null) {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" data-testid={`plan-${meter.key}`}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm">{t('plan.noLimit', { used })}</Text>
      </Group>
    );
  }
  const share = meter.limit === 0 ? 100 : Math.min(100, (meter.used / meter.limit) * 100);
  const full = meter.used >= meter.limit;
  const text = t('plan.ofLimit', { used, limit: meter.show(meter.limit) });
  return (
    <Stack gap={4} data-testid={`plan-${meter.key}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm">{text}</Text>
      </Group>
      <Progress value={share} color={full ? 'red' : share >= 80 ? 'orange' : 'blue'} aria-label={`${label}: ${text}`} />
      {full && (
        <Text size="xs" {...toneText('red')} data-testid={`plan-${meter.key}-full`}>
          {t('plan.full')}
        </Text>
      )}
    </Stack>
  );
}

/** The site's plan for its staff: the plan, its trial, and what the site uses of each limit (spec §1). */
export function PlanUsage() {
  const { t, i18n } = useTranslation('administration');
  const usage = useQuery({
    queryKey: administrationKeys.planUsage,
    queryFn: () => call('site.php', 'get_plan_usage', {}),
  });
  if (usage.isPending) return <Loading section />;
  if (!usage.data) {
    return <RetryError message={t('plan.loadFailed')} retry={t('plan.retry')} onRetry={() => void usage.refetch()} />;
  }
  const { Plan, TrialEndsAt, TrialEnded, Limits, Usage } = usage.data.data;
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const meters: Meter[] = [
    { key: 'users', used: Usage.Users, limit: Limits.Users, show: count },
    { key: 'courses', used: Usage.Courses, limit: Limits.Courses, show: count },
    { key: 'companies', used: Usage.Companies, limit: Limits.Companies, show: count },
    {
      key: 'storage',
      used: Usage.StorageBytes / MB,
      limit: Limits.StorageMb,
      show: (mb) => formatMb(mb, i18n.language),
    },
  ];
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="plan-usage-title"
      data-testid="plan-usage"
    >
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} size="h4" id="plan-usage-title">
          {t('plan.summary', { plan: t(`plan.planName.${Plan}`) })}
        </Title>
        {TrialEndsAt !== null && (
          <Text size="sm" {...(TrialEnded ? toneText('red') : { c: 'dimmed' })} data-testid="plan-trial">
            {t(TrialEnded ? 'plan.trialOver' : 'plan.trialUntil', { date: formatDate(TrialEndsAt) })}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {meters.map((meter) => (
          <UsageMeter key={meter.key} meter={meter} />
        ))}
      </SimpleGrid>
    </Paper>
  );
}
