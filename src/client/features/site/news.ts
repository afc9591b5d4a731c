import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api';
import { useContentLanguage } from '../../components/language';
import { siteKeys } from './keys';

/** The news item of the banner (the one spotlighted, else the latest); the server leaves out one the user closed. */
export const useLatestNews = (userId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: siteKeys.latestNews(userId, useContentLanguage()),
    queryFn: () => call('news.php', 'get_latest_news', { user_id: userId }),
    enabled,
    select: (answer) => answer.data.data[0],
    // News load failures are only logged; the banner simply stays away (spec §8).
    retry: false,
  });
