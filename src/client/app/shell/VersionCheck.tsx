import { Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type AppVersion,
  isNewVersion,
  VERSION_CHECK_INTERVAL_MS,
  versionUrl,
} from '../../../shared/domain/site/version';
import { storageKeys } from '../../../shared/domain/storage';
import { appKeys } from '../keys';
import { storage } from '../storage';

async function fetchVersion(): Promise<AppVersion> {
  const response = await fetch(versionUrl(Date.now()), { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  return response.json();
}

/** Asks the server for its build every 30 s and offers an Update when it differs from this page's (spec §1). */
export function VersionCheck() {
  const { t } = useTranslation();
  const served = useQuery({
    queryKey: appKeys.version,
    queryFn: fetchVersion,
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
  if (!served.data || !isNewVersion(__APP_HASH__, served.data)) return null;
  const newHash = served.data.hash;

  const update = () => {
    storage.set(storageKeys.appVersion, newHash);
    window.location.reload();
  };

  return (
    <Paper
      role="status"
      shadow="lg"
      p="sm"
      withBorder
      data-testid="update-prompt"
      style={{ position: 'fixed', top: 72, right: 16, zIndex: 400, maxWidth: 'min(360px, calc(100vw - 32px))' }}
    >
      <Group gap="sm" justify="flex-end">
        <Text size="sm">{t('update.message')}</Text>
        <Button size="compact-md" onClick={update}>
          {t('update.button')}
        </Button>
      </Group>
    </Paper>
  );
}
