import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Message } from '../../../../shared/contract/coaching/messages';
import { mergeMessages } from '../../../../shared/domain/coaching/chat';
import { MESSAGE_PAGE_SIZE, MESSAGE_POLL_MS, STORED_MESSAGES_MAX } from '../../../../shared/domain/coaching/messages';
import { call } from '../../../app/api';
import { coachingKeys } from '../keys';

/** A message on screen; `pendingSend` while its own send is under way (spec §3, §4: "Sending..."). */
export type ChatMessage = Message & { pendingSend?: boolean };

export interface Conversation {
  /** Newest first (the list shows them the other way up): the pages loaded so far and whatever polling brought since. */
  messages: ChatMessage[];
  /** The previous answer's `datetime`: the next poll's `LastDate`. */
  datetime: string;
  /** The oldest page loaded, and how many there are (25 messages each). */
  page: number;
  totalPages: number;
}

const request = (userId: number, partnerId: number) => ({ UserId: userId, FromUserId: partnerId, IsChat: true });

/** First the newest page, then only what came since (`LastDate`), merged by Id into what is loaded. */
async function pollConversation(queryClient: QueryClient, userId: number, partnerId: number): Promise<Conversation> {
  const key = coachingKeys.conversation(userId, partnerId);
  const before = queryClient.getQueryData<Conversation>(key);
  const answer = await call('messages.php', 'get_messages', {
    ...request(userId, partnerId),
    LastDate: before?.datetime ?? null,
    page: 1,
    limit: before ? STORED_MESSAGES_MAX : MESSAGE_PAGE_SIZE,
  });
  const current = queryClient.getQueryData<Conversation>(key);
  return {
    messages: mergeMessages(current?.messages ?? [], answer.data),
    datetime: answer.datetime,
    page: current?.page ?? 1,
    totalPages: current?.totalPages ?? answer.pagination.total_pages,
  };
}

/**
 * The conversation with one user (spec §7 get_messages with FromUserId), polled every 3000 ms while the chat is
 * open; `loadOlder` adds the next page of 25 (the list asks when scrolled near its top).
 */
export function useConversation(userId: number, partnerId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = useMemo(() => coachingKeys.conversation(userId, partnerId), [userId, partnerId]);
  const query = useQuery({
    queryKey: key,
    queryFn: () => pollConversation(queryClient, userId, partnerId),
    enabled,
    refetchInterval: MESSAGE_POLL_MS,
    retry: false,
    staleTime: 0,
    // A conversation left for another one starts afresh from its newest page when opened again.
    gcTime: 0,
  });

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loading = useRef(false);
  const loadOlder = useCallback(async () => {
    const current = queryClient.getQueryData<Conversation>(key);
    if (loading.current || !current || current.page >= current.totalPages) return;
    loading.current = true;
    setLoadingOlder(true);
    try {
      const answer = await call('messages.php', 'get_messages', {
        ...request(userId, partnerId),
        page: current.page + 1,
        limit: MESSAGE_PAGE_SIZE,
      });
      queryClient.setQueryData<Conversation>(key, (latest) =>
        latest
          ? {
              ...latest,
              // New messages shift the pages: a repeat is dropped by Id.
              messages: mergeMessages(latest.messages, answer.data),
              page: Math.max(latest.page, current.page + 1),
              totalPages: answer.pagination.total_pages,
            }
          : latest,
      );
    } catch (error) {
      console.warn('loading older messages failed', error);
    } finally {
      loading.current = false;
      setLoadingOlder(false);
    }
  }, [queryClient, key, userId, partnerId]);

  const update = useCallback(
    (change: (messages: ChatMessage[]) => ChatMessage[]) =>
      queryClient.setQueryData<Conversation>(key, (latest) =>
        latest ? { ...latest, messages: change(latest.messages) } : latest,
      ),
    [queryClient, key],
  );

  const hasOlder = query.data ? query.data.page < query.data.totalPages : false;
  return { query, loadOlder, loadingOlder, hasOlder, update };
}
