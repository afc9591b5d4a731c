import { appKeys } from '../../app/keys';

const all = appKeys.progress;

/**
 * The query keys of the learning pages. Most live under the progress root, which a progress step or a coach's
 * review invalidates, so they are fetched again together with the exams and the profile after one.
 */
export const learningKeys = {
  all,
  course: (courseId: number, userId: number) => [...all, 'course', courseId, userId] as const,
  allMyCourses: [...all, 'myCourses'] as const,
  myCourses: (userId: number) => [...all, 'myCourses', userId] as const,
  achievement: (id: number, courseId: number) => [...all, 'achievement', id, courseId] as const,
  resources: [...all, 'resources'] as const,
  /** Whether a session may open a course: asked afresh for each token. */
  access: (courseId: number, token: string | null) => ['courseAccess', courseId, token] as const,
  /** A certificate's public check: not the viewer's progress, so outside its root. */
  certificateCheck: (code: string) => ['certificateCheck', code] as const,
  freeLessons: (category: string | null) => ['freeLessons', 'list', category] as const,
  freeLesson: (courseId: number, partId: number) => ['freeLessons', 'lesson', courseId, partId] as const,
};
