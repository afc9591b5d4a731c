/** The query keys of authoring: the site's courses for /Courses and one course's settings. */
export const authoringKeys = {
  courses: ['authoring', 'courses'] as const,
  settings: (courseId: number) => ['authoring', 'courses', 'settings', courseId] as const,
};
