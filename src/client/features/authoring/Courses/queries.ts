import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseSettingsFields } from '../../../../shared/contract/authoring/courses';
import { call } from '../../../app/api';
import { authoringKeys } from '../keys';

/** get_courses: the site's courses, archived ones included. */
export const useCourses = () =>
  useQuery({
    queryKey: authoringKeys.courses,
    queryFn: async () => (await call('course_manager.php', 'get_courses', {})).data,
    refetchOnWindowFocus: true,
  });

/** get_course_settings: a course's settings and the staff who may coach it. */
export const useCourseSettings = (courseId: number) =>
  useQuery({
    queryKey: authoringKeys.settings(courseId),
    queryFn: async () => call('course_manager.php', 'get_course_settings', { CourseId: courseId }),
  });

type CourseChange =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; courseId: number; name: string }
  | { kind: 'duplicate' | 'archive' | 'restore'; courseId: number };

const changeCall = (change: CourseChange) => {
  switch (change.kind) {
    case 'create':
      return call('course_manager.php', 'create_course', { Name: change.name });
    case 'rename':
      return call('course_manager.php', 'rename_course', { CourseId: change.courseId, Name: change.name });
    case 'duplicate':
      return call('course_manager.php', 'duplicate_course', { CourseId: change.courseId });
    case 'archive':
      return call('course_manager.php', 'archive_course', { CourseId: change.courseId });
    case 'restore':
      return call('course_manager.php', 'restore_course', { CourseId: change.courseId });
  }
};

/** Every change of the list; each one fetches the list again. */
export function useCourseChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCall,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authoringKeys.courses }),
  });
}

/** save_course_settings; the list (name, status) and the settings are fetched again. */
export function useSaveCourseSettings(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CourseSettingsFields) =>
      call('course_manager.php', 'save_course_settings', { CourseId: courseId, Settings: settings }),
    onSuccess: (answer) => {
      queryClient.setQueryData(authoringKeys.settings(courseId), (old: { data: CourseSettingsFields } | undefined) =>
        old ? { ...old, data: answer.data } : old,
      );
      return queryClient.invalidateQueries({ queryKey: authoringKeys.courses });
    },
  });
}
