import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../../shared/contract/learning/courseShapes';
import { ApiError, call } from '../../../app/api';
import { useSession } from '../../../app/session';
import { learningKeys } from '../keys';

/** The course as the signed-in viewer may see it (get_course). A failure is not retried: it sends her away. */
export function useCourse(courseId: number | null) {
  const { user } = useSession();
  return useQuery({
    queryKey: learningKeys.course(courseId ?? 0, user?.Id ?? 0),
    queryFn: async (): Promise<Course> => {
      if (!user || courseId === null) throw new ApiError('NOT_FOUND');
      const answer = await call('course.php', 'get_course', {
        UserId: user.Id,
        CourseId: courseId,
        UserType: user.UserType,
      });
      const course = answer.data[0];
      if (!course) throw new ApiError('NOT_FOUND');
      return course;
    },
    enabled: courseId !== null && user !== null,
    retry: false,
  });
}

/** Whether the session may open the course (auth_user with access.CourseId): 1, 0, or null when not asked. */
export function useCourseAccess(courseId: number | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: learningKeys.access(courseId ?? 0, token),
    queryFn: async () => {
      const answer = await call('auth.php', 'auth_user', {
        ...(token ? { token } : {}),
        access: { CourseId: courseId },
      });
      return answer.CourseAccess;
    },
    enabled: courseId !== null && token !== null,
    retry: false,
    staleTime: 0,
  });
}
