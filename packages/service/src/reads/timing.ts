/**
 * Every time constant and size of the read engine in one injectable object, so tests run a day of retries in
 * seconds and the README documents one list. `readTimingFromEnv` maps the `SPLICE_*` variables onto it.
 */
export interface ReadTiming {
  /** How often the engine starts due scheduled reads. */
  tickMs: number;
  /**
   * How often the engine looks for installations not planned (created or changed without its hooks) and
   * plans that lost their installation. The create, update and delete routes call the hooks directly.
   */
  planScanMs: number;
  /** Records read from the provider per page: one checkpoint (one transaction) each. */
  pageSize: number;
  /**
   * Pages read at once over all streams (one per stream at most): the engine's own capacity. Each account's
   * calls are bounded again by its request budget and its calls in flight (AccountLimiter).
   */
  readConcurrency: number;
  /** Records shaped into messages between two yields to the event loop, so requests stay answered. */
  buildChunk: number;
  /** Upper bound of a message body (the hosted service's inline limit is 300 KB). */
  maxMessageBytes: number;
  /** Messages stored ahead of delivery per object: bounds the disk and memory a slow receiver costs. */
  maxPendingPerStream: number;
  /** Messages in flight at once across all objects. */
  deliveryConcurrency: number;
  /**
   * Messages of one object in flight at once. They are sent in order; with more than one, a receiver may
   * finish them in another order, and a retried message arrives after later ones of the same operation.
   * Operations never overlap: the next read of an object starts after every message of the last one was
   * answered, so a newer version of a record never arrives before an older one. 1 is strict order.
   */
  deliveryWindow: number;
  /** First retry delay; each further retry doubles it (with jitter) up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a message is retried before it fails for good. */
  retryForMs: number;
  /**
   * A read's deadline for provider faults in a row (5xx, timeouts, resets, unreadable answers): they are
   * retried with backoff and jitter until this long after the first, then the read fails naming the faults.
   * Rate limits do not count: the account's budget refills, and the read waits as told.
   */
  providerRetryForMs: number;
  /** A receiver that has not answered (headers and body) within this is a failed attempt. */
  deliveryTimeoutMs: number;
  /** A destination whose deliveries all failed for this long is disabled. */
  disableAfterMs: number;
  /**
   * How long a message for a missing or disabled destination waits before it is looked at again, at least:
   * parked messages come due together, at the next multiple of this (see `parkedUntil`).
   */
  parkMs: number;
  /**
   * The least time between the starts of two steps of the reading loop and of the delivery loop. A step
   * looks over all its loop's work (every stream's oldest operation; the messages due), and wake-ups come
   * with every change (an installation created, a page stored): without a gap, an engine with hundreds of
   * streams looked over all of them again for each change, and that took most of a core. Work a step
   * starts is not slowed by it: a stream's pages are read one after another in the task its step started,
   * and up to `deliveryConcurrency` messages are sent from one step. At most `tickMs`.
   */
  stepGapMs: number;
  now: () => number;
  /** In [0, 1): the jitter source. */
  random: () => number;
}

export const defaultReadTiming: ReadTiming = {
  tickMs: 1_000,
  planScanMs: 10_000,
  pageSize: 1_000,
  readConcurrency: 16,
  buildChunk: 250,
  maxMessageBytes: 300 * 1024,
  maxPendingPerStream: 32,
  deliveryConcurrency: 32,
  deliveryWindow: 8,
  retryBaseMs: 1_000,
  retryMaxMs: 3_600_000,
  retryForMs: 86_400_000,
  providerRetryForMs: 15 * 60_000,
  deliveryTimeoutMs: 30_000,
  disableAfterMs: 6 * 3_600_000,
  parkMs: 5_000,
  stepGapMs: 50,
  now: Date.now,
  random: Math.random,
};

function msFromEnv(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number (of milliseconds for a time), got "${value}".`);
  return n;
}

/** The timing a deployment chose through the environment; unset variables keep the defaults. */
export function readTimingFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<ReadTiming> {
  const entries: Array<[keyof ReadTiming, string]> = [
    ['tickMs', 'SPLICE_READ_TICK_MS'],
    ['pageSize', 'SPLICE_READ_PAGE_SIZE'],
    ['readConcurrency', 'SPLICE_READ_CONCURRENCY'],
    ['retryBaseMs', 'SPLICE_RETRY_BASE_MS'],
    ['retryMaxMs', 'SPLICE_RETRY_MAX_MS'],
    ['retryForMs', 'SPLICE_RETRY_FOR_MS'],
    ['providerRetryForMs', 'SPLICE_PROVIDER_RETRY_FOR_MS'],
    ['deliveryTimeoutMs', 'SPLICE_DELIVERY_TIMEOUT_MS'],
    ['disableAfterMs', 'SPLICE_DESTINATION_DISABLE_AFTER_MS'],
    ['parkMs', 'SPLICE_DELIVERY_PARK_MS'],
    ['stepGapMs', 'SPLICE_READ_STEP_GAP_MS'],
    ['deliveryWindow', 'SPLICE_DELIVERY_WINDOW'],
    ['deliveryConcurrency', 'SPLICE_DELIVERY_CONCURRENCY'],
  ];
  const timing: Partial<Record<keyof ReadTiming, number>> = {};
  for (const [key, name] of entries) {
    const value = msFromEnv(name, env[name]);
    if (value !== undefined) timing[key] = value;
  }
  return timing as Partial<ReadTiming>;
}

/** Exponential backoff with jitter: a delay in [d/2, d) where d doubles per attempt, capped. */
export function backoffDelay(timing: ReadTiming, attempt: number): number {
  const ceiling = Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.min(attempt - 1, 40));
  return Math.round(ceiling / 2 + (timing.random() * ceiling) / 2);
}

/**
 * When a message parked at `now` is looked at again: the first multiple of `parkMs` at least `parkMs` away.
 * Messages parked for one missing destination then come due in one batch per period instead of one by one,
 * each at its own time, which kept the delivery loop waking every few milliseconds for a single message.
 */
export function parkedUntil(timing: ReadTiming, now: number): number {
  const period = Math.max(1, timing.parkMs);
  return Math.ceil((now + period) / period) * period;
}
