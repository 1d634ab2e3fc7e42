import type { RateLimitStore } from '../middleware/rate-limit/store.js';
import { migrateOnce, rateLimitTable as table } from './migrate.js';
import type { PostgresStoreOptions } from './queryable.js';
import { openPool } from './queryable.js';

/**
 * One atomic UPSERT per hit: a new key, or a window that has ended, starts at 1; otherwise the count
 * goes up by one. The row lock serialises replicas counting the same session.
 */
const hitSql = `
INSERT INTO ${table} AS t (key, count, reset_at) VALUES ($1, 1, $2::bigint + $3::bigint)
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN t.reset_at <= $2 THEN 1 ELSE t.count + 1 END,
  reset_at = CASE WHEN t.reset_at <= $2 THEN EXCLUDED.reset_at ELSE t.reset_at END
RETURNING count, reset_at`;

/** Fixed-window rate limits in PostgreSQL, so that a session's limit holds across every BFF replica. */
export class PostgresRateLimitStore implements RateLimitStore {
  readonly #pool;
  readonly #migrate;
  readonly #sweepEveryMs;
  #lastSweep = 0;

  constructor(options: PostgresStoreOptions) {
    this.#pool = openPool(options);
    this.#migrate = migrateOnce(this.#pool.queryable, options.createTables !== false);
    this.#sweepEveryMs = options.sweepEveryMs ?? 60_000;
  }

  async hit(key: string, windowMs: number, now: number) {
    await this.#migrate();
    this.#sweep(now);
    const { rows } = await this.#pool.queryable.query(hitSql, [key, now, windowMs]);
    const row = rows[0] as { count: number; reset_at: string };
    // bigint arrives as a string from node-postgres; epoch milliseconds fit a double exactly.
    return { count: row.count, resetAt: Number(row.reset_at) };
  }

  /** Ends the pool when the store opened it from a connection string. */
  close() {
    return this.#pool.close();
  }

  #sweep(now: number) {
    if (now - this.#lastSweep < this.#sweepEveryMs) return;
    this.#lastSweep = now;
    this.#pool.queryable
      .query(
        `DELETE FROM ${table} WHERE key IN (SELECT key FROM ${table} WHERE reset_at <= $1 LIMIT 10000)`,
        [now],
      )
      .catch(() => {});
  }
}
