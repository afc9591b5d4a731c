import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api';
import { siteKeys } from '../keys';

export const useNewsList = (page: number) =>
  useQuery({
    queryKey: siteKeys.newsList(page),
    queryFn: () => call('news.php', 'get_news_list', { page }),
    placeholderData: keepPreviousData,
  });

export const useNewsItem = (id: number | null) =>
  useQuery({
    queryKey: siteKeys.newsItem(id ?? 0),
    queryFn: async () => (await call('news.php', 'get_news_item', { id: id ?? 0 })).data,
    enabled: id !== null,
    retry: false,
  });

/** The first words of an item's HTML as plain text, for the list. */
export function newsExcerpt(html: string, maxLength = 220): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxLength - 30)).trimEnd()}…`;
}
