import type { Log } from './handlers';

/**
 * Runs `job` now and every `everyMs` while the server runs, never two runs at once (a run still busy when the next
 * is due is not joined by another); a failure is logged as `failure` and the next run tries again. Answers the
 * function that stops it.
 */
export function startPeriodic(opts: { everyMs: number; job: () => Promise<unknown>; log: Log; failure: string }) {
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    void opts
      .job()
      .catch((error: unknown) => opts.log.warn({ err: error }, opts.failure))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, opts.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
