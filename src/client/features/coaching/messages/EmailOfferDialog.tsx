import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
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
  const { t } = useTranslation(['messages', 'errors']);
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
    <Modal
      opened={messageId !== null}
      onClose={onClose}
      title={t('email.title')}
      centered
      closeButtonProps={{ 'aria-label': t('email.cancel') }}
      classNames={{ title: classes.dialogTitle }}
      data-testid="email-offer"
    >
      <Text>{t('email.text', { name })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('email.cancel')}
        </Button>
        <Button onClick={send} loading={busy} data-testid="email-offer-confirm">
          {t('email.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
