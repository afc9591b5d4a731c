import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api';
import { appKeys } from '../../app/keys';

/** Public facts about this site (title, plan, whether registration is open). */
export const useSite = () =>
  useQuery({ queryKey: appKeys.site, queryFn: () => call('site.php', 'get_site', {}), staleTime: 5 * 60_000 });
