/**
 * The delivery loop's work: up to `deliveryConcurrency` messages in flight, at most `deliveryWindow` per
 * stream, each stream's sent in order (the store picks them; ./deliverer.ts sends one and records it).
 */
import type { DestinationStore } from '../store/destination-store.js';
import { Deliverer, type DelivererOptions } from './deliverer.js';
import type { OperationStore } from './operation-store.js';
import type { ReadTiming } from './timing.js';

export class DeliveryLoop {
  readonly #store: OperationStore;
  readonly #timing: ReadTiming;
  readonly #deliverer: Deliverer;
  /** Message id → its attempt. */
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #failed: (message: string, error: unknown) => void;
  readonly #settled: (operationId: string) => void;

  constructor(options: {
    store: OperationStore;
    destinations: DestinationStore;
    timing: ReadTiming;
    /** Which addresses destinations may reach (./destination-address.ts). */
    delivery?: DelivererOptions;
    /** A message's outcome could not be recorded. */
    failed: (message: string, error: unknown) => void;
    /**
     * A message of `operationId` was answered (or timed out): its stream may send the next, its operation
     * may finish.
     */
    settled: (operationId: string) => void;
  }) {
    this.#store = options.store;
    this.#timing = options.timing;
    this.#deliverer = new Deliverer(options.store, options.destinations, options.timing, options.delivery);
    this.#failed = options.failed;
    this.#settled = options.settled;
  }

  async step(): Promise<boolean> {
    const free = this.#timing.deliveryConcurrency - this.#inFlight.size;
    if (free <= 0) {
      await Promise.race(this.#inFlight.values());
      return true;
    }
    const due = await this.#store.dueDeliveries(
      this.#timing.now(),
      free,
      this.#timing.deliveryWindow,
      new Set(this.#inFlight.keys()),
    );
    for (const delivery of due) {
      const attempt = this.#deliverer
        .deliver(delivery)
        .catch((error: unknown) => this.#failed(`message ${delivery.id} could not be recorded`, error))
        .finally(() => {
          this.#inFlight.delete(delivery.id);
          this.#settled(delivery.operationId);
        });
      this.#inFlight.set(delivery.id, attempt);
    }
    return false;
  }

  /** Until the next message is due, at most a tick. */
  async wait(): Promise<number> {
    const next = await this.#store.nextDeliveryTime();
    const tick = this.#timing.tickMs;
    if (next === undefined) return tick;
    return Math.min(tick, Math.max(0, next - this.#timing.now()));
  }

  /** Waits for the messages in flight to be answered (or time out). */
  async drain(): Promise<void> {
    await Promise.all(this.#inFlight.values());
  }
}
