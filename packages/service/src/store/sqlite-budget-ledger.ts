/**
 * Provider accounts' request budgets on SQLite, for a service whose API and worker run as two processes on
 * one data directory (`splice-service --role all`): both pace their calls to an account from one bucket,
 * as instances on PostgreSQL do (./pg/pg-budget-ledger.ts). Each take is one immediate transaction. A take
 * that finds the other process writing waits for the lock on a timer (./lock-wait.ts).
 *
 * The buckets live in a file of their own beside the service's database (`budgetsFileName`). SQLite has one
 * write lock per file: in the service's file, a search's take queued behind whatever the worker was
 * writing (a page of records stored, a delivery recorded, tens of milliseconds when the machine is busy).
 * In their own file the lock is held only by takes, for a fraction of a millisecond. Commits there cost no
 * fsync, and nothing in the file needs one: a budget lost to a power cut refills by itself.
 */
import type { Database } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import {
  type BudgetGrant,
  type BudgetLedger,
  refillWaitMs,
} from '../connectors/account-limiter/budget-ledger.js';
import type { BucketShape } from '../connectors/account-limiter/rate-limit-policy.js';
import { prepareDataDir } from './data-dir.js';
import { lockTimeoutMs, whenUnlocked } from './lock-wait.js';

/** The budgets' file inside the data directory. */
export const budgetsFileName = 'budgets.db';

/**
 * Opens (and creates) the budgets' file in `dataDir`. Its calls wait for the lock on timers, as the
 * service's own connections do; creating the table waits inside SQLite, as two processes may start at once.
 */
export function openBudgetsDatabase(dataDir: string): Database {
  const db = new Sqlite(prepareDataDir(dataDir, budgetsFileName));
  try {
    db.pragma(`busy_timeout = ${lockTimeoutMs}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`CREATE TABLE IF NOT EXISTS provider_account_budgets (
      account       TEXT PRIMARY KEY,
      tokens        REAL NOT NULL,
      refilled_at   INTEGER NOT NULL,
      blocked_until INTEGER NOT NULL DEFAULT 0
    )`);
    db.pragma('busy_timeout = 0');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

interface BudgetRow {
  tokens: number;
  refilled_at: number;
  blocked_until: number;
}

/** The buckets in a database opened by `openBudgetsDatabase`. */
export class SqliteBudgetLedger implements BudgetLedger {
  readonly #take: (account: string, shape: BucketShape, want: number, floor: number) => BudgetGrant;
  readonly #clamp: (account: string, remaining: number) => void;
  readonly #block: (account: string, untilMs: number) => void;

  constructor(db: Database, now: () => number = Date.now) {
    const select = db.prepare<[string], BudgetRow>(
      'SELECT tokens, refilled_at, blocked_until FROM provider_account_budgets WHERE account = ?',
    );
    const insert = db.prepare(
      'INSERT OR IGNORE INTO provider_account_budgets (account, tokens, refilled_at, blocked_until) VALUES (?, ?, ?, 0)',
    );
    const update = db.prepare(
      'UPDATE provider_account_budgets SET tokens = ?, refilled_at = ? WHERE account = ?',
    );
    const take = db.transaction(
      (account: string, shape: BucketShape, want: number, floor: number): BudgetGrant => {
        const at = now();
        insert.run(account, shape.capacity, at);
        const row = select.get(account) as BudgetRow;
        const refilledAt = Math.max(row.refilled_at, at);
        const available = Math.min(
          shape.capacity,
          row.tokens + Math.max(0, at - row.refilled_at) * shape.perMs,
        );
        const granted =
          row.blocked_until > at ? 0 : Math.max(0, Math.min(want, Math.floor(available - floor)));
        update.run(available - granted, refilledAt, account);
        if (granted > 0) return { granted, waitMs: 0 };
        if (row.blocked_until > at) return { granted: 0, waitMs: row.blocked_until - at };
        return { granted: 0, waitMs: refillWaitMs(available, floor + 1, shape.perMs) };
      },
    );
    // IMMEDIATE: the write lock from the start, so two processes never both read the same tokens.
    this.#take = (account, shape, want, floor) => take.immediate(account, shape, want, floor);
    const clamp = db.prepare('UPDATE provider_account_budgets SET tokens = MIN(tokens, ?) WHERE account = ?');
    this.#clamp = (account, remaining) => void clamp.run(remaining, account);
    const block = db.prepare(
      'UPDATE provider_account_budgets SET tokens = 0, blocked_until = MAX(blocked_until, ?) WHERE account = ?',
    );
    this.#block = (account, untilMs) => void block.run(untilMs, account);
  }

  take(account: string, shape: BucketShape, want: number, interactive: boolean): Promise<BudgetGrant> {
    return whenUnlocked(() => this.#take(account, shape, want, interactive ? 0 : shape.reserve));
  }

  clamp(account: string, remaining: number): Promise<void> {
    return whenUnlocked(() => this.#clamp(account, remaining));
  }

  block(account: string, untilMs: number): Promise<void> {
    return whenUnlocked(() => this.#block(account, untilMs));
  }
}
