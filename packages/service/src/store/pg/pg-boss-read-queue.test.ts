/**
 * The shared tick on a real PostgreSQL: three instances asking for every tick get one tick job per slot,
 * and an instance stuck in (or dead during) its tick does not hold back the others' next ticks.
 */
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgBossReadQueue, tickQueueName } from './pg-boss-read-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PgBossReadQueue', () => {
  let server: RunningPostgres;
  const queues: PgBossReadQueue[] = [];
  const open = (url: string) => {
    const queue = new PgBossReadQueue({ connectionString: url, tickMs: 1_000, log: () => {} });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop().catch(() => undefined)));
    await server?.stop();
  });

  it('runs one tick per slot however many instances ask for it', { timeout: 30_000 }, async () => {
    const url = await server.createDatabase('one_per_slot');
    const ticks: Array<{ instance: number; at: number }> = [];
    const instances = [open(url), open(url), open(url)];
    // Started together: pg-boss installs its schema once under its lock.
    await Promise.all(
      instances.map((queue, instance) =>
        queue.start(async () => {
          ticks.push({ instance, at: Date.now() });
        }),
      ),
    );
    const started = Date.now();
    // Each instance asks up to ten times a second, as a control loop woken by changes might: 40 rounds, so
    // at least 4 s pass (more on a loaded machine; the slots below count the time it really took).
    for (let round = 0; round < 40; round++) {
      await Promise.all(instances.map((queue) => queue.requestTick()));
      await sleep(100);
    }
    await sleep(1_500);
    const slots = Math.ceil((Date.now() - started) / 1_000) + 1;
    // One per second that someone asked in (120 asks over 4 s or more), never one per ask.
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(slots);
    // Stopped first, so that no tick runs or completes while the table is read.
    await Promise.all(instances.map((q) => q.stop()));
    // The guarantee itself, read from pg-boss's table: one job per slot, each run once. (When a tick ran is
    // no proof: a fetch delayed on a loaded machine finds two slots' jobs and runs them back to back.)
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ slot: Date; jobs: number; done: number }>(
      `SELECT singleton_on AS slot, count(*)::int AS jobs, count(*) FILTER (WHERE state = 'completed')::int AS done
         FROM splice_jobs.job WHERE name = $1 GROUP BY singleton_on`,
      [tickQueueName],
    );
    await client.end();
    expect(rows.every((row) => row.slot !== null && row.jobs === 1)).toBe(true);
    expect(rows.reduce((sum, row) => sum + row.done, 0)).toBe(ticks.length);
  });

  it('goes on ticking on the other instances while one is stuck in its tick', {
    timeout: 30_000,
  }, async () => {
    const url = await server.createDatabase('stuck_instance');
    let release: () => void = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const byInstance = [0, 0, 0];
    const instances = [open(url), open(url), open(url)];
    await Promise.all(
      instances.map((queue, instance) =>
        queue.start(async () => {
          byInstance[instance]! += 1;
          // Instance 0 never finishes a tick, as if it had died holding it.
          if (instance === 0) await stuck;
        }),
      ),
    );
    const started = Date.now();
    while (Date.now() - started < 5_000) {
      await Promise.all(instances.map((queue) => queue.requestTick()));
      await sleep(200);
    }
    await sleep(1_000);
    release();
    // Instance 0 took at most one tick (it held it all along); the others took the later slots.
    expect(byInstance[0]).toBeLessThanOrEqual(1);
    expect(byInstance[1]! + byInstance[2]!).toBeGreaterThanOrEqual(3);
    await Promise.all(instances.map((q) => q.stop()));
  });

  it('survives the database stopping while a tick ends, and ticks again once it is back', {
    timeout: 60_000,
  }, async () => {
    // A server of its own: this test stops it.
    const own = await startPostgres();
    try {
      const queue = open(await own.createDatabase('restarted'));
      let ticks = 0;
      await queue.start(async () => {
        ticks += 1;
        // The database goes while the tick runs: the job's completion (tick 1) or failure (tick 2) cannot
        // be recorded. Neither may end the process (an unhandled rejection would) or stop the ticking.
        if (ticks <= 2) await own.pause();
        if (ticks === 2) throw new Error('the tick failed with the database');
      });
      const tickAfterRestart = async (count: number) => {
        const deadline = Date.now() + 15_000;
        while (ticks < count) {
          if (Date.now() > deadline) throw new Error(`tick ${count} did not come (${ticks} ticks)`);
          await queue.requestTick().catch(() => undefined);
          await sleep(200);
        }
      };
      await tickAfterRestart(1);
      await sleep(500);
      await own.resume();
      await tickAfterRestart(2);
      await sleep(500);
      await own.resume();
      await tickAfterRestart(3);
      await queue.stop();
    } finally {
      await own.stop();
    }
  });
});
