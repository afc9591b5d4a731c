const all = ['learning'] as const;

/**
 * The query keys of the learning pages. Most live under `['learning']`, which a progress step or a coach's review
 * invalidates, so the course, My courses, the exams and the profile's xp, achievements and certificates are fetched
 * again together after one.
 */
export const learningKeys = {
  all,
  course: (courseId: number, userId: number) => [...all, 'course', courseId, userId] as const,
  allMyCourses: [...all, 'myCourses'] as const,
  myCourses: (userId: number) => [...all, 'myCourses', userId] as const,
  achievement: (id: number, courseId: number) => [...all, 'achievement', id, courseId] as const,
  resources: [...all, 'resources'] as const,
  /** The exams of user_exam.php, with the course: what a review changes is fetched again together. */
  exams: {
    all: [...all, 'exam'] as const,
    ofBlock: (userId: number, courseId: number, blockId: number) =>
      [...all, 'exam', 'block', userId, courseId, blockId] as const,
    byId: (userExamId: number) => [...all, 'exam', 'id', userExamId] as const,
  },
  /** Whether a session may open a course: asked afresh for each token. */
  access: (courseId: number, token: string | null) => ['courseAccess', courseId, token] as const,
  freeLessons: (category: string | null) => ['freeLessons', 'list', category] as const,
  freeLesson: (courseId: number, partId: number) => ['freeLessons', 'lesson', courseId, partId] as const,
};
