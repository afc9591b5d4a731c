import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api';
import { siteKeys } from './keys';

/** The latest news item for the banner; the server leaves out one the user has closed. */
export const useLatestNews = (userId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: siteKeys.latestNews(userId),
    queryFn: () => call('news.php', 'get_latest_news', { user_id: userId }),
    enabled,
    select: (answer) => answer.data.data[0],
    // News load failures are only logged; the banner simply stays away (spec §8).
    retry: false,
  });
