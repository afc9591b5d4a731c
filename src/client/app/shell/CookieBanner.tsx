import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storageKeys } from '../../../shared/domain/storage';
import { storage } from '../storage';

type Consent = 'accepted' | 'declined';

/**
 * Asks once per browser whether analytics cookies may be used; shows until a choice is stored (spec §1). It heads
 * the page rather than floating over it, so it never covers a control (a course's bottom bar on a phone). Loaded
 * only while no choice is stored (AppLayout.tsx), so that the first load of everyone who chose does not carry it.
 */
export default function CookieBanner() {
  const { t } = useTranslation();
  const [consent, setConsent] = useState(() => storage.get(storageKeys.cookieConsent));
  if (consent) return null;

  const choose = (value: Consent) => {
    storage.set(storageKeys.cookieConsent, value);
    setConsent(value);
  };

  return (
    <Paper
      component="section"
      aria-label={t('cookies.more')}
      radius={0}
      px="md"
      py="sm"
      withBorder
      data-testid="cookie-banner"
    >
      <Group justify="space-between" gap="sm" maw={960} mx="auto">
        <Text size="sm" flex="1 1 320px">
          {t('cookies.text')}{' '}
          <Anchor component={Link} to="/privacy" size="sm" underline="always">
            {t('cookies.more')}
          </Anchor>
        </Text>
        <Group justify="flex-end" gap="sm" ml="auto">
          <Button variant="default" onClick={() => choose('declined')}>
            {t('cookies.decline')}
          </Button>
          <Button onClick={() => choose('accepted')}>{t('cookies.accept')}</Button>
        </Group>
      </Group>
    </Paper>
  );
}
