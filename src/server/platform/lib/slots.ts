/**
 * A bounded number of jobs at once with a bounded queue: `run` starts a job when one of `slots` is free, waits in
 * line while at most `queue` others wait, and beyond that calls `refuse()` at once (whose error it throws) rather
 * than letting work pile up in memory.
 */
export interface Slots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Jobs running now and waiting now. */
  readonly running: number;
  readonly waiting: number;
}

export function createSlots(opts: { slots: number; queue: number; refuse: () => Error }): Slots {
  let running = 0;
  const line: (() => void)[] = [];
  return {
    async run(work) {
      if (running >= opts.slots) {
        if (line.length >= opts.queue) throw opts.refuse();
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, so `running` stays counted for it.
        const next = line.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
