/**
 * A connection opened with `busyTimeoutMs: 0` (the service's own) waits for another connection's write lock
 * on timers: the event loop goes on meanwhile (here it is what ends the other connection's transaction), and
 * the call completes once the lock is free, or fails with SQLITE_BUSY when it waited too long.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { step } from './access.js';
import { whenUnlocked } from './lock-wait.js';
import { type Database, openDatabase } from './open-database.js';
import { SqliteAccess } from './sqlite-access.js';
import { openBudgetsDatabase, SqliteBudgetLedger } from './sqlite-budget-ledger.js';
import { SqliteRepository } from './sqlite-repository.js';
import { makeTempDir, removeDir } from './test-helpers.js';

const opened: Database[] = [];
let dir: string | undefined;
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  if (dir) removeDir(dir);
  dir = undefined;
});

/** Opens one of the service's files in `dir` with the service's own busy timeout (0: timers). */
type Open = (dir: string) => Database;
const serviceDatabase: Open = (dir) => openDatabase(dir, { busyTimeoutMs: 0 });

/** `holder` with its write lock taken, and `waiter`, which waits on timers, on the same file. */
function twoConnections(open: Open = serviceDatabase): { holder: Database; waiter: Database } {
  dir = makeTempDir();
  const holder = open(dir);
  const waiter = open(dir);
  opened.push(holder, waiter);
  holder.exec('CREATE TABLE scratch (n INTEGER NOT NULL)');
  holder.exec('BEGIN IMMEDIATE');
  return { holder, waiter };
}

/** Counts event-loop turns (a 5 ms interval) while `work` is pending. */
async function turnsWhile<T>(work: Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  const ticker = setInterval(() => turns++, 5);
  try {
    return { result: await work, turns };
  } finally {
    clearInterval(ticker);
  }
}

const writers: Array<[string, Open, (db: Database) => Promise<unknown>]> = [
  [
    'a statement (SqliteAccess)',
    serviceDatabase,
    (db) => new SqliteAccess(db).change('INSERT INTO scratch (n) VALUES (1)'),
  ],
  [
    'a transaction run in one go (atomically)',
    serviceDatabase,
    (db) =>
      new SqliteAccess(db).atomically(function* () {
        yield* step('INSERT INTO scratch (n) VALUES (1)');
      }),
  ],
  [
    'a repository transaction (BEGIN IMMEDIATE)',
    serviceDatabase,
    (db) => new SqliteRepository(db).transaction(async () => 1),
  ],
  [
    'a budget take (in the budgets file)',
    openBudgetsDatabase,
    (db) => new SqliteBudgetLedger(db).take('hubspot:1', { capacity: 10, perMs: 0.01, reserve: 2 }, 1, true),
  ],
];

describe('waiting for a lock another connection holds', () => {
  it.each(writers)('%s waits on timers and completes once the lock is free', async (_, open, write) => {
    const { holder, waiter } = twoConnections(open);
    const released = sleep(60).then(() => holder.exec('COMMIT'));
    const { turns } = await turnsWhile(write(waiter));
    await released;
    // Waiting inside SQLite would hold the thread for its whole busy timeout: no interval could run, and
    // the COMMIT above could not, so the write would fail with SQLITE_BUSY instead.
    expect(turns).toBeGreaterThanOrEqual(5);
    expect(holder.inTransaction).toBe(false);
  });

  it('runs a transaction found locked again from its first step, on what the other connection committed', async () => {
    const { holder, waiter } = twoConnections();
    holder.exec('INSERT INTO scratch (n) VALUES (1)');
    setTimeout(() => holder.exec('COMMIT'), 30);
    // Reads the highest n, then writes the next: run from a snapshot taken before the COMMIT it would
    // write 1 again.
    const written = await new SqliteAccess(waiter).atomically(function* () {
      const { rows } = yield* step<{ n: number | null }>('SELECT max(n) AS n FROM scratch');
      const next = (rows[0]?.n ?? 0) + 1;
      yield* step('INSERT INTO scratch (n) VALUES (?)', next);
      return next;
    });
    expect(written).toBe(2);
    expect(waiter.prepare('SELECT n FROM scratch ORDER BY n').pluck().all()).toEqual([1, 2]);
  });

  it('fails with SQLITE_BUSY once it has waited its time out', async () => {
    const { holder, waiter } = twoConnections();
    const insert = waiter.prepare('INSERT INTO scratch (n) VALUES (1)');
    const started = Date.now();
    const failure = await whenUnlocked(() => insert.run(), 50).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Sqlite.SqliteError);
    expect((failure as InstanceType<typeof Sqlite.SqliteError>).code).toBe('SQLITE_BUSY');
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    holder.exec('ROLLBACK');
  });

  it('passes other errors through at once', async () => {
    dir = makeTempDir();
    const db = openDatabase(dir, { busyTimeoutMs: 0 });
    opened.push(db);
    let tries = 0;
    const failure = await whenUnlocked(() => {
      tries++;
      return db.prepare('SELECT * FROM no_such_table').all();
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Sqlite.SqliteError);
    expect(tries).toBe(1);
  });
});
