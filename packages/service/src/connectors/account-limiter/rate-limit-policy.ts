/**
 * A provider account's request budget: what the provider documents (the catalog entry's `rateLimit`), then
 * corrected by what its answers say (HubSpot's `X-HubSpot-RateLimit-Max` and `-Interval-Milliseconds`,
 * Salesforce's `Sforce-Limit-Info: api-usage=used/max`).
 *
 * Providers count over a rolling window, and the budget is a token bucket. A bucket that may burst its
 * whole limit and then refill at limit/interval would send up to twice the limit within one window, so the
 * burst is a small share of the limit and the refill the rest: any window of the interval then sees at most
 * `burst + rate * interval` requests, 97 % of the limit, and a steady backfill uses 92 % of it.
 */

export interface RateLimitPolicy {
  /** Requests one account may make per interval. */
  requests: number;
  intervalMs: number;
}

/** Share of the limit that may go at once; the rest refills evenly over the interval. */
const burstShare = 0.05;
/**
 * Share of the limit left unused: calls granted together reach the provider a few milliseconds apart, and
 * that jitter must not push a window over.
 */
const headroomShare = 0.03;
/** Of the burst, what background calls leave for interactive ones (a user's search never waits for a token). */
const interactiveShare = 0.4;

export interface BucketShape {
  /** Tokens the bucket holds at most. */
  capacity: number;
  /** Tokens added per millisecond. */
  perMs: number;
  /** Tokens background calls leave in the bucket for interactive ones. */
  reserve: number;
}

export function bucketShape(policy: RateLimitPolicy): BucketShape {
  const capacity = Math.max(1, Math.floor(policy.requests * burstShare));
  const perMs = (policy.requests * (1 - headroomShare) - capacity) / policy.intervalMs;
  const reserve = capacity >= 2 ? Math.max(1, Math.floor(capacity * interactiveShare)) : 0;
  return { capacity, perMs: perMs > 0 ? perMs : policy.requests / policy.intervalMs, reserve };
}

/** What one answer says about the account's budget. */
export interface BudgetReport {
  /** The limit the provider named, when it did. */
  policy?: RateLimitPolicy;
  /** Requests left in the current window (other apps on the account count too). */
  remaining?: number;
}

/** HubSpot's and Salesforce's rate headers, names in lower case; empty when the answer has none. */
export function budgetReportOf(headers: Record<string, string>, fallback: RateLimitPolicy): BudgetReport {
  const max = Number(headers['x-hubspot-ratelimit-max']);
  const interval = Number(headers['x-hubspot-ratelimit-interval-milliseconds']);
  const remaining = Number(headers['x-hubspot-ratelimit-remaining']);
  const report: BudgetReport = {};
  if (max > 0) {
    report.policy = { requests: max, intervalMs: interval > 0 ? interval : fallback.intervalMs };
  }
  if (headers['x-hubspot-ratelimit-remaining'] !== undefined && Number.isFinite(remaining)) {
    report.remaining = Math.max(0, remaining);
  }
  const usage = /api-usage=(\d+)\/(\d+)/.exec(headers['sforce-limit-info'] ?? '');
  if (usage) {
    const used = Number(usage[1]);
    const limit = Number(usage[2]);
    if (limit > 0) report.policy = { requests: limit, intervalMs: fallback.intervalMs };
    report.remaining = Math.max(0, limit - used);
  }
  return report;
}

export function samePolicy(a: RateLimitPolicy, b: RateLimitPolicy): boolean {
  return a.requests === b.requests && a.intervalMs === b.intervalMs;
}
