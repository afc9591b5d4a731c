import { Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Plan, plans, pricedPlans, TRIAL_DAYS } from '../../../../shared/domain/site/plans';

const formatPrice = (cents: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(cents / 100);

const formatStorage = (megabytes: number, language: string) =>
  megabytes >= 1024 && megabytes % 1024 === 0
    ? new Intl.NumberFormat(language, { style: 'unit', unit: 'gigabyte' }).format(megabytes / 1024)
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte' }).format(megabytes);

function PlanCard({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('site');
  const { users, courses, storageMb } = plan.limits;
  const features =
    plan.id === 'enterprise'
      ? [t('home.pricing.enterpriseLimits')]
      : [
          users !== null && t('home.pricing.upTo', { amount: t('home.pricing.amounts.users', { count: users }) }),
          courses !== null && t('home.pricing.upTo', { amount: t('home.pricing.amounts.courses', { count: courses }) }),
          storageMb !== null && t('home.pricing.storage', { size: formatStorage(storageMb, i18n.language) }),
        ].filter((feature): feature is string => Boolean(feature));
  const name = t(`home.pricing.plans.${plan.id as 'starter'}.name`);

  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={`plan-${plan.id}`}>
      <Stack gap="sm" h="100%">
        <Title order={3} id={`plan-${plan.id}`}>
          {name}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`home.pricing.plans.${plan.id as 'starter'}.description`)}
        </Text>
        {plan.monthlyPriceCents === null ? (
          <Text fz="xl" fw={700}>
            {t('home.pricing.onRequest')}
          </Text>
        ) : (
          <Text>
            <Text span fz={32} fw={700}>
              {formatPrice(plan.monthlyPriceCents, plan.currency, i18n.language)}
            </Text>{' '}
            <Text span c="dimmed">
              {t('home.pricing.perMonth')}
            </Text>
          </Text>
        )}
        <List spacing="xs" size="sm" icon={<IconCheck size={16} aria-hidden />} style={{ flex: 1 }}>
          {features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button
          component={Link}
          to={plan.monthlyPriceCents === null ? '/Home#contact-us' : '/start-trial'}
          variant={plan.id === 'professional' ? 'filled' : 'outline'}
          fullWidth
          aria-label={`${plan.monthlyPriceCents === null ? t('home.pricing.askForPrice') : t('home.pricing.startTrial')}: ${name}`}
        >
          {plan.monthlyPriceCents === null ? t('home.pricing.askForPrice') : t('home.pricing.startTrial')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The plans of spec §1 as cards, with the free trial and the demo limits. */
export function PricingCards() {
  const { t } = useTranslation('site');
  const demo = plans.demo.limits;
  return (
    <Stack gap="md">
      <Text size="lg" fw={600}>
        {t('home.pricing.intro', { days: TRIAL_DAYS })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {pricedPlans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('home.pricing.demo', {
          courses: t('home.pricing.amounts.courses', { count: demo.courses ?? 0 }),
          companies: t('home.pricing.amounts.companies', { count: demo.companies ?? 0 }),
          users: t('home.pricing.amounts.users', { count: demo.users ?? 0 }),
        })}
      </Text>
    </Stack>
  );
}
