import { Alert, Button, Group, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMaintenanceSwitch } from './useMaintenanceSwitch';

/** Tells an administrator (MaintenanceGate.tsx shows it to them only), on every page, that the site is in maintenance, and switches it off in one step. */
export default function MaintenanceNotice() {
  const { t } = useTranslation('site');
  const switchTo = useMaintenanceSwitch();
  return (
    <Alert
      color="orange"
      variant="light"
      radius={0}
      icon={<IconTool size={20} aria-hidden />}
      data-testid="maintenance-notice"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('maintenance.notice')}</Text>
        <Button size="compact-sm" color="orange.9" onClick={() => switchTo.mutate(false)} loading={switchTo.isPending}>
          {t('maintenance.switchOff')}
        </Button>
      </Group>
    </Alert>
  );
}
