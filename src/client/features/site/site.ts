import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api';
import { appKeys } from '../../app/keys';

/**
 * Public facts about this site (title, plan, whether registration is open, maintenance mode); `refetchInterval` asks
 * again while a page waits for a change (the maintenance page).
 */
export const useSite = (options: { refetchInterval?: number } = {}) =>
  useQuery({
    queryKey: appKeys.site,
    queryFn: () => call('site.php', 'get_site', {}),
    staleTime: 5 * 60_000,
    refetchInterval: options.refetchInterval,
  });
