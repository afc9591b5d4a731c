/** Every TanStack Query key of the client, in one place so mutations invalidate the right ones. */
export const queryKeys = {
  site: ['site'] as const,
  session: (token: string | null) => ['session', token] as const,
  latestNews: (userId: number | null) => ['news', 'latest', userId] as const,
  newsList: (page: number) => ['news', 'list', page] as const,
  newsItem: (id: number) => ['news', 'item', id] as const,
  content: (key: string, locale: string) => ['content', key, locale] as const,
  version: ['version'] as const,
  /** The messages to the signed-in user (the bell), grown by polling. */
  inbox: (userId: number) => ['messages', 'inbox', userId] as const,
  /** A conversation with one user (-1: the system's messages), its pages loaded so far and polled. */
  conversation: (userId: number, partnerId: number) => ['messages', 'conversation', userId, partnerId] as const,
  coaches: (courseId: number) => ['coaches', courseId] as const,
};
