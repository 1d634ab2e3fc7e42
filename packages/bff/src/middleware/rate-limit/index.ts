import { problemError } from '@splice/server-kit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { fromStore } from '../store-unavailable.js';
import type { RateLimitStore } from './store.js';
import { MemoryRateLimitStore } from './store.js';

export interface RateLimitOptions {
  /** Requests allowed per key and window. */
  max: number;
  windowMs: number;
  /** Who is counted: for the BFF, the signed-in session. */
  key: (c: Context) => string;
  /** Default: an in-process `MemoryRateLimitStore`. */
  store?: RateLimitStore;
  /** Default `Date.now`. */
  now?: () => number;
}

/** Fixed-window rate limit: past `max` in a window, 429 with `Retry-After` until the window ends. */
export const rateLimit = (options: RateLimitOptions) => {
  const store = options.store ?? new MemoryRateLimitStore();
  const now = options.now ?? Date.now;
  return createMiddleware(async (c, next) => {
    const at = now();
    const { count, resetAt } = await fromStore(() => store.hit(options.key(c), options.windowMs, at));
    if (count > options.max) {
      throw problemError(429, 'rateLimited', {
        detail: 'Too many requests. Wait a moment, then try again.',
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - at) / 1000)),
      });
    }
    await next();
  });
};
