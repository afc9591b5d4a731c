import { describe, expect, it } from 'vitest';
import { createTurns } from '../../src/server/platform/lib/turns';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turns', () => {
  it('lets `perTurn` callers through per turn of the event loop, in the order they asked', async () => {
    const turns = createTurns(2);
    const through: string[] = [];
    const calls = ['a', 'b', 'c', 'd', 'e'].map(async (name) => {
      await turns.take();
      through.push(name);
    });
    expect(turns.waiting).toBe(5);
    // Between two turns the server reads what arrived meanwhile (a short call is answered there).
    await nextTurn();
    expect(through).toEqual(['a', 'b']);
    await nextTurn();
    expect(through).toEqual(['a', 'b', 'c', 'd']);
    await Promise.all(calls);
    expect([through, turns.waiting]).toEqual([['a', 'b', 'c', 'd', 'e'], 0]);
  });
});
