/** Every query key of the codes feature: staff's list of codes, a code's redemptions, the courses to choose from. */
export const codesKeys = {
  all: ['codes'] as const,
  list: (search: string, page: number) => ['codes', 'list', search, page] as const,
  lists: ['codes', 'list'] as const,
  redemptions: (codeId: number) => ['codes', 'redemptions', codeId] as const,
  courses: ['codes', 'courses'] as const,
};
