import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveUser } from '../../../../shared/contract/administration/users';
import { call } from '../../../app/api';
import { retryUnlessMissing } from '../../../components/errorText';
import { administrationKeys } from '../keys';

/** get_user: her page's data; what the caller may do with her comes with it. */
export const useUser = (id: number) =>
  useQuery({
    queryKey: administrationKeys.user(id),
    queryFn: () => call('users.php', 'get_user', { Id: id }),
    retry: retryUnlessMissing,
  });

/** Older history, a page at a time (the first page comes with get_user). */
export const useUserHistory = (id: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: administrationKeys.userHistory(id, page),
    queryFn: () => call('users.php', 'get_user_history', { Id: id, Page: page }),
    enabled,
  });

/** After any change her page and the list are read again (the list shows her name, type and state). */
function useRefresh(id: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: administrationKeys.user(id) }),
      queryClient.invalidateQueries({ queryKey: administrationKeys.users.all, refetchType: 'none' }),
    ]);
}

export function useSaveUser(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (data: SaveUser) => call('users.php', 'save_user', data),
    onSuccess: refresh,
  });
}

export function useGrantCourse(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (data: { CourseId: number; ExpiresAt: string | null }) =>
      call('users.php', 'grant_user_course', { UserId: userId, ...data }),
    onSuccess: refresh,
  });
}

export function useRevokeCourse(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (courseId: number) => call('users.php', 'revoke_user_course', { UserId: userId, CourseId: courseId }),
    onSuccess: refresh,
  });
}

type AccountAction = 'lock_user' | 'unlock_user' | 'end_user_sessions' | 'send_password_reset';

/** Lock, unlock, sign out everywhere, send a reset: calls of her id alone. */
export function useAccountAction(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: async (action: AccountAction) => {
      if (action === 'end_user_sessions') return (await call('users.php', action, { Id: userId })).Ended;
      await call('users.php', action, { Id: userId });
      return null;
    },
    onSuccess: refresh,
  });
}

/** start_view_as: a read-only session of the student (the caller takes it through the session). */
export const useStartViewAs = () =>
  useMutation({ mutationFn: (data: { Id: number; Reason: string }) => call('view_as.php', 'start_view_as', data) });

/** get_view_as_log of one user, or (null) of the whole site, a page at a time. */
export const useViewAsLog = (userId: number | null, page: number) =>
  useQuery({
    queryKey: administrationKeys.viewAsLog(userId ?? 0, page),
    queryFn: () => call('view_as.php', 'get_view_as_log', { UserId: userId ?? 0, Page: page }),
  });
