import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { useSite } from '../../features/site';
import { call } from '../api';
import { appKeys } from '../keys';

/** Switches maintenance mode (administrators); the site's facts take the answer at once. */
export function useMaintenanceSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => (await call('site.php', 'set_maintenance', { Maintenance: on })).data,
    onSuccess: ({ Maintenance }) => {
      queryClient.setQueryData(appKeys.site, (current: ReturnType<typeof useSite>['data']) =>
        current ? { ...current, data: { ...current.data, Maintenance } } : current,
      );
      void queryClient.invalidateQueries({ queryKey: appKeys.site });
    },
  });
}
