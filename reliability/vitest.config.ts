import { defineProject } from 'vitest/config';

const deep = process.env.SPLICE_DEEP === '1';

/**
 * The reliability suite measures latencies and counts faults, so its files run one at a time
 * (`fileParallelism: false`) and after every other project has finished (`groupOrder: 1`): nothing else
 * competes for the two cores while a figure is taken.
 */
export default defineProject({
  test: {
    name: 'reliability',
    environment: 'node',
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: deep ? 60 * 60_000 : 180_000,
    hookTimeout: deep ? 10 * 60_000 : 120_000,
  },
});
