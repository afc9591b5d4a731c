import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

type Explanation = 'noToken' | 'noAccess' | 'permission' | 'unknown';

/** Which explanation fits the guard's reason (spec §8: "No token", "No access to this page", "Premission denied id:…"). */
const explanationFor = (reason: string | undefined): Explanation => {
  if (reason === 'No token') return 'noToken';
  if (reason === 'No access to this page') return 'noAccess';
  if (reason?.startsWith('Premission denied id:')) return 'permission';
  return 'unknown';
};

const reasonFromState = (state: unknown): string | undefined => {
  const reason = (state as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : undefined;
};

/** /denied: why the route was refused, and where to go instead. */
export default function DeniedPage() {
  const { t } = useTranslation('pages');
  const location = useLocation();
  const reason = reasonFromState(location.state);
  const explanation = explanationFor(reason);

  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t('denied.title')}</Title>
      <Alert color="red" variant="light" mt="lg" icon={<IconLock size={20} aria-hidden />}>
        <Text>{t(`denied.explain.${explanation}`)}</Text>
        {reason && (
          <Text mt="xs" size="sm">
            {t('denied.reason')}: <span data-testid="denied-reason">{reason}</span>
          </Text>
        )}
      </Alert>
      <Group mt="xl" gap="sm">
        <Button component={Link} to="/login" variant={explanation === 'noToken' ? 'filled' : 'outline'}>
          {t('denied.signIn')}
        </Button>
        <Button component={Link} to="/Home" variant={explanation === 'noToken' ? 'outline' : 'filled'}>
          {t('denied.home')}
        </Button>
      </Group>
    </Container>
  );
}
