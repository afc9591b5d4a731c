import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import classes from './messages.module.css';

/**
 * After a message to someone who is not online, the offer to mail it too (spec §4). The server mails the same
 * message at most once within 10 s, so a second click changes nothing.
 */
export function EmailOfferDialog({
  messageId,
  name,
  onClose,
}: {
  messageId: number | null;
  name: string;
  onClose(): void;
}) {
  const { t } = useTranslation(['coaching', 'errors']);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (messageId === null) return;
    setBusy(true);
    try {
      await call('messages.php', 'send_message_as_email', { Id: messageId });
      notifications.show({ message: t('email.sent'), color: 'green' });
      onClose();
    } catch (error) {
      console.warn('send_message_as_email failed', error);
      notifications.show({ message: t('errors:SERVER_ERROR'), color: 'red' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      opened={messageId !== null}
      title={t('email.title')}
      titleClassName={classes.dialogTitle}
      text={t('email.text', { name })}
      cancel={t('email.cancel')}
      onCancel={onClose}
      confirm={t('email.confirm')}
      onConfirm={send}
      busy={busy}
      data-testid="email-offer"
      confirmTestId="email-offer-confirm"
    />
  );
}
