/**
 * The API process and the worker process on one SQLite data directory pace calls to a provider account
 * from one bucket: together they stay under its limit in every rolling window. The bucket's file has a
 * lock of its own: a take never waits for a transaction on the service's database.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AccountLimiter } from '../connectors/account-limiter/account-limiter.js';
import { type Database, openDatabase } from './open-database.js';
import { openBudgetsDatabase, SqliteBudgetLedger } from './sqlite-budget-ledger.js';
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
      const db = openBudgetsDatabase(path);
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

  it('takes while the service database is locked by a long transaction (the worker storing a page)', async () => {
    dir = makeTempDir();
    const worker = openDatabase(dir);
    opened.push(worker);
    worker.exec('BEGIN IMMEDIATE');
    const budgets = openBudgetsDatabase(dir);
    opened.push(budgets);
    const ledger = new SqliteBudgetLedger(budgets);
    const started = performance.now();
    const grant = await ledger.take('hubspot:1', { capacity: 10, perMs: 0.01, reserve: 2 }, 1, true);
    // In the service's file the take would wait for the COMMIT below, which never comes while it waits.
    expect(grant).toEqual({ granted: 1, waitMs: 0 });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(worker.inTransaction).toBe(true);
    worker.exec('ROLLBACK');
  });
});
