/**
 * Attempts at a Test block (a test with a pass mark). A quiz is practice: it is answered as often as the learner
 * likes and always says which questions were right. A test would be passed by trying the options one at a time if
 * every answer said so; it says only the score and whether it passed until the learner has passed it or has used
 * her last allowed attempt. How many attempts a learner has per test is a course setting (`TestAttempts`).
 */

/** A course's attempts per test as the rules read it: null (or 0, or anything not a positive whole number) is no limit. */
export function attemptLimit(setting: number | null | undefined): number | null {
  return setting !== null && setting !== undefined && Number.isInteger(setting) && setting > 0 ? setting : null;
}

/** Attempts the learner still has after `attempts`; null when there is no limit. */
export function attemptsLeft(setting: number | null | undefined, attempts: number): number | null {
  const limit = attemptLimit(setting);
  return limit === null ? null : Math.max(0, limit - attempts);
}

/** Whether one more attempt may be made after `attempts`. */
export function mayAttempt(setting: number | null | undefined, attempts: number): boolean {
  const left = attemptsLeft(setting, attempts);
  return left === null || left > 0;
}

/**
 * Whether a test result may say which questions were right: once the test is passed, or once no attempt is left.
 * Without a limit there is no last attempt, so only a pass reveals it.
 */
export function revealsCorrectness(opts: { setting: number | null | undefined; attempts: number; passed: boolean }) {
  return opts.passed || attemptsLeft(opts.setting, opts.attempts) === 0;
}
