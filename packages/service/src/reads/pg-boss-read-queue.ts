/**
 * The read engine's `ReadQueue` on PostgreSQL, with pg-boss (README, "Running on more than one machine",
 * says why pg-boss).
 *
 * Design, for any number of service instances on one database:
 *
 * - Ticks. Every instance's control loop asks for a tick each `tickMs` (`requestTick`): a job in the
 *   `splice-read-tick` queue with a fixed `singletonKey` and `singletonSeconds` equal to the tick, so pg-boss
 *   keeps one job per tick slot however many instances ask (its unique index on key and slot; the extra
 *   sends return null). One instance fetches it (`FOR UPDATE SKIP LOCKED`) and plans installations and
 *   starts the due scheduled reads. The store's `startScheduled` moves each stream's next run by
 *   compare-and-set, so even two ticks that overlap (a slow one and the next) start a read once.
 * - A dead instance. A tick it held is lost with it (`retryLimit: 0`): the next slot's tick, a second later
 *   at most, starts whatever it left due; each batch of starts is one transaction, so nothing is half done.
 *   pg-boss's maintenance (every `maintenanceSeconds`, on one instance at a time) marks the held job expired.
 * - The work. The operations a tick starts, backfills and on-demand reads are read and delivered by every
 *   instance's reading and delivery loops, which claim heads and messages from the store with leases; a
 *   SIGKILLed instance's leases run out and another instance resumes at the checkpoint (messages resent with
 *   their ids). The job rows and the read state thus never disagree: a message's claim lives in its own row.
 * - SQLite mode has no queue at all: the engine ticks by itself, exactly as on one machine.
 */
import PgBoss from 'pg-boss';
import type { ReadQueue } from './read-queue.js';

export interface PgBossReadQueueOptions {
  /** The PostgreSQL URL (`SPLICE_DATABASE_URL`). */
  connectionString: string;
  /** The engine's tick; a tick slot is this long, rounded to whole seconds (pg-boss's unit), at least 1 s. */
  tickMs: number;
  /** pg-boss's tables live in their own schema, apart from the service's. Default `splice_jobs`. */
  schema?: string;
  /** How often expired jobs are swept, seconds. Default 10. */
  maintenanceSeconds?: number;
  /** Connections pg-boss may hold per instance. Default 3 (a fetch, a send, maintenance). */
  maxConnections?: number;
  log?: (message: string, error?: unknown) => void;
}

export const tickQueueName = 'splice-read-tick';

/**
 * A tick plans and starts at most a few thousand reads: a minute is far beyond a healthy one. A tick that
 * runs longer is given up (its job fails and this instance fetches the next), and pg-boss expires the job
 * of an instance that died holding it after as long.
 */
const tickExpireSeconds = 60;

export class PgBossReadQueue implements ReadQueue {
  readonly #options: PgBossReadQueueOptions;
  readonly #slotSeconds: number;
  readonly #pollSeconds: number;
  readonly #log: (message: string, error?: unknown) => void;
  #boss: PgBoss | undefined;
  #polling: Promise<void> | undefined;
  #wakeFromPause: (() => void) | undefined;

  constructor(options: PgBossReadQueueOptions) {
    this.#options = options;
    this.#slotSeconds = Math.max(1, Math.round(options.tickMs / 1000));
    // Polled at least every 0.5 s; a tick should not wait much longer than the tick itself for it.
    this.#pollSeconds = Math.max(0.5, Math.min(this.#slotSeconds, 2));
    this.#log = options.log ?? ((message, error) => console.error(`[reads] ${message}`, error ?? ''));
  }

  /** A fresh pg-boss each attempt: one whose start failed (the database was down) cannot start again. */
  #create(): PgBoss {
    const boss = new PgBoss({
      connectionString: this.#options.connectionString,
      schema: this.#options.schema ?? 'splice_jobs',
      max: this.#options.maxConnections ?? 3,
      // No cron: the engine's own schedules decide what is due; pg-boss only shares the ticks.
      schedule: false,
      maintenanceIntervalSeconds: this.#options.maintenanceSeconds ?? 10,
      // A tick a second is 86,400 jobs a day: finished ones move to the archive after a minute (longer than
      // a slot, so the slot's key still dedupes) and leave it after an hour.
      archiveCompletedAfterSeconds: 60,
      deleteAfterSeconds: 3_600,
    });
    boss.on('error', (error) => this.#log('the job queue reported an error', error));
    return boss;
  }

  async start(tick: () => Promise<void>): Promise<void> {
    if (this.#boss) return;
    const boss = this.#create();
    try {
      // Several instances start at once: pg-boss installs its schema under an advisory lock.
      await boss.start();
      await ensureTickQueue(boss);
    } catch (error) {
      await boss.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => undefined);
      throw error;
    }
    this.#boss = boss;
    this.#polling = this.#poll(boss, tick);
  }

  /**
   * Fetches tick jobs and runs them, one at a time, until stopped. Not pg-boss's `work()`: its worker marks
   * a job done or failed without awaiting it, so while the database is down that rejection is unhandled, and
   * an unhandled rejection ends a Node process. Here each step is awaited, and a failed one is logged and
   * tried again at the next poll.
   */
  async #poll(boss: PgBoss, tick: () => Promise<void>): Promise<void> {
    while (this.#boss === boss) {
      let ran = false;
      try {
        const [job] = await boss.fetch(tickQueueName, { batchSize: 1 });
        if (job) {
          ran = true;
          try {
            await withinSeconds(tick(), tickExpireSeconds);
            await boss.complete(tickQueueName, job.id);
          } catch (error) {
            this.#log('a tick failed; the next one starts what it left', error);
            // With the database down this fails too; the job then expires (`expireInSeconds`).
            await boss.fail(tickQueueName, job.id).catch(() => undefined);
          }
        }
      } catch (error) {
        this.#log('could not fetch a tick from the job queue; trying again', error);
      }
      // After a tick, look again at once (the next slot may be due); otherwise wait a poll.
      if (!ran) await this.#pause(this.#pollSeconds * 1_000);
    }
  }

  /** Waits `ms`, or less when `stop` is called. */
  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wakeFromPause = done;
    });
  }

  async requestTick(): Promise<void> {
    await this.#boss?.send(tickQueueName, {}, { singletonKey: 'tick', singletonSeconds: this.#slotSeconds });
  }

  async stop(): Promise<void> {
    const boss = this.#boss;
    this.#boss = undefined;
    this.#wakeFromPause?.();
    // The tick running now ends first (graceful, as pg-boss's own stop waits for its workers).
    await this.#polling;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

async function ensureTickQueue(boss: PgBoss): Promise<void> {
  const options = {
    name: tickQueueName,
    policy: 'standard' as const,
    retryLimit: 0,
    expireInSeconds: tickExpireSeconds,
    // A tick no instance fetched within an hour is dropped: later ticks have done its work.
    retentionMinutes: 60,
  };
  // Instances that start together race to create it: pg-boss's create can then deadlock (one of them is
  // aborted) or fail on the table the winner just made. The loser looks again once the winner committed.
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(tickQueueName)) return;
    try {
      await boss.createQueue(tickQueueName, options);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
    }
  }
}

/** `work`, or a rejection once `seconds` have passed without it settling (the work itself is not stopped). */
async function withinSeconds(work: Promise<void>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the tick took more than ${seconds} s`)), seconds * 1_000);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
