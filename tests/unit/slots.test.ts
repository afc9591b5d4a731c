import { describe, expect, it } from 'vitest';
import { createSlots } from '../../src/server/platform/lib/slots';

/** A job that runs until its `finish` is called. */
function job() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { finish, work: () => done };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('bounded slots', () => {
  it('runs at most `slots` jobs at once, lets `queue` wait, and refuses the next at once', async () => {
    const slots = createSlots({ slots: 2, queue: 2, refuse: () => new Error('busy') });
    const jobs = Array.from({ length: 4 }, job);
    let peak = 0;
    const runs = jobs.map((j) =>
      slots.run(async () => {
        peak = Math.max(peak, slots.running);
        await j.work();
      }),
    );
    await settle();
    expect([slots.running, slots.waiting]).toEqual([2, 2]);
    await expect(slots.run(async () => 'late')).rejects.toThrow('busy');

    jobs[0]?.finish();
    await settle();
    // The freed slot went straight to the first in line.
    expect([slots.running, slots.waiting]).toEqual([2, 1]);
    for (const j of jobs) j.finish();
    await Promise.all(runs);
    expect([slots.running, slots.waiting, peak]).toEqual([0, 0, 2]);
    expect(await slots.run(async () => 'again')).toBe('again');
  });

  it('a job that fails frees its slot and its error reaches the caller', async () => {
    const slots = createSlots({ slots: 1, queue: 0, refuse: () => new Error('busy') });
    await expect(
      slots.run(async () => {
        throw new Error('bad image');
      }),
    ).rejects.toThrow('bad image');
    expect(slots.running).toBe(0);
    expect(await slots.run(async () => 1)).toBe(1);
  });
});
