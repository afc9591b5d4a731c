/** Xp and the moments that celebrate it (spec §4, §9). */

/** Xp a reward box gives when the course sets no other amount. */
export const DEFAULT_XP_REWARD = 5;
/** Xp from one level to the next. */
export const LEVEL_XP = 100;

/** The reward box appears this long after entering a page, and hides this long after it was accepted. */
export const REWARD_BOX_DELAY_MS = 800;
export const REWARD_BOX_HIDE_MS = 800;

/** The xp dialog counts one point per step, stays at least the minimum, and lingers after the count. */
export const XP_COUNT_STEP_MS = 80;
export const XP_DIALOG_MIN_MS = 4_000;
export const XP_DIALOG_LINGER_MS = 1_500;
/** The counting tick sounds at most this often. */
export const XP_SOUND_COOLDOWN_MS = 150;

export const SOUND_VOLUME = 0.3;
export const ACHIEVEMENT_DIALOG_MS = 5_000;

/** Course progress events: a reward box on every page, or xp for progress. */
export const ProgressEvent = { rewardBox: 1, xpOnProgress: 2 } as const;

export interface Level {
  /** 1 for 0–99 xp, 2 for 100–199 xp, … */
  level: number;
  /** Xp gathered inside the current level. */
  intoLevel: number;
  /** Xp still needed for the next level. */
  toNext: number;
}

export function levelOf(totalXp: number, levelXp: number = LEVEL_XP): Level {
  const xp = Math.max(0, Math.floor(totalXp));
  const intoLevel = xp % levelXp;
  return { level: Math.floor(xp / levelXp) + 1, intoLevel, toNext: levelXp - intoLevel };
}

/** Whether a course page offers its reward box (spec §4). */
export function shouldOfferRewardBox(opts: {
  collectXp: boolean;
  /** The reward the user already took on this page, if any. */
  rewardId: number | null;
  progressEvent: number;
}): boolean {
  return opts.collectXp && opts.rewardId === null && opts.progressEvent === ProgressEvent.rewardBox;
}

/** How long the xp dialog shows for a count from `from` to `to`: the count plus the linger, at least the minimum. */
export function xpDialogDuration(from: number, to: number): number {
  const steps = Math.max(0, to - from);
  return Math.max(XP_DIALOG_MIN_MS, steps * XP_COUNT_STEP_MS + XP_DIALOG_LINGER_MS);
}

/** The value the xp counter shows `elapsedMs` into its count. */
export function xpCountAt(from: number, to: number, elapsedMs: number): number {
  return Math.min(to, from + Math.max(0, Math.floor(elapsedMs / XP_COUNT_STEP_MS)));
}

/** Progress in whole percent: 100 only when every counted part is done; a course with nothing to count is 0. */
export function progressPercent(completed: number, counted: number): number {
  if (counted <= 0) return 0;
  if (completed >= counted) return 100;
  return Math.floor((Math.max(0, completed) * 100) / counted);
}

export type CourseStatus = 'completed' | 'in_progress' | 'not_started';

export function courseStatus(opts: {
  progressPercent: number;
  completedAt: string | null;
  started: boolean;
}): CourseStatus {
  if (opts.completedAt !== null || opts.progressPercent >= 100) return 'completed';
  return opts.started || opts.progressPercent > 0 ? 'in_progress' : 'not_started';
}

/** The expiry of a certificate issued at `issuedAt`, or null when the course's certificates do not expire. */
export function certificateExpiry(issuedAt: Date, validityMonths: number | null): Date | null {
  if (validityMonths === null) return null;
  const expiry = new Date(issuedAt);
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + validityMonths);
  // The same day of the month, or the month's last day when it has fewer days (31 January + 1 month).
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}
