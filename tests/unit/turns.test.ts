import { describe, expect, it } from 'vitest';
import { createTurns } from '../../src/server/platform/lib/turns';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turns', () => {
  it('lets `perTurn` callers through per turn of the event loop, in the order they asked', async () => {
    const turns = createTurns(2, 10);
    const through: string[] = [];
    const calls = ['a', 'b', 'c', 'd', 'e'].map((name) =>
      turns.run(async () => {
        through.push(name);
      }),
    );
    expect(turns.waiting).toBe(5);
    // Between two turns the server reads what arrived meanwhile (a short call is answered there).
    await nextTurn();
    expect(through).toEqual(['a', 'b']);
    await nextTurn();
    expect(through).toEqual(['a', 'b', 'c', 'd']);
    await Promise.all(calls);
    expect([through, turns.waiting, turns.running]).toEqual([['a', 'b', 'c', 'd', 'e'], 0, 0]);
  });

  it('runs at most `inFlight` calls at once; one ending lets the next start', async () => {
    const turns = createTurns(4, 2);
    const ends: (() => void)[] = [];
    const started: number[] = [];
    const calls = [1, 2, 3, 4].map((n) =>
      turns.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(n);
            ends.push(() => resolve(n));
          }),
      ),
    );
    for (let i = 0; i < 3; i++) await nextTurn();
    expect([started, turns.running, turns.waiting]).toEqual([[1, 2], 2, 2]);
    (ends.shift() as () => void)();
    for (let i = 0; i < 3; i++) await nextTurn();
    expect([started, turns.running]).toEqual([[1, 2, 3], 2]);
    while (ends.length > 0 || started.length < 4) {
      (ends.shift() as () => void)?.();
      await nextTurn();
      await nextTurn();
    }
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4]);
    expect(turns.running).toBe(0);
  });

  it('a call that fails gives its place back', async () => {
    const turns = createTurns(1, 1);
    await expect(turns.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await turns.run(async () => 'next')).toBe('next');
    expect(turns.running).toBe(0);
  });
});
