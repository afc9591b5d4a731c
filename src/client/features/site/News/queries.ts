import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParsedCallData } from '../../../../shared/contract/define';
import type { news } from '../../../../shared/contract/site/news';
import { call } from '../../../app/api';
import { useContentLanguage } from '../../../components/language';
import { siteKeys } from '../keys';

export const useNewsList = (page: number, enabled = true) =>
  useQuery({
    queryKey: siteKeys.newsList(page, useContentLanguage()),
    queryFn: () => call('news.php', 'get_news_list', { page }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every item of the site with its languages, drafts included: what its administrators see on /News. */
export const useAdminNewsList = (page: number, enabled: boolean) =>
  useQuery({
    queryKey: siteKeys.adminNews(page),
    queryFn: () => call('news.php', 'get_news_admin_list', { page }),
    placeholderData: keepPreviousData,
    enabled,
  });

export type NewsDraft = Omit<ParsedCallData<(typeof news)['calls']['save_news_item']>, 'id'> & { id: number };

/** Writes an item; every news query is stale after it (the banner's too). */
export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: NewsDraft) => call('news.php', 'save_news_item', draft),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.news }),
  });
}

/** Names the item the top banner spotlights (0: the latest). */
export function useSetSpotlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newsId: number) => call('news.php', 'set_news_spotlight', { news_id: newsId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.news }),
  });
}

export const useNewsItem = (id: number | null) =>
  useQuery({
    queryKey: siteKeys.newsItem(id ?? 0, useContentLanguage()),
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
