/**
 * The control loop: every `tickMs` it starts due scheduled reads; every `planScanMs` it plans installations
 * that were not planned at create or update and forgets plans whose installation is gone. With a queue
 * (several instances on one database, ./read-queue.ts) this instance only asks for the tick, and whichever
 * instance fetches it does the work.
 */
import type { EngineLog } from './engine-loop.js';
import type { OperationStore } from './operation-store.js';
import { planBatch, type ReadPlanner } from './read-planner.js';
import type { ReadQueue } from './read-queue.js';
import { startDueReads } from './start-due-reads.js';
import { TimeSlice } from './time-slice.js';
import type { ReadTiming } from './timing.js';

export class ControlLoop {
  readonly #store: OperationStore;
  readonly #planner: ReadPlanner;
  readonly #timing: ReadTiming;
  readonly #log: EngineLog;
  readonly #queue: ReadQueue | undefined;
  /** New reads may be there to read (planned or started). */
  readonly #readsAdded: () => void;
  readonly #running: () => boolean;
  #lastPlanScan = Number.NEGATIVE_INFINITY;
  /** Set once the queue is connected; ticks are asked for only then. */
  #queueStarted: Promise<boolean> | undefined;
  #starting: Promise<void> | undefined;

  constructor(options: {
    store: OperationStore;
    planner: ReadPlanner;
    timing: ReadTiming;
    log: EngineLog;
    queue: ReadQueue | undefined;
    readsAdded: () => void;
    running: () => boolean;
  }) {
    this.#store = options.store;
    this.#planner = options.planner;
    this.#timing = options.timing;
    this.#log = options.log;
    this.#queue = options.queue;
    this.#readsAdded = options.readsAdded;
    this.#running = options.running;
  }

  /**
   * Set while due scheduled reads are being started; reading waits for it. On the minute thousands of reads
   * fall due, and each batch should not queue behind pages of the reads before it.
   */
  get starting(): Promise<void> | undefined {
    return this.#starting;
  }

  start(): void {
    if (this.#queue) this.#queueStarted = this.#startQueue(this.#queue);
  }

  async stop(): Promise<void> {
    if (this.#queue && (await this.#queueStarted)) await this.#queue.stop();
  }

  async step(): Promise<boolean> {
    if (!this.#queue) return this.#work();
    // The database was down when the engine started: try again at each tick until it is back.
    if (!(await this.#queueStarted)) this.#queueStarted = this.#startQueue(this.#queue);
    if (await this.#queueStarted) await this.#queue.requestTick();
    return false;
  }

  /** Until the next scheduled run is due (so a minute's reads start on the minute), at most a tick. */
  async wait(): Promise<number> {
    const next = await this.#store.nextRunTime();
    const tick = this.#timing.tickMs;
    const now = this.#timing.now();
    // A run already past due waits for its stream's running operation: the tick looks again.
    if (next === undefined || next <= now) return tick;
    return Math.min(tick, next - now + 1);
  }

  #startQueue(queue: ReadQueue): Promise<boolean> {
    return queue
      .start(() => this.#queuedTick())
      .then(
        () => true,
        (error: unknown) => {
          this.#log('the job queue could not start; it is tried again at the next tick', error);
          return false;
        },
      );
  }

  /** A tick job this instance fetched from the queue. */
  async #queuedTick(): Promise<void> {
    if (!this.#running()) return;
    // A full planning batch leaves more to plan: go on within this tick rather than wait for the next.
    while (this.#running() && (await this.#work())) {}
  }

  /** One tick's work; true when a full planning batch leaves more to plan. */
  async #work(): Promise<boolean> {
    const slice = new TimeSlice();
    let planned = 0;
    if (this.#timing.now() - this.#lastPlanScan >= this.#timing.planScanMs) {
      this.#lastPlanScan = this.#timing.now();
      planned = await this.#planner.scan(slice);
      if (planned > 0) this.#readsAdded();
      // A full batch: more may wait, scan again at once.
      if (planned === planBatch) this.#lastPlanScan = Number.NEGATIVE_INFINITY;
    }
    const starting = startDueReads(this.#store, this.#timing, slice);
    this.#starting = starting;
    try {
      await starting;
    } finally {
      this.#starting = undefined;
    }
    this.#readsAdded();
    return planned === planBatch;
  }
}
