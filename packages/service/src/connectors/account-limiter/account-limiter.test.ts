import { describe, expect, it } from 'vitest';
import { AccountLimiter, type AccountPermit, BudgetWait } from './account-limiter.js';
import { type BudgetLedger, MemoryBudgetLedger } from './budget-ledger.js';
import { bucketShape, budgetReportOf } from './rate-limit-policy.js';

/** 100 calls per 400 ms: a bucket of 5 (2 kept for interactive calls), refilling 95 per 400 ms. */
const policy = { requests: 100, intervalMs: 400 };

/** The most grants within any `windowMs` (a provider's rolling window). */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('AccountLimiter', () => {
  it('keeps every rolling window of the interval under the limit while using most of it', async () => {
    const limiter = new AccountLimiter({ ledger: new MemoryBudgetLedger() });
    const granted: number[] = [];
    const endAt = Date.now() + 1_200;
    // Eight callers at once, each calling again as soon as its last call ends, as a backfill's pages do.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < endAt) {
          const permit = await limiter.acquire({ account: 'a', policy, priority: 'interactive' });
          granted.push(Date.now());
          permit.done({ status: 200, headers: {} });
        }
      }),
    );
    expect(busiestWindow(granted, policy.intervalMs)).toBeLessThanOrEqual(policy.requests);
    // 1.2 s is three intervals: 5 at once, then 95 per interval.
    expect(granted.length).toBeGreaterThanOrEqual(0.85 * 3 * policy.requests);
    expect(granted.length).toBeLessThanOrEqual(3 * policy.requests);
  });

  it('refuses a background call the budget cannot serve now, and serves an interactive one from the reserve', async () => {
    const limiter = new AccountLimiter({ ledger: new MemoryBudgetLedger() });
    const shape = bucketShape(policy);
    const background = { account: 'a', policy, priority: 'background' as const };
    // Background calls take the bucket down to its reserve...
    for (let i = 0; i < shape.capacity - shape.reserve; i++) (await limiter.acquire(background)).done();
    const refused = await limiter.acquire(background).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BudgetWait);
    expect((refused as BudgetWait).waitMs).toBeGreaterThan(0);
    // ...which a user's call still finds, without waiting for a refill.
    const started = performance.now();
    (await limiter.acquire({ account: 'a', policy, priority: 'interactive' })).done();
    expect(performance.now() - started).toBeLessThan(5);
  });

  it('stops an account for the wait a 429 names, and leaves other accounts alone', async () => {
    const limiter = new AccountLimiter({
      ledger: new MemoryBudgetLedger(),
      maxWaitMs: { interactive: 1_000, background: 0 },
    });
    const call = (account: string) => limiter.acquire({ account, policy, priority: 'interactive' });
    (await call('a')).done({ status: 429, headers: {}, retryAfterMs: 250 });
    const started = Date.now();
    (await call('b')).done();
    expect(Date.now() - started).toBeLessThan(50);
    (await call('a')).done();
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    // A wait longer than an interactive call may wait is refused at once.
    (await call('a')).done({ status: 429, headers: {}, retryAfterMs: 5_000 });
    await expect(call('a')).rejects.toBeInstanceOf(BudgetWait);
  });

  it('fails the calls waiting for the budget at once when the store cannot be read, and asks it again for the next', async () => {
    const memory = new MemoryBudgetLedger();
    let down = true;
    const unreachable = new Error('the database cannot be reached');
    const ledger: BudgetLedger = {
      take: (...args) => (down ? Promise.reject(unreachable) : memory.take(...args)),
      clamp: (...args) => memory.clamp(...args),
      block: (...args) => memory.block(...args),
    };
    const limiter = new AccountLimiter({ ledger, log: () => {} });
    const call = (priority: 'interactive' | 'background') =>
      limiter.acquire({ account: 'a', policy, priority });
    const started = Date.now();
    await expect(Promise.all([call('interactive'), call('background')])).rejects.toBe(unreachable);
    await expect(call('interactive')).rejects.toBe(unreachable);
    expect(Date.now() - started).toBeLessThan(500);
    down = false;
    (await call('interactive')).done();
  });

  it("bounds each priority's calls of one account in flight: a user's call never waits for a backfill's to end", async () => {
    const limiter = new AccountLimiter({
      ledger: new MemoryBudgetLedger(),
      maxInFlight: { interactive: 1, background: 2 },
      maxWaitMs: { interactive: 1_000, background: 1_000 },
    });
    const big = { requests: 1_000, intervalMs: 1_000 };
    const call = (priority: 'interactive' | 'background') =>
      limiter.acquire({ account: 'a', policy: big, priority });
    const settled = new Set<string>();
    const track = (name: string, permit: Promise<AccountPermit>) =>
      permit.then((granted) => {
        settled.add(name);
        return granted;
      });
    const backfill = [await call('background'), await call('background')];
    const thirdPage = track('third page', call('background'));
    // Two background calls fill their places; a user's search still goes at once.
    const search = await call('interactive');
    const secondSearch = track('second search', call('interactive'));
    await new Promise((resolve) => setImmediate(resolve));
    expect([...settled]).toEqual([]);
    // The search's place frees the next search, not the backfill's page...
    search.done();
    (await secondSearch).done();
    expect([...settled]).toEqual(['second search']);
    // ...and a page's place the next page.
    backfill[0]!.done();
    (await thirdPage).done();
    backfill[1]!.done();
    expect([...settled]).toEqual(['second search', 'third page']);
  });
});

describe('budgetReportOf', () => {
  it("reads HubSpot's limit and what is left of it", () => {
    expect(
      budgetReportOf(
        {
          'x-hubspot-ratelimit-max': '190',
          'x-hubspot-ratelimit-interval-milliseconds': '10000',
          'x-hubspot-ratelimit-remaining': '7',
        },
        policy,
      ),
    ).toEqual({ policy: { requests: 190, intervalMs: 10_000 }, remaining: 7 });
  });

  it("reads Salesforce's daily usage", () => {
    const daily = { requests: 15_000, intervalMs: 86_400_000 };
    expect(budgetReportOf({ 'sforce-limit-info': 'api-usage=120/100000' }, daily)).toEqual({
      policy: { requests: 100_000, intervalMs: 86_400_000 },
      remaining: 99_880,
    });
  });
});
