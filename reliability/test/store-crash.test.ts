/**
 * Store crash safety: a writer process (the service's own durability writer, committing installations
 * through `SqliteRepository` and printing each id once committed) is SIGKILLed at random moments, again
 * and again on the same database: sometimes after a random number of commits, sometimes after a random
 * time (possibly while it opens and migrates the database). After every kill the database is reopened:
 * integrity_check and foreign_key_check clean, and every id the writer acknowledged is there.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mulberry32 } from '@splice/sandbox-data';
import { checkCrashLane, prepareCrashLane, runWriterUntilKilled } from '@splice/service';
import { afterAll, describe, expect, it } from 'vitest';
import { Failures, figures, ms } from '../src/figures.js';
import { mapPool } from '../src/pool.js';
import { sizes } from '../src/size.js';

/**
 * Writers still running. A writer never yields to its event loop, so it cannot notice that this test is
 * gone: whatever ends the test (even a timeout) kills them here.
 */
const live = new Set<ChildProcess>();
afterAll(() => {
  for (const child of live) child.kill('SIGKILL');
});

describe('store crash safety', () => {
  it(`${sizes.kills} SIGKILLs at random moments lose no acknowledged write`, async () => {
    // Two lanes (two databases) side by side: one writer per core.
    const lanes = await Promise.all(
      [0, 1].map(() => prepareCrashLane(mkdtempSync(join(tmpdir(), 'splice-crash-')))),
    );
    const failures = new Failures();
    let kills = 0;
    let duringOpen = 0;
    let acknowledged = 0;
    let lost = 0;
    let integrityOk = 0;
    let longest = 0;
    let slowest = '';
    try {
      await mapPool(lanes, 2, async (lane, laneIndex) => {
        const random = mulberry32(sizes.seed + 50 + laneIndex);
        for (let k = laneIndex; k < sizes.kills; k += lanes.length) {
          const trigger =
            random() < 0.6
              ? { afterWrites: 1 + Math.floor(random() * 400) }
              : { afterMs: Math.floor(random() * 1_500) };
          const result = await runWriterUntilKilled(lane, trigger, live);
          const mode =
            trigger.afterWrites !== undefined
              ? `after ${trigger.afterWrites} commits`
              : `after ${trigger.afterMs} ms`;
          kills++;
          if (result.aliveMs > longest) slowest = `${mode}, ${result.acknowledged} acknowledged`;
          longest = Math.max(longest, result.aliveMs);
          acknowledged += result.acknowledged;
          if (result.acknowledged === 0) duringOpen++;
          if (result.signal !== 'SIGKILL')
            failures.add(
              `  - kill ${k} (${mode}): the writer ended with ${result.signal}: ${result.stderr.slice(0, 300)}`,
            );
          const verdict = checkCrashLane(lane);
          if (verdict.integrity === 'ok' && verdict.foreignKeyViolations === 0) integrityOk++;
          else
            failures.add(
              `  - kill ${k} (${mode}): integrity ${verdict.integrity}, ${verdict.foreignKeyViolations} foreign key violations`,
            );
          if (verdict.missing.length > 0) {
            lost += verdict.missing.length;
            failures.add(
              `  - kill ${k} (${mode}): ${verdict.missing.length} acknowledged writes lost, e.g. ${verdict.missing[0]}`,
            );
          }
        }
      });
    } finally {
      for (const lane of lanes) rmSync(lane.dir, { recursive: true, force: true });
    }
    figures(
      'store-crash',
      `${kills} SIGKILLs (${duringOpen} before the first commit was acknowledged), ${acknowledged} acknowledged writes, ${lost} lost, integrity ok after ${integrityOk}/${kills}, ${failures.count} failures; longest writer life ${ms(longest)} (${slowest})`,
      { kills, acknowledged, lost, integrityOk, failures: failures.count },
    );
    expect(failures.count, failures.toString()).toBe(0);
    expect(kills).toBe(sizes.kills);
  });
});
