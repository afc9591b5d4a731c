/** Every query key of the authoring feature: /Courses (the site's courses, a course's settings) and the editor. */
export const authoringKeys = {
  all: ['authoring'] as const,
  courses: ['authoring', 'courses'] as const,
  settings: (courseId: number) => ['authoring', 'courses', 'settings', courseId] as const,
  partContent: (courseId: number, partId: number) => ['authoring', 'partContent', courseId, partId] as const,
  translationStatus: (courseId: number) => ['authoring', 'translationStatus', courseId] as const,
  revisions: (courseId: number, partId: number) => ['authoring', 'revisions', courseId, partId] as const,
  revision: (courseId: number, revisionId: number) => ['authoring', 'revision', courseId, revisionId] as const,
};
