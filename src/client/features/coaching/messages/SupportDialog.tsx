import { Button, Group, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankRichText } from '../../../../shared/domain/coaching/chat';
import { call } from '../../../app/api';
import { errorText } from '../../../components/errorText';
import { FieldError } from '../../../components/Notices';
import { courseView } from '../../learning';
import { closeSupport } from './dialogs';
import { MessageEditor } from './MessageEditor';
import classes from './messages.module.css';

/**
 * Tech Support (spec §2, §5): a message to the support inbox, which also makes a task for the staff. An empty
 * message, or one empty paragraph, is refused with "Please enter a message!". Sent from a course page, the
 * message names the course and the page.
 */
export default function SupportDialog() {
  const { t } = useTranslation('coaching');
  const phone = useMediaQuery('(max-width: 48em)');
  const [html, setHtml] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (sending) return;
    if (isBlankRichText(html)) {
      setError(t('support.empty'));
      return;
    }
    setError(null);
    setSending(true);
    const { activeCourseId, currCoursePostId } = courseView.get();
    try {
      await call('messages.php', 'send_support_message', {
        Message: html,
        CourseId: activeCourseId,
        CoursePartId: activeCourseId === null ? null : currCoursePostId,
      });
      notifications.show({ message: t('support.sent'), color: 'green' });
      closeSupport();
    } catch (failure) {
      setError(errorText(failure, (code) => code));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={closeSupport}
      title={t('support.title')}
      size={650}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('support.cancel') }}
      classNames={{ title: classes.dialogTitle }}
      data-testid="support-dialog"
    >
      <Text mb="sm">{t('support.intro')}</Text>
      <MessageEditor
        version={0}
        label={t('support.editorLabel')}
        onChange={(value) => {
          setHtml(value);
          if (error && !isBlankRichText(value)) setError(null);
        }}
        onSubmit={send}
        autoFocus
      />
      {error && (
        <FieldError mt="xs" data-testid="support-error">
          {error}
        </FieldError>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={closeSupport}>
          {t('support.cancel')}
        </Button>
        <Button
          onClick={send}
          loading={sending}
          rightSection={<IconSend size={16} aria-hidden />}
          data-testid="support-send"
        >
          {t('support.send')}
        </Button>
      </Group>
    </Modal>
  );
}
