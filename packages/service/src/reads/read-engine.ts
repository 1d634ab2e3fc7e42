/**
 * The read engine: plans new installations (their backfills and schedules), starts scheduled reads when
 * their cron time comes, reads pages into stored messages, and delivers the messages. Three loops share
 * one store:
 *
 * - control (every `tickMs`): start due scheduled reads; every `planScanMs`, plan installations that were
 *   not planned at create or update and forget plans whose installation is gone;
 * - reading: each stream's current operation reads a page whenever fewer than `maxPendingPerStream` of its
 *   messages wait for delivery; an operation whose messages all settled is finished;
 * - delivery: up to `deliveryConcurrency` messages in flight, at most `deliveryWindow` per stream, each
 *   stream's sent in order.
 *
 * Every loop yields to the event loop between units of work (`TimeSlice`), so the API stays answered while
 * a large backfill or thousands of scheduled reads run.
 *
 * Everything durable goes through `OperationStore`, so a restart (or a SIGKILL) resumes where the last
 * checkpoint left off.
 */
import { randomUUID } from 'node:crypto';
import type { ManifestIntegration } from '@splice/schema';
import type { Provider } from '../provider/provider-contract.js';
import type { DestinationStore } from '../store/destination-store.js';
import { StoreUnavailableError } from '../store/errors.js';
import type { Installation, Repository } from '../store/index.js';
import { Deliverer } from './deliverer.js';
import type { OperationStore, ReadOperation, ScheduledStart } from './operation-store.js';
import type { PageBuilder } from './page-builder.js';
import { effectiveReadObjects, nextRunAfter, planInstallation, readUntil } from './read-plan.js';
import type { ReadQueue } from './read-queue.js';
import { buildContext, manifestOf, type OperationContext, ReadRefused, readOnePage } from './read-worker.js';
import { TimeSlice } from './time-slice.js';
import { defaultReadTiming, type ReadTiming } from './timing.js';

export interface ReadEngineOptions {
  repo: Repository;
  providers: ReadonlyMap<string, Provider>;
  store: OperationStore;
  destinations: DestinationStore;
  timing?: Partial<ReadTiming>;
  /**
   * Page builders by provider name (e.g. the sandbox's worker thread, ./page-thread.ts); a provider
   * without one has its pages built in the engine's thread. The engine closes them when it stops.
   */
  pageBuilders?: ReadonlyMap<string, PageBuilder>;
  /** Where unexpected errors go. Default: console.error. */
  log?: (message: string, error?: unknown) => void;
  /**
   * Several instances on one database: the control work (planning, starting due reads) runs once per tick
   * across all of them, through this queue (./read-queue.ts). Without one, this engine does it at its ticks.
   */
  queue?: ReadQueue;
}

/** Resolves after `ms`, or earlier when `notify` is called. */
class Wakeup {
  #resolve: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #pending = false;
  wait(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.#timer = setTimeout(() => this.notify(), Math.max(0, ms));
    });
  }
  notify(): void {
    if (this.#resolve) {
      clearTimeout(this.#timer);
      const resolve = this.#resolve;
      this.#resolve = undefined;
      resolve();
    } else this.#pending = true;
  }
}

export interface TriggerInput {
  installation: Installation;
  objectName: string;
  sinceTime?: string;
  untilTime?: string;
}

export class ReadEngine {
  readonly timing: ReadTiming;
  readonly store: OperationStore;
  readonly destinations: DestinationStore;
  readonly #repo: Repository;
  readonly #providers: ReadonlyMap<string, Provider>;
  readonly #pageBuilders: ReadonlyMap<string, PageBuilder>;
  readonly #deliverer: Deliverer;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #contexts = new Map<string, OperationContext>();
  /** Message id → its attempt. */
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #wakeControl = new Wakeup();
  readonly #wakeReading = new Wakeup();
  readonly #wakeDelivery = new Wakeup();
  #running = false;
  /** Set while the database cannot be reached (see `#stepFailed`). */
  #storeDownSince: number | undefined;
  #lastPlanScan = Number.NEGATIVE_INFINITY;
  /** Set while due scheduled reads are being started; the reading loop waits for it. */
  #starting: Promise<void> | undefined;
  #loops: Promise<void>[] = [];
  readonly #queue: ReadQueue | undefined;
  /** Set once the queue is connected; ticks are asked for only then. */
  #queueStarted: Promise<boolean> | undefined;

  constructor(options: ReadEngineOptions) {
    this.timing = { ...defaultReadTiming, ...options.timing };
    this.store = options.store;
    this.destinations = options.destinations;
    this.#repo = options.repo;
    this.#providers = options.providers;
    this.#pageBuilders = options.pageBuilders ?? new Map();
    this.#deliverer = new Deliverer(this.store, this.destinations, this.timing);
    this.#log = options.log ?? ((message, error) => console.error(`[reads] ${message}`, error ?? ''));
    this.#queue = options.queue;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    if (this.#queue) this.#queueStarted = this.#startQueue(this.#queue);
    this.#loops = [
      this.#loop(
        'control',
        () => this.#controlStep(),
        this.#wakeControl,
        () => this.#controlWait(),
      ),
      this.#loop(
        'reading',
        () => this.#readingStep(),
        this.#wakeReading,
        () => this.timing.tickMs,
      ),
      this.#loop(
        'delivery',
        () => this.#deliveryStep(),
        this.#wakeDelivery,
        () => this.#deliveryWait(),
      ),
    ];
  }

  /** Stops the loops and waits for messages in flight to be answered (or time out). */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.wake();
    await Promise.all(this.#loops);
    if (this.#queue && (await this.#queueStarted)) await this.#queue.stop();
    await Promise.all(this.#inFlight.values());
    this.#contexts.clear();
    await Promise.all([...this.#pageBuilders.values()].map((builder) => builder.close()));
  }

  /** Something changed (an installation, a destination, a trigger): look now instead of at the next tick. */
  wake(): void {
    this.#wakeControl.notify();
    this.#wakeReading.notify();
    this.#wakeDelivery.notify();
  }

  async #loop(
    name: string,
    step: () => Promise<boolean>,
    wakeup: Wakeup,
    idle: () => number | Promise<number>,
  ) {
    while (this.#running) {
      let busy = false;
      try {
        busy = await step();
      } catch (error) {
        this.#stepFailed(`the ${name} loop failed a step; it goes on at the next tick`, error);
      }
      if (!this.#running) break;
      if (busy) await new Promise((resolve) => setImmediate(resolve));
      else await wakeup.wait(await this.#idleTime(name, idle));
    }
  }

  /**
   * How long the loop may sleep. Asking may need the store (the next due time), and a store that cannot be
   * reached (PostgreSQL restarting) must not end the loop: it waits a tick and asks again.
   */
  async #idleTime(name: string, idle: () => number | Promise<number>): Promise<number> {
    try {
      return await idle();
    } catch (error) {
      this.#stepFailed(
        `the ${name} loop could not tell when it is next due; it looks again at the next tick`,
        error,
      );
      return this.timing.tickMs;
    }
  }

  /**
   * Logs a loop's failure. An unreachable database is logged once per outage, not by every loop at every
   * tick (a restart of a few seconds would print hundreds of stacks): the loops simply wait for it.
   */
  #stepFailed(message: string, error: unknown): void {
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

  /** A reading step went through: if the database was unreachable, say that the reads go on. */
  #storeAnswered(): void {
    if (this.#storeDownSince === undefined) return;
    this.#log(
      `the database answers again after ${Math.round((Date.now() - this.#storeDownSince) / 1000)} s: reads and deliveries go on`,
    );
    this.#storeDownSince = undefined;
  }

  // ---- control: planning and schedules ----

  /** With a queue, this instance only asks for the tick; whichever instance fetches it does the work. */
  async #controlStep(): Promise<boolean> {
    if (!this.#queue) return this.#controlWork();
    // The database was down when the engine started: try again at each tick until it is back.
    if (!(await this.#queueStarted)) this.#queueStarted = this.#startQueue(this.#queue);
    if (await this.#queueStarted) await this.#queue.requestTick();
    return false;
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
    if (!this.#running) return;
    // A full planning batch leaves more to plan: go on within this tick rather than wait for the next.
    while (this.#running && (await this.#controlWork())) {}
  }

  async #controlWork(): Promise<boolean> {
    const slice = new TimeSlice();
    let toPlan: Array<{ projectId: string; installationId: string }> = [];
    if (this.timing.now() - this.#lastPlanScan >= this.timing.planScanMs) {
      this.#lastPlanScan = this.timing.now();
      for (const installationId of await this.store.orphanedPlans(500)) {
        await this.forgetInstallation(installationId);
        await slice.yield();
      }
      toPlan = await this.store.installationsToPlan(500);
      for (const { projectId, installationId } of toPlan) {
        await this.#plan(projectId, installationId, this.timing.now());
        await slice.yield();
      }
      if (toPlan.length > 0) this.#wakeReading.notify();
      // A full batch: more may wait, scan again at once.
      if (toPlan.length === 500) this.#lastPlanScan = Number.NEGATIVE_INFINITY;
    }
    const starting = this.#startDue(slice);
    this.#starting = starting;
    try {
      await starting;
    } finally {
      this.#starting = undefined;
    }
    this.#wakeReading.notify();
    return toPlan.length === 500;
  }

  /**
   * Starts every due scheduled read, in batches. Reading waits meanwhile (see `#starting`): on the minute
   * thousands of reads fall due, and each batch should not queue behind pages of the reads before it.
   */
  async #startDue(slice: TimeSlice): Promise<void> {
    const batch = 500;
    for (;;) {
      // Each batch is stamped with the time it is actually started, so lateness figures are honest.
      const now = this.timing.now();
      const due = await this.store.dueObjects(now, batch);
      if (due.length === 0) break;
      // Thousands of objects share a schedule: its next run after `now` is computed once per batch.
      const nextRuns = new Map<string | undefined, number | undefined>();
      const starts: ScheduledStart[] = due.map((object) => {
        if (!nextRuns.has(object.schedule)) nextRuns.set(object.schedule, nextRunAfter(object.schedule, now));
        const nextRunTime = nextRuns.get(object.schedule);
        return {
          installationId: object.installationId,
          objectName: object.objectName,
          ...(nextRunTime === undefined ? {} : { nextRunTime }),
          operation: {
            id: randomUUID(),
            projectId: object.projectId,
            integrationId: object.integrationId,
            installationId: object.installationId,
            configId: object.configId,
            objectName: object.objectName,
            readType: 'scheduled',
            ...(object.cursorTime ? { sinceTime: object.cursorTime } : {}),
            untilTime: new Date(readUntil(now)).toISOString(),
            scheduledTime: new Date(object.nextRunTime!).toISOString(),
            createTime: new Date(now).toISOString(),
          },
        };
      });
      await this.store.startScheduled(starts);
      if (due.length < batch) break;
      await slice.yield();
    }
  }

  /** Until the next scheduled run is due (so a minute's reads start on the minute), at most a tick. */
  async #controlWait(): Promise<number> {
    const next = await this.store.nextRunTime();
    const tick = this.timing.tickMs;
    const now = this.timing.now();
    // A run already past due waits for its stream's running operation: the tick looks again.
    if (next === undefined || next <= now) return tick;
    return Math.min(tick, next - now + 1);
  }

  /**
   * Plans an installation's reads from its stored config. `known` is the installation (and its manifest)
   * when the caller has just written or read them, so they are not read again.
   */
  async #plan(
    projectId: string,
    installationId: string,
    now: number,
    known?: { installation: Installation; manifest?: ManifestIntegration },
  ): Promise<boolean> {
    const installation =
      known?.installation ?? (await this.#repo.getInstallationById(projectId, installationId));
    if (!installation) return false;
    let objects: ReturnType<typeof planInstallation> = [];
    let disabled: string[] = [];
    try {
      const manifest =
        known?.manifest ?? (await manifestOf(this.#repo, installation.projectId, installation.integrationId));
      objects = planInstallation({ installation, manifest, now, newId: randomUUID });
      disabled = effectiveReadObjects(installation, manifest)
        .filter((object) => object.disabled)
        .map((object) => object.objectName);
    } catch (error) {
      // The database is unreachable (a restart): plan later, rather than save a plan that reads nothing.
      if (error instanceof StoreUnavailableError) throw error;
      this.#log(`installation ${installationId} could not be planned; it reads nothing`, error);
    }
    const saved = await this.store.savePlan(
      installationId,
      installation.config.id,
      objects,
      new Date(now).toISOString(),
    );
    if (saved && disabled.length > 0) {
      // An object the update disabled stops now: its running read ends and its undelivered messages go.
      await this.store.stopStreams(
        installationId,
        disabled,
        'Stopped: reading the object was disabled.',
        new Date(now).toISOString(),
      );
    }
    if (saved) this.#dropContexts(installationId);
    return saved;
  }

  /** Operations cache what they know of their installation; a changed or deleted one is looked up again. */
  #dropContexts(installationId: string): void {
    for (const [operationId, context] of this.#contexts) {
      if (context.installation.id === installationId) this.#contexts.delete(operationId);
    }
  }

  /**
   * An installation was created or its config changed: plan it now, so the 201 (or 200) answer is followed
   * by a read state that shows its backfills and next runs. New objects get their backfill, dropped objects
   * stop, objects kept keep their cursor; running operations pick up the new config at their next page.
   * Calling it again for the same config does nothing; the engine's tick does the same for anything missed.
   */
  async installationChanged(installation: Installation, manifest?: ManifestIntegration): Promise<void> {
    const planned = await this.#plan(installation.projectId, installation.id, this.timing.now(), {
      installation,
      manifest,
    });
    if (planned) this.wake();
  }

  /**
   * An installation was deleted: its schedules stop, its unfinished operations fail, and messages not yet
   * delivered are dropped. The engine's tick also does this for a plan whose installation vanished.
   */
  async forgetInstallation(installationId: string): Promise<void> {
    await this.store.forgetInstallation(
      installationId,
      'the installation was deleted',
      new Date(this.timing.now()).toISOString(),
    );
    this.#dropContexts(installationId);
  }

  // ---- reading ----

  async #readingStep(): Promise<boolean> {
    const heads = await this.store.headOperations(2_000);
    const slice = new TimeSlice();
    let progressed = false;
    const now = () => new Date(this.timing.now()).toISOString();
    for (const operation of heads) {
      if (!this.#running) break;
      await slice.yield();
      if (this.#starting) await this.#starting;
      if (operation.phase === 'delivering') {
        if (await this.store.finishIfSettled(operation.id, now())) {
          this.#contexts.delete(operation.id);
          progressed = true;
        }
        continue;
      }
      const pending = await this.store.pendingDeliveries(operation.installationId, operation.objectName);
      if (pending >= this.timing.maxPendingPerStream) continue;
      try {
        const context = await this.#contextOf(operation);
        const page = await readOnePage(this.store, operation, context, this.timing, slice);
        if (page.messages > 0) this.#wakeDelivery.notify();
        // The context serves reading only; the operation now delivers (or ended already).
        if (page.finished) this.#contexts.delete(operation.id);
      } catch (error) {
        // The database is unreachable (a restart, a failover): the read waits at its checkpoint and goes on
        // once it is back. Failing it would need the database too, and would end a read for nothing.
        if (error instanceof StoreUnavailableError) throw error;
        const reason =
          error instanceof ReadRefused ? error.message : `the read failed: ${(error as Error).message}`;
        if (!(error instanceof ReadRefused)) this.#log(`operation ${operation.id} failed to read`, error);
        await this.store.failReading(operation.id, reason, now());
        this.#contexts.delete(operation.id);
      }
      progressed = true;
    }
    // A whole step without the database failing it (every step queries it): if it was unreachable, it is back.
    this.#storeAnswered();
    return progressed;
  }

  async #contextOf(operation: ReadOperation): Promise<OperationContext> {
    let context = this.#contexts.get(operation.id);
    if (!context) {
      context = await buildContext(this.#repo, this.#providers, operation, this.#pageBuilders);
      this.#contexts.set(operation.id, context);
    }
    return context;
  }

  // ---- delivery ----

  async #deliveryStep(): Promise<boolean> {
    const free = this.timing.deliveryConcurrency - this.#inFlight.size;
    if (free <= 0) {
      await Promise.race(this.#inFlight.values());
      return true;
    }
    const due = await this.store.dueDeliveries(
      this.timing.now(),
      free,
      this.timing.deliveryWindow,
      new Set(this.#inFlight.keys()),
    );
    for (const delivery of due) {
      const attempt = this.#deliverer
        .deliver(delivery)
        .catch((error: unknown) => this.#stepFailed(`message ${delivery.id} could not be recorded`, error))
        .finally(() => {
          this.#inFlight.delete(delivery.id);
          this.#wakeDelivery.notify();
          this.#wakeReading.notify();
        });
      this.#inFlight.set(delivery.id, attempt);
    }
    return false;
  }

  async #deliveryWait(): Promise<number> {
    const next = await this.store.nextDeliveryTime();
    const tick = this.timing.tickMs;
    if (next === undefined) return tick;
    return Math.min(tick, Math.max(0, next - this.timing.now()));
  }

  // ---- what the routes use ----

  /** An on-demand read: queued behind the stream's current operation. Returns the operation id. */
  async trigger(input: TriggerInput): Promise<string> {
    const { installation } = input;
    const now = this.timing.now();
    const id = randomUUID();
    const until = input.untilTime ? Date.parse(input.untilTime) : readUntil(now);
    await this.store.insertOperation({
      id,
      projectId: installation.projectId,
      integrationId: installation.integrationId,
      installationId: installation.id,
      configId: installation.config.id,
      objectName: input.objectName,
      readType: 'triggered',
      ...(input.sinceTime ? { sinceTime: new Date(Date.parse(input.sinceTime)).toISOString() } : {}),
      untilTime: new Date(Math.min(until, readUntil(now))).toISOString(),
      createTime: new Date(now).toISOString(),
    });
    this.#wakeReading.notify();
    return id;
  }

  /** Per object: pause state, schedule, last and next run, records delivered, backfill and delivery health. */
  async readStatus(installation: Installation) {
    const manifest = await manifestOf(this.#repo, installation.projectId, installation.integrationId);
    const states = new Map((await this.store.readObjects(installation.id)).map((s) => [s.objectName, s]));
    const objects = [];
    for (const object of effectiveReadObjects(installation, manifest)) {
      const state = states.get(object.objectName);
      const backfill = state?.backfillOperationId
        ? await this.store.getOperation(state.backfillOperationId)
        : undefined;
      const stream = await this.store.streamDeliveryState(installation.id, object.objectName);
      const destination = object.destination
        ? await this.destinations.get(installation.projectId, object.destination)
        : undefined;
      const delivery =
        destination?.status === 'disabled'
          ? { state: 'disabled' as const, lastError: destination.disabledReason }
          : stream.pending > 0 && (stream.attempts > 0 || !destination)
            ? {
                state: 'retrying' as const,
                ...(stream.lastError ? { lastError: stream.lastError } : {}),
                ...(stream.retryingSince
                  ? { retryingSince: new Date(stream.retryingSince).toISOString() }
                  : {}),
              }
            : { state: 'ok' as const };
      objects.push({
        objectName: object.objectName,
        paused: state?.paused ?? false,
        disabled: object.disabled,
        ...(object.schedule ? { schedule: object.schedule } : {}),
        ...(object.destination ? { destination: object.destination } : {}),
        nextRunTime:
          state?.nextRunTime !== undefined && !state.paused
            ? new Date(state.nextRunTime).toISOString()
            : null,
        lastRunTime: state?.lastRunTime ?? null,
        ...(state?.lastRunStatus ? { lastRunStatus: state.lastRunStatus } : {}),
        recordsDelivered: state?.recordsDelivered ?? 0,
        ...(backfill
          ? {
              backfill: {
                operationId: backfill.id,
                status: backfill.status,
                recordsProcessed: backfill.recordsProcessed,
                recordsDelivered: backfill.recordsDelivered,
                ...(backfill.recordsEstimatedTotal === undefined
                  ? {}
                  : { recordsEstimatedTotal: backfill.recordsEstimatedTotal }),
              },
            }
          : {}),
        delivery,
      });
    }
    return { installationId: installation.id, objects };
  }
}
