/**
 * HubSpot's per-account burst limit: a rolling window (ten seconds by default) of requests per app and
 * account. Every CRM answer carries the `X-HubSpot-RateLimit-*` headers; past the limit, a 429 in HubSpot's
 * RATE_LIMIT shape. Refused requests do not count against the window.
 */
import type { MiddlewareHandler } from 'hono';
import { HubSpotError } from './errors.js';

export interface RateLimit {
  /** Requests one app may make on one account per interval. */
  max: number;
  intervalMs: number;
}

export const defaultRateLimit: Readonly<RateLimit> = { max: 110, intervalMs: 10_000 };

export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(
    /** Read on every request, so a test can tighten or lift it while the emulator runs. */
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request against the account's window; the requests left after it, or -1 when refused. */
  take(account: string): number {
    const now = this.now();
    const recent = (this.windows.get(account) ?? []).filter((at) => at > now - this.limit.intervalMs);
    this.windows.set(account, recent);
    if (recent.length >= this.limit.max) return -1;
    recent.push(now);
    return this.limit.max - recent.length;
  }

  /** Middleware for routes whose account `accountOf` names (set by the authentication before it). */
  middleware(accountOf: (c: Parameters<MiddlewareHandler>[0]) => string): MiddlewareHandler {
    return async (c, next) => {
      const remaining = this.take(accountOf(c));
      c.header('X-HubSpot-RateLimit-Max', String(this.limit.max));
      c.header('X-HubSpot-RateLimit-Remaining', String(Math.max(remaining, 0)));
      c.header('X-HubSpot-RateLimit-Interval-Milliseconds', String(this.limit.intervalMs));
      if (remaining < 0) {
        throw new HubSpotError('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', {
          extra: { errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' },
        });
      }
      await next();
    };
  }
}
