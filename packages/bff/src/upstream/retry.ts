import type { Abort } from './abort.js';
import { UpstreamFault } from './upstream-fault.js';

export interface RetryPolicy {
  /** Retries after the first attempt; 0 disables them. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Faults worth another attempt of a read. A timeout is not among them: a service that stalled once is
 * likely overloaded, and another full deadline would multiply both its load and the user's wait.
 */
const retryOn = new Set(['refused', 'reset', 'server-error']);

export function isRetryable(error: unknown): boolean {
  return error instanceof UpstreamFault && retryOn.has(error.kind);
}

/** "Full jitter": a random delay up to the exponential cap, so that retrying clients spread out. */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random) {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

function sleep(ms: number, abort: Abort) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      resolve();
    }, ms);
    const stop = abort.onAbort((reason) => {
      clearTimeout(timer);
      reject(reason);
    });
  });
}

/** Runs `attempt` and retries it on retryable faults, at most `policy.retries` times, until `abort` aborts. */
export async function withRetries<T>(
  policy: RetryPolicy,
  abort: Abort,
  attempt: (attemptIndex: number) => Promise<T>,
): Promise<T> {
  for (let index = 0; ; index++) {
    try {
      return await attempt(index);
    } catch (error) {
      if (index >= policy.retries || !isRetryable(error) || abort.aborted) throw error;
      try {
        await sleep(backoffDelay(policy, index), abort);
      } catch {
        throw error;
      }
    }
  }
}
