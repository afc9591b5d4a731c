import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText } from '../../components/errorText';
import { useMaintenance } from './useMaintenance';
import { useMaintenanceSwitch } from './useMaintenanceSwitch';

/**
 * The administrators' switch of maintenance mode, in the drawer beside the other switches (the site has no settings
 * page yet). Switching on shuts everyone else out, so it asks first; switching off does not.
 */
export function MaintenanceSwitch() {
  const { on, admin } = useMaintenance();
  return admin ? <AdminSwitch on={on} /> : null;
}

function AdminSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation('site');
  const switchTo = useMaintenanceSwitch();
  const [asking, setAsking] = useState(false);

  const apply = (value: boolean) =>
    switchTo.mutate(value, {
      onSuccess: () => {
        setAsking(false);
        notifications.show({ message: value ? t('maintenance.switchedOn') : t('maintenance.switchedOff') });
      },
      onError: (error) => notifications.show({ message: errorText(error), color: 'red' }),
    });

  return (
    <>
      <Switch
        label={t('maintenance.switchLabel')}
        description={t('maintenance.switchDescription')}
        checked={on}
        disabled={switchTo.isPending}
        onChange={(event) => (event.currentTarget.checked ? setAsking(true) : apply(false))}
        data-testid="maintenance-switch"
      />
      <ConfirmDialog
        opened={asking}
        title={t('maintenance.confirmTitle')}
        text={t('maintenance.confirmText')}
        cancel={t('maintenance.cancel')}
        onCancel={() => setAsking(false)}
        confirm={t('maintenance.confirm')}
        onConfirm={() => apply(true)}
        confirmColor="orange.9"
        busy={switchTo.isPending}
        focusCancel
        confirmTestId="maintenance-confirm"
      />
    </>
  );
}
