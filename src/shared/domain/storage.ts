/** The browser storage keys of spec §3, the only names the client reads and writes. */
export const storageKeys = {
  token: 'user-token',
  userType: 'user_type',
  locale: 'userLocale',
  avatar: 'avatar',
  cookieConsent: 'cookie_consent',
  darkMode: 'darkMode',
  showCourseNav: 'showCourseNav',
  newsSpotlightViewed: 'newsSpotlightViewed',
  appVersion: 'userAppVersion',
  courseTutorialComplete: 'courseTutorialComplete',
  courseId: 'course_id',
  /**
   * While an administrator views as a student (docs/decisions.md, "View as this user"): her own token, set aside,
   * and what the banner shows (JSON, app/session.tsx's `ViewAs`). Not a key of spec §3; cleared on signing out.
   */
  viewAs: 'view_as',
  /**
   * A visitor's ear-training settings, per exercise (JSON); signed in, hers are kept on her account. Not a key of
   * spec §3; kept on signing out, as the browser's choice.
   */
  earTrainingSettings: 'earTrainingSettings',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** What survives signing out (spec §4): choices of the browser rather than of the account. */
export const keptOnSignOut: readonly StorageKey[] = [
  storageKeys.cookieConsent,
  storageKeys.darkMode,
  storageKeys.newsSpotlightViewed,
  storageKeys.appVersion,
  storageKeys.locale,
  storageKeys.courseTutorialComplete,
  storageKeys.courseId,
  storageKeys.earTrainingSettings,
];

/**
 * Course editors' unsaved drafts (`courseDraft:<site>:<course>:<part>:<user>`, authoring's Editor/draft.ts) survive a
 * sign-out too, forced or not: a typed word is never lost, and each draft is its editor's alone.
 */
export const keptOnSignOutPrefix = 'courseDraft:';

/** The keys to remove when signing out, of those present. */
export const keysToClearOnSignOut = (present: readonly string[]): string[] =>
  present.filter((key) => !(keptOnSignOut as readonly string[]).includes(key) && !key.startsWith(keptOnSignOutPrefix));
