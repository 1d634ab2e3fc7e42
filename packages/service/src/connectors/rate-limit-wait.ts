import { retryAfterMs } from '../reads/deliverer.js';

/** Used when a 429 names no wait at all: HubSpot's shortest window is ten seconds. */
export const defaultRateLimitWaitMs = 10_000;

/**
 * How long a 429 asks the caller to wait: `Retry-After` (seconds or an HTTP date) when sent, else HubSpot's
 * `X-HubSpot-RateLimit-Interval-Milliseconds` (the rolling window's length: the longest a full window can
 * take to free a slot), else a default.
 */
export function rateLimitWaitMs(headers: Record<string, string>, now: number): number {
  const retryAfter = retryAfterMs(headers['retry-after'] ?? null, now);
  if (retryAfter !== undefined) return retryAfter;
  const interval = Number(headers['x-hubspot-ratelimit-interval-milliseconds']);
  if (Number.isFinite(interval) && interval > 0) return interval;
  return defaultRateLimitWaitMs;
}
