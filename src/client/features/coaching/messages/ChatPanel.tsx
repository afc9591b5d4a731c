import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankRichText, isSendTooSoon } from '../../../../shared/domain/coaching/chat';
import { SYSTEM_USER_ID } from '../../../../shared/domain/coaching/messages';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { errorText } from '../../../components/errorText';
import { coachingKeys } from '../keys';
import { type ChatMessage, useConversation } from './conversation';
import type { ChatTarget } from './dialogs';
import { markOpened, updateInbox } from './inbox';
import { MessageEditor } from './MessageEditor';
import { MessageList } from './MessageList';
import { playSent } from './sounds';

/** A message waiting for its Id: below every real one, so it never collides with one. */
let pendingIds = 0;

interface ChatPanelProps {
  target: ChatTarget;
  /** Polls while true (the dialog is open, the page shows). */
  active: boolean;
  /** In the chat dialog, or on a page: the editor's height (spec §9) and the list's. */
  variant: 'dialog' | 'inline';
  /** A message went to a partner who is not online: the caller offers to email it, outside any dialog of its own. */
  onOffline(messageId: number): void;
}

/**
 * The conversation with one user and the editor under it (spec §2, §4, §5, §9): the messages oldest at the top and
 * the newest beside the editor, Send or Ctrl+Enter. With the system (-1) it only reads: system messages cannot be
 * answered. The chat dialog holds one; so do pages that show a conversation (a task's page).
 */
export function ChatPanel({ target, active, variant, onOffline }: ChatPanelProps) {
  const { t } = useTranslation('coaching');
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session.user?.Id ?? 0;
  const partnerId = target.userId;
  const system = partnerId === SYSTEM_USER_ID;
  const conversation = useConversation(userId, partnerId, active);
  const messages = conversation.query.data?.messages;

  const [html, setHtml] = useState('');
  const [editorVersion, setEditorVersion] = useState(0);
  const [restored, setRestored] = useState('');
  const [sending, setSending] = useState(false);
  const lastAttempt = useRef<number | null>(null);

  // What she reads here is opened: the bell's count follows without a visit to the bell.
  useEffect(() => {
    const unopened = (messages ?? []).filter((m) => m.ToUserId === userId && m.Showed === 0 && !m.pendingSend);
    if (unopened.length === 0) return;
    conversation.update((list) => list.map((m) => (unopened.includes(m) ? { ...m, Showed: 1 } : m)));
    void markOpened(
      queryClient,
      userId,
      unopened.map((m) => m.Id),
    ).then(() => queryClient.invalidateQueries({ queryKey: coachingKeys.inbox(userId) }));
  }, [messages, userId, queryClient, conversation.update]);

  const empty = isBlankRichText(html);

  const send = async () => {
    if (system || empty || sending) return;
    const now = Date.now();
    if (isSendTooSoon(now, lastAttempt.current)) return;
    lastAttempt.current = now;
    const text = html;
    const pendingId = --pendingIds;
    const pending: ChatMessage = {
      Id: pendingId,
      FromUserId: userId,
      ToUserId: partnerId,
      Message: text,
      Title: '',
      CDate: new Date(now).toISOString(),
      ShowedDate: null,
      Showed: 0,
      ReplyDate: null,
      SenderFirstName: session.user?.FirstName ?? '',
      SenderLastName: session.user?.LastName ?? '',
      SenderUserFileId: session.user?.UserFileId ?? null,
      course_id: target.courseId ?? null,
      course_part_id: target.coursePartId ?? null,
      SentByUserId: null,
      SentByName: null,
      pendingSend: true,
    };
    setSending(true);
    conversation.update((list) => [pending, ...list]);
    setHtml('');
    setRestored('');
    setEditorVersion((v) => v + 1);
    try {
      const answer = await call('messages.php', 'submit_message', {
        FromUserId: userId,
        UserId: partnerId,
        Title: '',
        Message: text,
        CourseId: target.courseId ?? null,
        CoursePartId: target.coursePartId ?? null,
      });
      const { Id } = answer.createMessageResult.data;
      // The poll may have brought the stored message already: then the pending one just goes.
      conversation.update((list) =>
        list.some((m) => m.Id === Id)
          ? list.filter((m) => m.Id !== pendingId)
          : list.map((m) => (m.Id === pendingId ? { ...m, Id, pendingSend: false } : m)),
      );
      // Her answer replies to what the partner sent: the bell's unread dots go.
      const repliedAt = new Date().toISOString();
      updateInbox(queryClient, userId, (inbox) => ({
        ...inbox,
        messages: inbox.messages.map((m) =>
          m.FromUserId === partnerId && m.ReplyDate === null ? { ...m, ReplyDate: repliedAt } : m,
        ),
      }));
      playSent();
      if (!answer.createMessageResult.recipientOnlineStatus.data) onOffline(Id);
    } catch (error) {
      conversation.update((list) => list.filter((m) => m.Id !== pendingId));
      // The text comes back into the editor, to send again.
      setRestored(text);
      setHtml(text);
      setEditorVersion((v) => v + 1);
      const reason = errorText(error, (code) => code);
      notifications.show({ message: t('chat.sendFailed', { reason }), color: 'red' });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <MessageList
        userId={userId}
        partnerName={system ? t('system.sender') : target.name}
        conversation={conversation}
        variant={variant}
      />
      {system ? (
        <Alert color="blue" variant="light" data-testid="system-no-reply">
          {t('system.noReply')}
        </Alert>
      ) : (
        <div>
          <MessageEditor
            version={editorVersion}
            initialContent={restored}
            label={t('chat.editorLabel', { name: target.name })}
            onChange={setHtml}
            onSubmit={send}
            autoFocus={variant === 'dialog'}
            size={variant}
          />
          <Group justify="space-between" mt="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {t('chat.shortcut')}
            </Text>
            <Button
              onClick={send}
              disabled={empty || sending}
              loading={sending}
              rightSection={<IconSend size={16} aria-hidden />}
              ml="auto"
              data-testid="chat-send"
            >
              {t('chat.send')}
            </Button>
          </Group>
        </div>
      )}
    </>
  );
}
