/**
 * The API process and the worker process on one SQLite data directory pace calls to a provider account
 * from one bucket: together they stay under its limit in every rolling window.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AccountLimiter } from '../connectors/account-limiter/account-limiter.js';
import { type Database, openDatabase } from './open-database.js';
import { SqliteBudgetLedger } from './sqlite-budget-ledger.js';
import { makeTempDir, removeDir } from './test-helpers.js';

const policy = { requests: 100, intervalMs: 400 };
const opened: Database[] = [];
let dir: string | undefined;
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  if (dir) removeDir(dir);
});

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

describe('SqliteBudgetLedger', () => {
  it('keeps two connections on one file (API and worker) under one account limit together', async () => {
    dir = makeTempDir();
    const path = dir;
    const limiters = [0, 1].map(() => {
      const db = openDatabase(path, { synchronous: 'NORMAL' });
      opened.push(db);
      return new AccountLimiter({ ledger: new SqliteBudgetLedger(db), sliceSize: 3 });
    });
    const granted: number[] = [];
    const endAt = Date.now() + 1_200;
    await Promise.all(
      limiters.flatMap((limiter) =>
        Array.from({ length: 4 }, async () => {
          while (Date.now() < endAt) {
            const permit = await limiter.acquire({ account: 'hubspot:1', policy, priority: 'interactive' });
            granted.push(Date.now());
            permit.done({ status: 200, headers: {} });
          }
        }),
      ),
    );
    expect(busiestWindow(granted, policy.intervalMs)).toBeLessThanOrEqual(policy.requests);
    expect(granted.length).toBeGreaterThanOrEqual(0.8 * 3 * policy.requests);
  });
});
