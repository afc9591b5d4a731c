import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api';
import { learningKeys } from '../keys';

/** The free lessons of one category, or of all (get_free_lessons), with every category there is. */
export function useFreeLessons(category: string | null) {
  return useQuery({
    queryKey: learningKeys.freeLessons(category),
    queryFn: async () => {
      const answer = await call('course.php', 'get_free_lessons', { category });
      return { lessons: answer.data, categories: answer.categories };
    },
  });
}

/** One free lesson with its blocks (get_free_lesson). */
export function useFreeLesson(courseId: number | null, partId: number | null) {
  return useQuery({
    queryKey: learningKeys.freeLesson(courseId ?? 0, partId ?? 0),
    queryFn: async () =>
      (await call('course.php', 'get_free_lesson', { CourseId: courseId ?? 0, PartId: partId ?? 0 })).data,
    enabled: courseId !== null && partId !== null,
    retry: false,
  });
}

/** The address of a free lesson opened on the list of its category. */
export const freeLessonPath = (category: string | null, courseId: number, partId: number) =>
  `/FreeLessons${category ? `/${encodeURIComponent(category)}` : ''}?course=${courseId}&part=${partId}`;
