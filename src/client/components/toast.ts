import { notifications } from '@mantine/notifications';
import i18n from '../app/i18n';

/** A toast of the course pages; its close button is named, so screen readers can tell what it does. */
export function showToast(message: string, color: 'red' | 'green' | 'blue'): void {
  notifications.show({
    message,
    color,
    closeButtonProps: { 'aria-label': i18n.t('learning:closeMessage') },
  });
}
