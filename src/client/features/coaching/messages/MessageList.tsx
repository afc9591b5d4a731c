import { ActionIcon, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../app/api';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Loading } from '../../../components/LoadState';
import { RichText } from '../../../components/RichText';
import { useChatScroll } from './chatScroll';
import type { ChatMessage, useConversation } from './conversation';
import { updateInbox } from './inbox';
import classes from './messages.module.css';
import { useMessageTime } from './time';

/** Older pages load when the list is scrolled this close to its top (spec §9). */
const LOAD_OLDER_WITHIN_PX = 50;

interface MessageListProps {
  userId: number;
  partnerName: string;
  conversation: ReturnType<typeof useConversation>;
  /** `inline` on a page: a lower box than in the dialog. */
  variant?: 'dialog' | 'inline';
}

/**
 * The conversation as a chat reads: the oldest at the top, the newest at the bottom beside the editor, opened at the
 * newest; older pages load as the list is scrolled near its top (chatScroll.ts keeps the view steady meanwhile).
 */
export function MessageList({ userId, partnerName, conversation, variant = 'dialog' }: MessageListProps) {
  const { t } = useTranslation(['coaching', 'shell', 'errors']);
  const queryClient = useQueryClient();
  const time = useMessageTime();
  const [removing, setRemoving] = useState<ChatMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const { query, loadOlder, loadingOlder, hasOlder, update } = conversation;
  const messages = query.data?.messages;
  // Stored newest first (conversation.ts); read from the top, oldest first.
  const oldestFirst = useMemo(() => (messages ? [...messages].reverse() : undefined), [messages]);
  const scroll = useChatScroll(messages, userId);
  const { box } = scroll;

  const nearTop = useCallback(() => {
    const element = box.current;
    return element ? element.scrollTop <= LOAD_OLDER_WITHIN_PX : false;
  }, [box]);

  // A page that does not fill the box cannot be scrolled: the next one loads straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the list changes
  useEffect(() => {
    if (hasOlder && !loadingOlder && nearTop()) void loadOlder();
  }, [messages, hasOlder, loadingOlder, nearTop, loadOlder]);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await call('messages.php', 'remove_message', { Id: removing.Id, UserId: userId });
      const id = removing.Id;
      update((list) => list.filter((m) => m.Id !== id));
      updateInbox(queryClient, userId, (inbox) => ({ ...inbox, messages: inbox.messages.filter((m) => m.Id !== id) }));
      notifications.show({ message: t('chat.removed'), color: 'green' });
      setRemoving(null);
    } catch (error) {
      console.warn('remove_message failed', error);
      notifications.show({ message: t('errors:SERVER_ERROR'), color: 'red' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section
        ref={box}
        className={classes.list}
        data-variant={variant}
        onScroll={() => {
          scroll.onScroll();
          if (hasOlder && nearTop()) void loadOlder();
        }}
        aria-label={t('chat.conversation', { name: partnerName })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the focus to be scrolled by keyboard
        tabIndex={0}
        data-testid="chat-messages"
      >
        <div ref={scroll.content}>
          {!oldestFirst ? (
            <Loading section py="lg" />
          ) : oldestFirst.length === 0 ? (
            <Text ta="center" py="lg" c="dimmed">
              {t('chat.empty')}
            </Text>
          ) : (
            <>
              {/* One height whether it waits, loads or says where the conversation began: the messages do not move. */}
              <div className={classes.listTop}>
                {loadingOlder ? (
                  <Loading section py={0} size="xs" label={t('chat.loadingOlder')} />
                ) : (
                  !hasOlder && (
                    <Text ta="center" size="xs" c="dimmed">
                      {t('chat.start')}
                    </Text>
                  )
                )}
              </div>
              <ul className={classes.messages}>
                {oldestFirst.map((message) => {
                  const own = message.FromUserId === userId;
                  return (
                    <li
                      key={message.Id}
                      className={`${classes.message} ${own ? classes.own : classes.theirs}`}
                      data-testid="chat-message"
                      data-own={own}
                      data-pending={message.pendingSend ? 'true' : undefined}
                    >
                      <Group gap="xs" justify="space-between" wrap="nowrap" className={classes.messageMeta}>
                        <Text size="sm" fw={600} truncate data-testid="chat-sender">
                          {own
                            ? t('chat.you')
                            : message.SentByName
                              ? t('system.sentBy', { name: message.SentByName })
                              : partnerName}
                        </Text>
                        <Group gap={4} wrap="nowrap">
                          {message.pendingSend ? (
                            <Text size="xs" role="status" data-testid="chat-sending">
                              {t('chat.sending')}
                            </Text>
                          ) : (
                            <Text size="xs" c="dimmed" component="time" dateTime={message.CDate}>
                              {time(message.CDate)}
                            </Text>
                          )}
                          {own && !message.pendingSend && (
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              size="sm"
                              onClick={() => setRemoving(message)}
                              aria-label={t('chat.remove')}
                              data-testid="chat-remove"
                            >
                              <IconTrash size={14} aria-hidden />
                            </ActionIcon>
                          )}
                        </Group>
                      </Group>
                      {message.Title && (
                        <Text size="sm" fw={700}>
                          {message.Title}
                        </Text>
                      )}
                      <RichText html={message.Message} />
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </div>
      </section>
      <ConfirmDialog
        opened={removing !== null}
        title={t('chat.removeTitle')}
        titleClassName={classes.dialogTitle}
        text={t('chat.removeText', { name: partnerName })}
        cancel={t('chat.cancel')}
        onCancel={() => setRemoving(null)}
        confirm={t('chat.removeConfirm')}
        onConfirm={remove}
        confirmColor="red.9"
        busy={busy}
        confirmTestId="confirm-remove"
      />
    </>
  );
}
