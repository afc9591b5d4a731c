import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { learningKeys } from '../keys';

/** The caller's courses with her progress and status (get_my_courses). */
export function useMyCourses() {
  const userId = useSession().user?.Id ?? null;
  return useQuery({
    queryKey: learningKeys.myCourses(userId ?? 0),
    queryFn: async () => (await call('course.php', 'get_my_courses', { UserId: userId ?? 0 })).data,
    enabled: userId !== null,
  });
}
