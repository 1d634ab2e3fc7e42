/**
 * Provider accounts' request budgets shared by every instance on one PostgreSQL database: one row per
 * account holds its token bucket (`tokens` as of `refilled_at`, and `blocked_until` after a 429). A take
 * refills and takes in one statement under the row's lock, so instances never hand out the same token;
 * instances take slices of several tokens (see AccountLimiter's `sliceSize`), so a call costs a fraction
 * of a statement.
 */
import {
  type BudgetGrant,
  type BudgetLedger,
  refillWaitMs,
} from '../../connectors/account-limiter/budget-ledger.js';
import type { BucketShape } from '../../connectors/account-limiter/rate-limit-policy.js';
import type { PgPool } from './pool.js';
import { pgQuery } from './query.js';

/**
 * The database's clock, not the instance's: instances' clocks differ, and a take that carried an older time
 * than the one before it would refill the same interval twice.
 */
const takeSql = `
WITH clock AS (
  SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now
), current AS (
  SELECT account, blocked_until, clock.now,
         LEAST($2::float8, tokens + GREATEST(0, clock.now - refilled_at) * $3::float8) AS available
    FROM provider_account_budgets, clock WHERE account = $1 FOR UPDATE OF provider_account_budgets
), taken AS (
  SELECT account, available, blocked_until, now,
         CASE WHEN blocked_until > now THEN 0
              ELSE GREATEST(0, LEAST($4::int, FLOOR(available - $5::float8)))::int END AS granted
    FROM current
)
UPDATE provider_account_budgets b
   SET tokens = taken.available - taken.granted, refilled_at = GREATEST(b.refilled_at, taken.now)
  FROM taken
 WHERE b.account = taken.account
RETURNING taken.granted, taken.available - taken.granted AS tokens, taken.blocked_until, taken.now`;

export class PgBudgetLedger implements BudgetLedger {
  /** Accounts whose row this process has made sure of. */
  readonly #known = new Set<string>();
  constructor(
    private readonly pool: PgPool,
    private readonly now: () => number = Date.now,
  ) {}

  async take(account: string, shape: BucketShape, want: number, interactive: boolean): Promise<BudgetGrant> {
    if (!this.#known.has(account)) {
      await pgQuery(
        this.pool,
        `INSERT INTO provider_account_budgets (account, tokens, refilled_at, blocked_until)
         VALUES ($1, $2, (extract(epoch FROM clock_timestamp()) * 1000)::bigint, 0)
         ON CONFLICT (account) DO NOTHING`,
        [account, shape.capacity],
      );
      this.#known.add(account);
    }
    const floor = interactive ? 0 : shape.reserve;
    const { rows } = await pgQuery<{ granted: number; tokens: number; blocked_until: string; now: string }>(
      this.pool,
      takeSql,
      [account, shape.capacity, shape.perMs, want, floor],
    );
    const row = rows[0];
    if (!row) {
      // The row went (a cleanup): made again at the next take.
      this.#known.delete(account);
      return { granted: 0, waitMs: 1 };
    }
    const granted = Number(row.granted);
    if (granted > 0) return { granted, waitMs: 0 };
    const blockedUntil = Number(row.blocked_until);
    if (blockedUntil > Number(row.now)) return { granted: 0, waitMs: blockedUntil - Number(row.now) };
    // Until the slice asked for is there, and up to half a token's time later at random: instances that all
    // came back at the same moment would mostly race each other for the first token and find nothing. Never
    // until the bucket is full: the bucket stops filling at its capacity, so every millisecond a caller came
    // back late would then lose tokens the account could have spent. Two tokens short of full leave their
    // time for the jitter and the caller's own delay (one did not: a backfill then used 89 % of its account's
    // limit, against 91 % with two).
    const tokenMs = 1 / shape.perMs;
    const needed = Math.max(floor + 1, Math.min(floor + want, shape.capacity - 2));
    const waitMs = refillWaitMs(Number(row.tokens), needed, shape.perMs);
    return { granted: 0, waitMs: Math.ceil(waitMs + (Math.random() * tokenMs) / 2) };
  }

  async clamp(account: string, remaining: number): Promise<void> {
    await pgQuery(
      this.pool,
      'UPDATE provider_account_budgets SET tokens = LEAST(tokens, $2) WHERE account = $1',
      [account, remaining],
    );
  }

  async block(account: string, untilMs: number): Promise<void> {
    // The wait as the provider named it, from the database's clock like every other time in the row.
    const waitMs = Math.max(0, untilMs - this.now());
    await pgQuery(
      this.pool,
      `UPDATE provider_account_budgets SET tokens = 0,
              blocked_until = GREATEST(blocked_until, (extract(epoch FROM clock_timestamp()) * 1000)::bigint + $2)
        WHERE account = $1`,
      [account, waitMs],
    );
  }
}
