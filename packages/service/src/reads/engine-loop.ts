/**
 * The read engine's loops (control, reading, delivery) run the same way: a step, then again when it was
 * busy (at once, or once the loop's gap since the last step's start has passed), or a sleep until it is
 * due or woken. A failed step is logged and the loop goes on; an unreachable database is logged once per
 * outage, not by every loop at every tick.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { StoreUnavailableError } from '../store/errors.js';
import type { Wakeup } from './wakeup.js';

export type EngineLog = (message: string, error?: unknown) => void;

export interface EngineLoop {
  name: string;
  /** One unit of work; true when there may be more at once. */
  step: () => Promise<boolean>;
  wakeup: Wakeup;
  /** How long to sleep when the step found nothing to do. */
  idle: () => number | Promise<number>;
  /** The least time between the starts of two steps (`ReadTiming.stepGapMs`); none when absent. */
  gapMs?: number;
}

/** Logs the loops' failures; an unreachable database once per outage, and again when it answers. */
export class LoopHealth {
  readonly #log: EngineLog;
  /** Set while the database cannot be reached. */
  #storeDownSince: number | undefined;

  constructor(log: EngineLog) {
    this.#log = log;
  }

  /**
   * Logs a loop's failure. A restart of a few seconds would otherwise print hundreds of stacks: the loops
   * simply wait for the database.
   */
  failed(message: string, error: unknown): void {
    if (!(error instanceof StoreUnavailableError)) {
      this.#log(message, error);
      return;
    }
    if (this.#storeDownSince !== undefined) return;
    this.#storeDownSince = Date.now();
    const cause = error.cause instanceof Error ? error.cause : error;
    this.#log(
      `the database cannot be reached (${cause.message}): reads and deliveries wait until it answers again`,
    );
  }

  /** A step went through with the database: if it was unreachable, say that the reads go on. */
  answered(): void {
    if (this.#storeDownSince === undefined) return;
    this.#log(
      `the database answers again after ${Math.round((Date.now() - this.#storeDownSince) / 1000)} s: reads and deliveries go on`,
    );
    this.#storeDownSince = undefined;
  }
}

/** Runs a loop while `running()` says so. */
export async function runLoop(
  loop: EngineLoop,
  running: () => boolean,
  health: LoopHealth,
  tickMs: number,
): Promise<void> {
  let lastStart = Number.NEGATIVE_INFINITY;
  while (running()) {
    // Timers may fire up to a millisecond early (libuv counts whole milliseconds): sleep until it has passed.
    for (let left = (loop.gapMs ?? 0) - (performance.now() - lastStart); left > 0; ) {
      await sleep(Math.ceil(left));
      left = (loop.gapMs ?? 0) - (performance.now() - lastStart);
    }
    if (!running()) break;
    lastStart = performance.now();
    let busy = false;
    try {
      busy = await loop.step();
    } catch (error) {
      health.failed(`the ${loop.name} loop failed a step; it goes on at the next tick`, error);
    }
    if (!running()) break;
    if (busy) await new Promise((resolve) => setImmediate(resolve));
    else await loop.wakeup.wait(await idleTime(loop, health, tickMs));
  }
}

/**
 * How long the loop may sleep. Asking may need the store (the next due time), and a store that cannot be
 * reached (PostgreSQL restarting) must not end the loop: it waits a tick and asks again.
 */
async function idleTime(loop: EngineLoop, health: LoopHealth, tickMs: number): Promise<number> {
  try {
    return await loop.idle();
  } catch (error) {
    health.failed(
      `the ${loop.name} loop could not tell when it is next due; it looks again at the next tick`,
      error,
    );
    return tickMs;
  }
}
