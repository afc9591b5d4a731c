import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The toasts (spec §2): at most five, top centre, 3 s each; their close buttons named in the user's language. */
export default function NotificationsLayer() {
  const { t } = useTranslation();
  const label = t('closeNotification');
  const theme = useMemo(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': label } } } } }),
    [label],
  );
  return (
    <MantineThemeProvider theme={theme} inherit>
      <Notifications limit={5} autoClose={3000} position="top-center" />
    </MantineThemeProvider>
  );
}
