/**
 * Salesforce's API request limit: requests per org over a rolling day by default, reported on every REST
 * answer as `Sforce-Limit-Info: api-usage=used/max`; past it, 403 REQUEST_LIMIT_EXCEEDED.
 */
import type { MiddlewareHandler } from 'hono';
import type { RateLimit, RollingWindow } from '../limits/rolling-window.js';
import { salesforceError } from './errors.js';

/** A Developer Edition org's daily allocation. */
export const defaultApiLimit: Readonly<RateLimit> = { max: 15_000, intervalMs: 86_400_000 };

export function salesforceApiLimit(window: RollingWindow, orgId: string): MiddlewareHandler {
  return async (c, next) => {
    const used = window.take(orgId);
    const { max } = window.limit;
    c.header('Sforce-Limit-Info', `api-usage=${used < 0 ? max : used}/${max}`);
    if (used < 0) throw salesforceError('REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
    await next();
  };
}
