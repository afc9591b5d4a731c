/**
 * The query keys of the app frame: what a session caches, the running build's version and the site's facts (read by
 * the shell and the sign-in pages). Each feature keeps its own keys in its keys.ts.
 */
export const appKeys = {
  /** Everything cached for the session, dropped when it ends. */
  session: ['session'] as const,
  /**
   * Everything a learner's progress changes, whichever feature shows it: the course and My courses, the exams, the
   * profile's xp, achievements and certificates. A progress step or a coach's review invalidates it all at once.
   */
  progress: ['learning'] as const,
  version: ['version'] as const,
  site: ['site'] as const,
};
