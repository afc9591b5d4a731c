import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storageKeys } from '../../../shared/domain/storage';
import { storage } from '../storage';

type Consent = 'accepted' | 'declined';

/** Asks once per browser whether analytics cookies may be used; shows until a choice is stored (spec §1). */
export function CookieBanner() {
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
      shadow="lg"
      p="md"
      withBorder
      data-testid="cookie-banner"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 300, maxWidth: 640, marginInline: 'auto' }}
    >
      <Text size="sm" mb="sm">
        {t('cookies.text')}{' '}
        <Anchor component={Link} to="/privacy" size="sm" underline="always">
          {t('cookies.more')}
        </Anchor>
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => choose('declined')}>
          {t('cookies.decline')}
        </Button>
        <Button onClick={() => choose('accepted')}>{t('cookies.accept')}</Button>
      </Group>
    </Paper>
  );
}
