import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isAdminRole } from '../../../shared/domain/roles';
import { useSite } from '../../features/site';
import { onMaintenance } from '../api';
import { appKeys } from '../keys';
import { useSession } from '../session';

/** How often the maintenance page asks whether the site is back. */
export const MAINTENANCE_RECHECK_MS = 30_000;

/** Whether the site is in maintenance mode (spec §9), and whether the viewer is one of the administrators it admits. */
export function useMaintenance(options: { recheck?: boolean } = {}) {
  const site = useSite({ refetchInterval: options.recheck ? MAINTENANCE_RECHECK_MS : undefined });
  const { user } = useSession();
  return {
    on: site.data?.data.Maintenance === true,
    admin: user !== null && isAdminRole(user.UserType, user.privilegies),
  };
}

/** A call refused for maintenance while a page was open: the site's facts are read again, and the gate follows. */
export function useMaintenanceRefusals() {
  const queryClient = useQueryClient();
  useEffect(() => onMaintenance(() => void queryClient.invalidateQueries({ queryKey: appKeys.site })), [queryClient]);
}
