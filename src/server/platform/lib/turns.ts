/**
 * Calls that hold the CPU or the database long, let through a few at a time: `run(call)` starts the call when its
 * turn comes, at most `perTurn` started in one turn of the event loop (`setImmediate`) and at most `inFlight` running
 * at once, in the order they asked. Between two turns the server reads what arrived meanwhile, so a short call (an
 * editor's save) is answered after a few long ones, not after every one in line. On SQLite a call runs from start to
 * end in one go, and without this the calls read in one turn all run before the next read; on PostgreSQL a call
 * that waits for its database gives up the CPU, and without the bound on those in flight every connection of the
 * pool would be taken by them, a short call's statement waiting behind all of theirs.
 */
export interface Turns {
  run<T>(call: () => Promise<T>): Promise<T>;
  /** Callers waiting for their turn now. */
  readonly waiting: number;
  /** Calls started and not finished. */
  readonly running: number;
}

export function createTurns(perTurn: number, inFlight = perTurn): Turns {
  const line: (() => void)[] = [];
  let running = 0;
  let scheduled = false;
  const next = () => {
    scheduled = false;
    for (let i = 0; i < perTurn && line.length > 0 && running < inFlight; i++) {
      running++;
      (line.shift() as () => void)();
    }
    schedule();
  };
  const schedule = () => {
    if (scheduled || line.length === 0 || running >= inFlight) return;
    scheduled = true;
    setImmediate(next);
  };
  return {
    async run(call) {
      await new Promise<void>((resolve) => {
        line.push(resolve);
        schedule();
      });
      try {
        return await call();
      } finally {
        running--;
        schedule();
      }
    },
    get waiting() {
      return line.length;
    },
    get running() {
      return running;
    },
  };
}
