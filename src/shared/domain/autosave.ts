/** Page texts save 5 s after the first unsaved input, and only once typing has paused for 3 s (spec §4, §9). */
export const AUTOSAVE_AFTER_MS = 5_000;
export const AUTOSAVE_IDLE_MS = 3_000;

/** Milliseconds from `now` until the pending edit should be saved. */
export function autosaveDelay(opts: { now: number; firstInputAt: number; lastInputAt: number }): number {
  const due = Math.max(opts.firstInputAt + AUTOSAVE_AFTER_MS, opts.lastInputAt + AUTOSAVE_IDLE_MS);
  return Math.max(0, due - opts.now);
}
