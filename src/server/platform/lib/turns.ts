/**
 * Calls that hold the CPU long, let through a few per turn of the event loop: `take()` resolves when the caller's
 * turn comes, at most `perTurn` callers in one turn (`setImmediate`), in the order they asked. Between two turns
 * the server reads what arrived meanwhile, so a short call (an editor's save) is answered after a few long ones, not
 * after every one in line. A call that waits for its database (PostgreSQL) gives up the CPU by itself; on SQLite a
 * call runs from start to end in one go, and without this the calls read in one turn all run before the next read.
 */
export interface Turns {
  take(): Promise<void>;
  /** Callers waiting for their turn now. */
  readonly waiting: number;
}

export function createTurns(perTurn: number): Turns {
  const line: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    for (let i = 0; i < perTurn && line.length > 0; i++) (line.shift() as () => void)();
    if (line.length > 0) schedule();
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(next);
  };
  return {
    take() {
      return new Promise<void>((resolve) => {
        line.push(resolve);
        if (!scheduled) schedule();
      });
    },
    get waiting() {
      return line.length;
    },
  };
}
