import { notifications } from '@mantine/notifications';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../shared/contract/coaching/messages';
import { mergeMessages, unseenMessages } from '../../../../shared/domain/coaching/chat';
import {
  MESSAGE_PAGE_SIZE,
  MESSAGE_POLL_MS,
  STORED_MESSAGES_MAX,
  SYSTEM_USER_ID,
} from '../../../../shared/domain/coaching/messages';
import { call } from '../../../app/api';
import { coachingKeys } from '../keys';
import { playIncoming } from './sounds';
import { plainText } from './time';

/** The messages to the signed-in user (spec §3 `messages`, `unopenedMessages`), as polling has grown them. */
export interface Inbox {
  /** At most 100, newest first. */
  messages: Message[];
  /** The previous answer's `datetime`: the next poll's `LastDate`. */
  datetime: string;
  /** Messages to her not opened yet (the bell's count), as the server counts them. */
  unopened: number;
  /** What the latest poll brought that the list did not hold (empty after the first load). */
  arrived: Message[];
}

/**
 * One poll: the first asks for the newest page; every later one only for what came since the previous answer
 * (`LastDate`). What is already in the list is not added again: increments overlap a little on purpose.
 */
async function pollInbox(queryClient: QueryClient, userId: number): Promise<Inbox> {
  const key = coachingKeys.inbox(userId);
  const before = queryClient.getQueryData<Inbox>(key);
  const answer = await call('messages.php', 'get_messages', {
    UserId: userId,
    LastDate: before?.datetime ?? null,
    page: 1,
    limit: before ? STORED_MESSAGES_MAX : MESSAGE_PAGE_SIZE,
  });
  // Read again: the list may have changed while the call was out (messages marked opened, one removed).
  const current = queryClient.getQueryData<Inbox>(key)?.messages ?? [];
  return {
    messages: mergeMessages(current, answer.data, STORED_MESSAGES_MAX),
    datetime: answer.datetime,
    unopened: answer.unopened,
    arrived: before ? unseenMessages(current, answer.data) : [],
  };
}

/** Changes the stored list in place (marks, removals), keeping the rest of the inbox. */
export function updateInbox(queryClient: QueryClient, userId: number, change: (inbox: Inbox) => Inbox): void {
  queryClient.setQueryData<Inbox>(coachingKeys.inbox(userId), (inbox) => (inbox ? change(inbox) : inbox));
}

/**
 * Marks messages to the user as opened (spec §4), in the list at once and then on the server; the next poll brings
 * the server's count. A failure is only logged: the messages stay unopened there and the count says so.
 */
export async function markOpened(queryClient: QueryClient, userId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const marked = new Set(ids);
  const now = new Date().toISOString();
  updateInbox(queryClient, userId, (inbox) => ({
    ...inbox,
    messages: inbox.messages.map((m) =>
      marked.has(m.Id) && m.Showed === 0 ? { ...m, Showed: 1, ShowedDate: now } : m,
    ),
    unopened: Math.max(0, inbox.unopened - inbox.messages.filter((m) => marked.has(m.Id) && m.Showed === 0).length),
  }));
  try {
    await call(
      'messages.php',
      'mark_messages_as_opened',
      [...marked].map((Id) => ({ Id })),
    );
  } catch (error) {
    console.warn('mark_messages_as_opened failed', error);
  }
}

/** Messages already announced in this page's life (a toast or a sound), so a second render announces none again. */
const announced = new Set<number>();

/**
 * Polls the signed-in user's messages (or, for staff, the support inbox: `userId` -1) every 3000 ms (spec §9) while
 * the page is visible. New messages sound
 * (volume 0.3); system messages show as toasts, once each: a toast shows the message, so it counts as opened.
 * A dead session answers UNAUTHORIZED, which the API client turns into signing out.
 */
export function useInbox(userId: number, enabled = true) {
  const { t } = useTranslation('coaching');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: coachingKeys.inbox(userId),
    queryFn: () => pollInbox(queryClient, userId),
    refetchInterval: MESSAGE_POLL_MS,
    // The next poll is the retry.
    retry: false,
    staleTime: MESSAGE_POLL_MS,
    enabled,
  });

  const data = query.data;
  useEffect(() => {
    if (!data) return;
    const unannounced = (message: Message) => !announced.has(message.Id);
    // What a poll brought sounds; a system message not shown yet (also one the first load found) is toasted.
    const arrived = data.arrived.filter(unannounced);
    const system = data.messages.filter((m) => m.FromUserId === SYSTEM_USER_ID && m.Showed === 0 && unannounced(m));
    for (const message of [...arrived, ...system]) announced.add(message.Id);
    for (const message of system) {
      // The title inside the message: Mantine greys the text under a title below 4.5:1 contrast.
      notifications.show({
        message: (
          <>
            <strong>
              {message.Title ||
                (message.SentByName ? t('system.sentBy', { name: message.SentByName }) : t('system.sender'))}
            </strong>
            <br />
            {plainText(message.Message)}
          </>
        ),
        color: 'blue',
      });
    }
    void markOpened(
      queryClient,
      userId,
      system.map((m) => m.Id),
    );
    if (arrived.length > 0) playIncoming();
  }, [data, queryClient, userId, t]);

  return query;
}
