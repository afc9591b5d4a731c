import type { Language } from '../../../shared/domain/language';

/** The query keys of the site's pages: news and the page texts. */
export const siteKeys = {
  latestNews: (userId: number | null) => ['news', 'latest', userId] as const,
  newsList: (page: number) => ['news', 'list', page] as const,
  newsItem: (id: number) => ['news', 'item', id] as const,
  content: (key: string, locale: Language) => ['content', key, locale] as const,
};
