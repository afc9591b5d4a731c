import type { Language } from '../../../shared/domain/language';

/** The query keys of the site's pages: news and the page texts. */
export const siteKeys = {
  /** Every news query: an administrator's change makes them all stale. */
  news: ['news'] as const,
  latestNews: (userId: number | null, language: Language) => ['news', 'latest', userId, language] as const,
  newsList: (page: number, language: Language) => ['news', 'list', page, language] as const,
  newsItem: (id: number, language: Language) => ['news', 'item', id, language] as const,
  adminNews: (page: number) => ['news', 'admin', page] as const,
  content: (key: string, locale: Language) => ['content', key, locale] as const,
  trialOptions: ['trial', 'options'] as const,
  trialLink: (code: string) => ['trial', 'link', code] as const,
};
