/**
 * How often the read engine looks at its work: parked messages come due together on the park period's
 * grid, and a loop with a gap never starts two steps closer than it, however busy it says it is.
 */
import { describe, expect, it } from 'vitest';
import { LoopHealth, runLoop } from './engine-loop.js';
import { defaultReadTiming, parkedUntil } from './timing.js';
import { Wakeup } from './wakeup.js';

describe('parkedUntil', () => {
  const timing = { ...defaultReadTiming, parkMs: 5_000 };

  it('waits at least the park period, to the next multiple of it', () => {
    expect(parkedUntil(timing, 12_345)).toBe(20_000);
    expect(parkedUntil(timing, 15_000)).toBe(20_000);
    expect(parkedUntil(timing, 15_001)).toBe(25_000);
  });

  it('gives messages parked within one period the same due time', () => {
    const due = new Set([10_001, 11_500, 13_999, 15_000].map((now) => parkedUntil(timing, now)));
    expect([...due]).toEqual([20_000]);
  });
});

describe('runLoop', () => {
  /** Runs a loop whose every step says there is more to do, for `forMs`; the steps' start times. */
  async function busyLoop(gapMs: number | undefined, forMs: number): Promise<number[]> {
    const starts: number[] = [];
    let running = true;
    const done = runLoop(
      {
        name: 'test',
        step: async () => {
          starts.push(performance.now());
          return true;
        },
        wakeup: new Wakeup(),
        idle: () => 1_000,
        ...(gapMs === undefined ? {} : { gapMs }),
      },
      () => running,
      new LoopHealth(() => {}),
      1_000,
    );
    await new Promise((resolve) => setTimeout(resolve, forMs));
    running = false;
    await done;
    return starts;
  }

  it('starts two steps at least the gap apart', async () => {
    const starts = await busyLoop(50, 400);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
    // Timers may fire a millisecond early against performance.now().
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(49);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(9);
  });

  it('steps again at once without a gap', async () => {
    const starts = await busyLoop(undefined, 200);
    expect(starts.length).toBeGreaterThan(50);
  });
});
