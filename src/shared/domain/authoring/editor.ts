/**
 * The course editor's saving rules (spec §4, §9): the course editor saves every 6 s while its draft differs from
 * what the server has, retries a save the network lost, and tells apart the refusals that need the editor's
 * attention from those a retry fixes.
 */

/** Spec §9: the course editor auto-saves every 6 s. */
export const COURSE_AUTOSAVE_MS = 6_000;
/** A save the network lost is retried after 6 s, then 12, 24, never more than a minute apart. */
export const COURSE_AUTOSAVE_RETRY_MAX_MS = 60_000;

/**
 * Milliseconds from `now` until the next save of a changed draft: 6 s after the first change the server does not
 * have (so steady typing saves every 6 s rather than waiting for a pause), and after `failures` lost saves in a
 * row the doubling back-off from the last attempt.
 */
export function nextSaveDelay(opts: {
  now: number;
  /** When the draft first differed from the last saved content. */
  dirtySince: number;
  /** When the last save was tried, null before any. */
  lastAttemptAt: number | null;
  /** Saves lost to the network in a row. */
  failures: number;
}): number {
  const { now, dirtySince, lastAttemptAt, failures } = opts;
  let due = dirtySince + COURSE_AUTOSAVE_MS;
  if (lastAttemptAt !== null) due = Math.max(due, lastAttemptAt + COURSE_AUTOSAVE_MS);
  if (failures > 0 && lastAttemptAt !== null) {
    const backOff = Math.min(COURSE_AUTOSAVE_MS * 2 ** (failures - 1), COURSE_AUTOSAVE_RETRY_MAX_MS);
    due = Math.max(due, lastAttemptAt + backOff);
  }
  return Math.max(0, due - now);
}

/**
 * What the editor does after a save failed with `code`:
 * - `retry`: the network or the server failed; the draft stays, the editor shows it is offline and tries again;
 * - `stale`: the course changed since the draft's version (someone else saved); the draft stays, and the editor
 *   shows who changed it and offers the server's version;
 * - `closed`: the lock lapsed or someone else holds it; the draft stays and editing closes;
 * - `invalid`: the server refused the content itself; the draft stays until the editor fixes it;
 * - `signedOut`: the session ended; the draft stays for the next sign-in.
 */
export type SaveFailure = 'retry' | 'stale' | 'closed' | 'invalid' | 'signedOut';

export function saveFailure(code: string): SaveFailure {
  switch (code) {
    case 'STALE_VERSION':
      return 'stale';
    case 'NOT_EDITING':
    case 'COURSE_LOCKED':
      return 'closed';
    case 'INVALID_REQUEST':
    case 'PAYLOAD_TOO_LARGE':
    case 'NOT_FOUND':
      return 'invalid';
    case 'UNAUTHORIZED':
    case 'FORBIDDEN':
      return 'signedOut';
    default:
      return 'retry';
  }
}

/**
 * When the editor opens a part and finds a draft kept in the browser: a draft equal to the server's content is
 * forgotten (the server has it), a different one is offered back ("Restore your unsaved changes?").
 */
export function keptDraftDecision(opts: { kept: string | null; server: string }): 'none' | 'forget' | 'offer' {
  if (opts.kept === null) return 'none';
  return opts.kept === opts.server ? 'forget' : 'offer';
}

/** Milliseconds until an editor who made no edit since `lastEditAt` has been inactive for `minutes`. */
export function inactivityDelay(opts: { now: number; lastEditAt: number; minutes: number }): number {
  return Math.max(0, opts.lastEditAt + opts.minutes * 60_000 - opts.now);
}
