import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

/** Public facts about this site (title, plan, whether registration is open). */
export const useSite = () =>
  useQuery({ queryKey: queryKeys.site, queryFn: () => call('site.php', 'get_site', {}), staleTime: 5 * 60_000 });
