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
import type { ReadQueue } from '../../reads/read-queue.js';
import { translatePgError, unavailableStore } from './query.js';

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

export class PgBossReadQueue implements ReadQueue {
  readonly #options: PgBossReadQueueOptions;
  readonly #slotSeconds: number;
  readonly #pollSeconds: number;
  readonly #log: (message: string, error?: unknown) => void;
  #boss: PgBoss | undefined;
  #worker: Promise<void> | undefined;
  #stopping = false;
  /** Set once a fetch met an unreachable database, until one succeeds (see `#work`). */
  #unreachable = false;
  readonly #pause = new Pause();

  constructor(options: PgBossReadQueueOptions) {
    this.#options = options;
    this.#slotSeconds = Math.max(1, Math.round(options.tickMs / 1000));
    // pg-boss polls at least every 0.5 s; a tick should not wait much longer than the tick itself for it.
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
    boss.on('error', (error) => {
      if (unavailableStore(error)) this.#databaseUnreachable(error);
      else this.#log('the job queue reported an error', error);
    });
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
    this.#stopping = false;
    this.#worker = this.#work(boss, tick);
  }

  /**
   * Fetches tick jobs and runs them, one at a time, until `stop()`. Not pg-boss's `work()`: its worker
   * completes (or fails) each job without awaiting the statement, so a database that goes away just then (a
   * restart, a failover) rejects a promise nobody holds, and Node ends the process on an unhandled rejection.
   * Here every statement's failure is caught and logged; the loop polls again after its interval.
   */
  async #work(boss: PgBoss, tick: () => Promise<void>): Promise<void> {
    while (!this.#stopping) {
      let fetched = false;
      try {
        const [job] = await boss.fetch(tickQueueName, { batchSize: 1 });
        this.#unreachable = false;
        if (job) {
          fetched = true;
          try {
            await tick();
          } catch (error) {
            // Marked failed (not retried: the next slot's tick does its work), then logged below.
            await boss.fail(tickQueueName, job.id).catch(() => undefined);
            throw error;
          }
          await boss.complete(tickQueueName, job.id);
        }
      } catch (error) {
        if (unavailableStore(error)) this.#databaseUnreachable(error);
        else this.#log('a tick of the job queue failed; it fetches again at its next poll', error);
      }
      // A job just done: look for the next at once (a backlog of slots drains quickly); else poll.
      if (!fetched && !this.#stopping) await this.#pause.wait(this.#pollSeconds * 1_000);
    }
  }

  /**
   * An unreachable database is logged in one line, once until a fetch succeeds again: pg-boss's connections
   * and polls all meet it, and a restart of a few seconds would print a page of stacks per second.
   */
  #databaseUnreachable(error: unknown): void {
    if (this.#unreachable) return;
    this.#unreachable = true;
    this.#log(`the job queue cannot reach the database (${(error as Error).message}); it polls until it can`);
  }

  async requestTick(): Promise<void> {
    try {
      await this.#boss?.send(
        tickQueueName,
        {},
        { singletonKey: 'tick', singletonSeconds: this.#slotSeconds },
      );
    } catch (error) {
      // As the store's own statements do: an unreachable database is `StoreUnavailableError`.
      throw translatePgError(error);
    }
  }

  async stop(): Promise<void> {
    const boss = this.#boss;
    this.#boss = undefined;
    // The running tick (if any) finishes first, for 10 s at most; then no more are fetched.
    this.#stopping = true;
    this.#pause.wake();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#worker, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
    clearTimeout(timer);
    this.#worker = undefined;
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

/** A sleep that `wake()` ends early (so `stop()` need not wait out a poll interval). */
class Pause {
  #timer: NodeJS.Timeout | undefined;
  #resolve: (() => void) | undefined;
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.#timer = setTimeout(() => this.wake(), ms);
    });
  }
  wake(): void {
    clearTimeout(this.#timer);
    const resolve = this.#resolve;
    this.#resolve = undefined;
    resolve?.();
  }
}

async function ensureTickQueue(boss: PgBoss): Promise<void> {
  const options = {
    name: tickQueueName,
    policy: 'standard' as const,
    retryLimit: 0,
    // A tick plans and starts at most a few thousand reads: a minute is far beyond a healthy one.
    expireInSeconds: 60,
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
