import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { denialOf } from '../../../../shared/domain/guards';
import { safeTriedUrl } from '../../../features/identity/Auth/safeRedirect';

const fromState = (state: unknown, field: 'reason' | 'triedUrl'): string | undefined => {
  const value = (state as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : undefined;
};

/** /denied: why the route was refused, and where to go instead. */
export default function DeniedPage() {
  const { t } = useTranslation('site');
  const location = useLocation();
  const reason = fromState(location.state, 'reason');
  // The explanation that fits the guard's reason (spec §8).
  const explanation = denialOf(reason);
  // Refused for want of a token: signing in leads on to the route that was refused (a path on this site only).
  const triedUrl = explanation === 'noToken' ? safeTriedUrl(fromState(location.state, 'triedUrl') ?? null) : null;
  const signIn = triedUrl ? `/login?triedUrl=${encodeURIComponent(triedUrl)}` : '/login';

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
        <Button component={Link} to={signIn} variant={explanation === 'noToken' ? 'filled' : 'outline'}>
          {t('denied.signIn')}
        </Button>
        <Button component={Link} to="/Home" variant={explanation === 'noToken' ? 'outline' : 'filled'}>
          {t('denied.home')}
        </Button>
      </Group>
    </Container>
  );
}
