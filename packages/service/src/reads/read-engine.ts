/**
 * The read engine: plans new installations (their backfills and schedules), starts scheduled reads when
 * their cron time comes, reads pages into stored messages, and delivers the messages. Three loops share
 * one store, each in its own module:
 *
 * - control (./control-loop.ts, every `tickMs`): start due scheduled reads; every `planScanMs`, plan
 *   installations that were not planned at create or update (./read-planner.ts) and forget plans whose
 *   installation is gone;
 * - reading (./operation-reader.ts): each stream's current operation reads a page whenever fewer than
 *   `maxPendingPerStream` of its messages wait for delivery; an operation whose messages all settled is
 *   finished;
 * - delivery (./delivery-loop.ts): up to `deliveryConcurrency` messages in flight, at most
 *   `deliveryWindow` per stream, each stream's sent in order.
 *
 * Every loop yields to the event loop between units of work (`TimeSlice`), so the API stays answered while
 * a large backfill or thousands of scheduled reads run. Everything durable goes through `OperationStore`,
 * so a restart (or a SIGKILL) resumes where the last checkpoint left off.
 */
import type { ManifestIntegration } from '@splice/schema';
import type { ConnectorSource } from '../connectors/connector-source.js';
import type { DestinationStore } from '../store/destination-store.js';
import type { Installation, Repository } from '../store/index.js';
import { ControlLoop } from './control-loop.js';
import type { DelivererOptions } from './deliverer.js';
import { DeliveryLoop } from './delivery-loop.js';
import { LoopHealth, runLoop } from './engine-loop.js';
import { OperationReader } from './operation-reader.js';
import type { OperationStore } from './operation-store.js';
import { ReadPlanner, type TriggerInput } from './read-planner.js';
import type { ReadQueue } from './read-queue.js';
import { readStatusView } from './read-status-view.js';
import { defaultReadTiming, type ReadTiming } from './timing.js';
import { Wakeup } from './wakeup.js';

export type { TriggerInput };

export interface ReadEngineOptions {
  repo: Repository;
  /** The providers (HubSpot, Salesforce): each operation reads through its connection's connector. */
  connectors: ConnectorSource;
  store: OperationStore;
  destinations: DestinationStore;
  timing?: Partial<ReadTiming>;
  /** Where unexpected errors go. Default: console.error. */
  log?: (message: string, error?: unknown) => void;
  /**
   * Several instances on one database: the control work (planning, starting due reads) runs once per tick
   * across all of them, through this queue (./read-queue.ts). Without one, this engine does it at its ticks.
   */
  queue?: ReadQueue;
  /** Which addresses destinations may reach, and how their host names resolve (./destination-address.ts). */
  delivery?: DelivererOptions;
}

export class ReadEngine {
  readonly timing: ReadTiming;
  readonly store: OperationStore;
  readonly destinations: DestinationStore;
  readonly #repo: Repository;
  readonly #health: LoopHealth;
  readonly #planner: ReadPlanner;
  readonly #control: ControlLoop;
  readonly #reader: OperationReader;
  readonly #delivery: DeliveryLoop;
  readonly #wakeControl = new Wakeup();
  readonly #wakeReading = new Wakeup();
  readonly #wakeDelivery = new Wakeup();
  #running = false;
  #loops: Promise<void>[] = [];
  /**
   * Where a wake goes when the loops run in another process (the API role's engine only plans and
   * queues; its worker reads): set by whoever started that process.
   */
  wakeElsewhere: (() => void) | undefined;

  constructor(options: ReadEngineOptions) {
    this.timing = { ...defaultReadTiming, ...options.timing };
    this.store = options.store;
    this.destinations = options.destinations;
    this.#repo = options.repo;
    const log = options.log ?? ((message, error) => console.error(`[reads] ${message}`, error ?? ''));
    const { store, timing } = this;
    this.#health = new LoopHealth(log);
    this.#reader = new OperationReader({
      store,
      repo: options.repo,
      connectors: options.connectors,
      timing,
      log,
      failed: (message, error) => this.#health.failed(message, error),
      pageDone: () => this.#wakeReading.notify(),
    });
    this.#planner = new ReadPlanner({
      store,
      repo: options.repo,
      timing,
      log,
      planChanged: (installationId) => this.#reader.forgetInstallation(installationId),
    });
    this.#control = new ControlLoop({
      store,
      planner: this.#planner,
      timing,
      log,
      queue: options.queue,
      readsAdded: () => this.#wakeReading.notify(),
      running: () => this.#running,
    });
    this.#delivery = new DeliveryLoop({
      store,
      destinations: options.destinations,
      timing,
      ...(options.delivery ? { delivery: options.delivery } : {}),
      failed: (message, error) => this.#health.failed(message, error),
      settled: (operationId) => {
        this.#reader.messageSettled(operationId);
        this.#wakeDelivery.notify();
        this.#wakeReading.notify();
      },
    });
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#control.start();
    const running = () => this.#running;
    const tick = this.timing.tickMs;
    // A loop still looks at least once per tick.
    const stepGap = Math.min(this.timing.stepGapMs, tick);
    this.#loops = [
      runLoop(
        {
          name: 'control',
          step: () => this.#control.step(),
          wakeup: this.#wakeControl,
          idle: () => this.#control.wait(),
        },
        running,
        this.#health,
        tick,
      ),
      runLoop(
        {
          name: 'reading',
          step: () => this.#readingStep(),
          wakeup: this.#wakeReading,
          idle: () => this.#reader.idleMs(),
          gapMs: stepGap,
        },
        running,
        this.#health,
        tick,
      ),
      runLoop(
        {
          name: 'delivery',
          step: () => this.#delivery.step(),
          wakeup: this.#wakeDelivery,
          idle: () => this.#delivery.wait(),
          gapMs: stepGap,
        },
        running,
        this.#health,
        tick,
      ),
    ];
  }

  /** Stops the loops and waits for messages in flight to be answered (or time out). */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.wake();
    await Promise.all(this.#loops);
    await this.#control.stop();
    await this.#delivery.drain();
    await this.#reader.close();
  }

  /** Something changed (an installation, a destination, a trigger): look now instead of at the next tick. */
  wake(): void {
    this.wakeElsewhere?.();
    this.#wakeControl.notify();
    this.#wakeReading.notify();
    this.#wakeDelivery.notify();
  }

  async #readingStep(): Promise<boolean> {
    const progressed = await this.#reader.step(
      () => this.#running,
      () => this.#control.starting,
      () => this.#wakeDelivery.notify(),
    );
    // A whole step without the database failing it (every step queries it), and no page that met it down
    // since the last one stored: if it was unreachable, it is back.
    if (!this.#reader.storeDown) this.#health.answered();
    return progressed;
  }

  /**
   * An installation was created or its config changed: plan it now, so the 201 (or 200) answer is followed
   * by a read state that shows its backfills and next runs. New objects get their backfill, dropped objects
   * stop, objects kept keep their cursor; running operations pick up the new config at their next page.
   * Calling it again for the same config does nothing; the engine's tick does the same for anything missed.
   */
  async installationChanged(installation: Installation, manifest?: ManifestIntegration): Promise<void> {
    if (await this.#planner.installationChanged(installation, manifest)) this.wake();
  }

  /**
   * An installation was deleted: its schedules stop, its unfinished operations fail, and messages not yet
   * delivered are dropped. The engine's tick also does this for a plan whose installation vanished.
   */
  forgetInstallation(installationId: string): Promise<void> {
    return this.#planner.forget(installationId);
  }

  /** An on-demand read: queued behind the stream's current operation. Returns the operation id. */
  async trigger(input: TriggerInput): Promise<string> {
    const id = await this.#planner.trigger(input);
    this.wakeElsewhere?.();
    this.#wakeReading.notify();
    return id;
  }

  /** Per object: pause state, schedule, last and next run, records delivered, backfill and delivery health. */
  readStatus(installation: Installation) {
    return readStatusView(
      { repo: this.#repo, store: this.store, destinations: this.destinations },
      installation,
    );
  }
}
