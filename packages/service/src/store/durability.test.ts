/**
 * Crash durability: a child process commits installations and reports each id after commit; the parent kills
 * it with SIGKILL (no exit handlers, no flush) mid-write, reopens the database and expects every reported id
 * to be there and the file to pass `PRAGMA integrity_check`. The kill loop itself is ./kill-loop (the
 * reliability suite runs it many times at random moments).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCrashLane, prepareCrashLane, runWriterUntilKilled } from './kill-loop.js';
import { makeTempDir, removeDir } from './test-helpers.js';

/** How many committed writes to wait for before killing the child. */
const killAfter = 300;

describe('store durability', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir();
  });
  afterEach(() => removeDir(dir));

  it('keeps every installation reported as committed when the writer is SIGKILLed', async () => {
    const lane = await prepareCrashLane(dir);
    const result = await runWriterUntilKilled(lane, { afterWrites: killAfter, guardMs: 60_000 });
    expect(result.signal, `writer ended on its own: ${result.stderr}`).toBe('SIGKILL');
    expect(result.acknowledged).toBeGreaterThanOrEqual(killAfter);

    const verdict = checkCrashLane(lane);
    expect(verdict.integrity).toBe('ok');
    expect(verdict.missing).toEqual([]);
    expect(verdict.stored).toBeGreaterThanOrEqual(lane.acknowledged.size);
    // Spawning tsx and 300 synchronous commits take seconds on a loaded machine.
  }, 60_000);
});
