/**
 * HubSpot's per-account burst limit: a rolling window (ten seconds by default) of requests per app and
 * account. Every CRM answer carries the `X-HubSpot-RateLimit-*` headers; past the limit, a 429 in HubSpot's
 * RATE_LIMIT shape.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimit, RollingWindow } from '../limits/rolling-window.js';
import { HubSpotError } from './errors.js';

export const defaultRateLimit: Readonly<RateLimit> = { max: 110, intervalMs: 10_000 };

/** Middleware for routes whose account `accountOf` names (set by the authentication before it). */
export function hubSpotRateLimit(
  window: RollingWindow,
  accountOf: (c: Context) => string,
): MiddlewareHandler {
  return async (c, next) => {
    const used = window.take(accountOf(c));
    const { max, intervalMs } = window.limit;
    c.header('X-HubSpot-RateLimit-Max', String(max));
    c.header('X-HubSpot-RateLimit-Remaining', String(used < 0 ? 0 : max - used));
    c.header('X-HubSpot-RateLimit-Interval-Milliseconds', String(intervalMs));
    if (used < 0) {
      throw new HubSpotError('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', {
        extra: { errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' },
      });
    }
    await next();
  };
}
