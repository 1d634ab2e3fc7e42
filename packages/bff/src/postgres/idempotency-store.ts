import type { ClaimResult, IdempotencyStore, StoredResponse } from '../middleware/idempotency/store.js';
import { migrateOnce, idempotencyTable as table } from './migrate.js';
import type { PostgresStoreOptions } from './queryable.js';
import { openPool } from './queryable.js';

export type PostgresIdempotencyStoreOptions = PostgresStoreOptions & {
  /** Default `Date.now`. Every replica's clock should agree to within a second or so (NTP). */
  now?: () => number;
};

interface Row {
  state: 'claimed' | 'pending' | 'completed';
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

/**
 * The claim in one statement. The INSERT takes a free key, or an expired one (the `DO UPDATE ... WHERE`),
 * atomically against every other replica: the primary key decides, and a concurrent claimer waits for the
 * winner's row. When the key is held, the INSERT returns nothing and the second SELECT reads the holder's
 * row. That SELECT sees the statement's snapshot: if the holder committed while this statement waited, it
 * sees no row at all, and the claim is simply asked again.
 */
const claimSql = `
WITH claimed AS (
  INSERT INTO ${table} AS t (key, fingerprint, expires_at) VALUES ($1, $2, $3)
  ON CONFLICT (key) DO UPDATE
    SET fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL,
        expires_at = EXCLUDED.expires_at
    WHERE t.expires_at <= $4
  RETURNING t.key
)
SELECT 'claimed' AS state, $2 AS fingerprint, NULL::integer AS status, NULL::jsonb AS headers, NULL AS body
  FROM claimed
UNION ALL
SELECT CASE WHEN status IS NULL THEN 'pending' ELSE 'completed' END, fingerprint, status, headers, body
  FROM ${table}
  WHERE key = $1 AND expires_at > $4 AND NOT EXISTS (SELECT 1 FROM claimed)`;

/**
 * Idempotency records in PostgreSQL, shared by every BFF replica: a retry that reaches another replica
 * gets the first answer, and concurrent repeats on different replicas run the create once.
 */
export class PostgresIdempotencyStore implements IdempotencyStore {
  readonly #pool;
  readonly #migrate;
  readonly #now;
  readonly #sweepEveryMs;
  #lastSweep = 0;

  constructor(options: PostgresIdempotencyStoreOptions) {
    this.#pool = openPool(options);
    this.#migrate = migrateOnce(this.#pool.queryable, options.createTables !== false);
    this.#now = options.now ?? Date.now;
    this.#sweepEveryMs = options.sweepEveryMs ?? 60_000;
  }

  async claim(key: string, fingerprint: string, pendingTtlMs: number): Promise<ClaimResult> {
    await this.#migrate();
    const now = this.#now();
    this.#sweep(now);
    // Asked again only in the moment a holder commits or a key expires between the two halves.
    for (let attempt = 0; attempt < 5; attempt++) {
      const { rows } = await this.#pool.queryable.query(claimSql, [
        key,
        fingerprint,
        now + pendingTtlMs,
        now,
      ]);
      const row = rows[0] as Row | undefined;
      if (!row) continue;
      if (row.state === 'claimed') return { state: 'claimed' };
      if (row.state === 'pending' || row.status === null)
        return { state: 'pending', fingerprint: row.fingerprint };
      return {
        state: 'completed',
        fingerprint: row.fingerprint,
        response: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' },
      };
    }
    throw new Error('PostgresIdempotencyStore: the claim found neither a free key nor its holder');
  }

  async complete(key: string, fingerprint: string, response: StoredResponse, ttlMs: number) {
    await this.#migrate();
    // Only the pending claim of this same request becomes the record; a claim that expired and was
    // taken by another body is left to its new holder.
    await this.#pool.queryable.query(
      `UPDATE ${table} SET status = $3, headers = $4, body = $5, expires_at = $6
        WHERE key = $1 AND fingerprint = $2 AND status IS NULL`,
      [
        key,
        fingerprint,
        response.status,
        JSON.stringify(response.headers),
        response.body,
        this.#now() + ttlMs,
      ],
    );
  }

  async release(key: string) {
    await this.#migrate();
    // A recorded answer is never released, only a claim still waiting for one.
    await this.#pool.queryable.query(`DELETE FROM ${table} WHERE key = $1 AND status IS NULL`, [key]);
  }

  /** Ends the pool when the store opened it from a connection string. */
  close() {
    return this.#pool.close();
  }

  /** Deletes expired rows now and then, in the background: a claim never waits for it. */
  #sweep(now: number) {
    if (now - this.#lastSweep < this.#sweepEveryMs) return;
    this.#lastSweep = now;
    this.#pool.queryable
      .query(
        `DELETE FROM ${table} WHERE key IN (SELECT key FROM ${table} WHERE expires_at <= $1 LIMIT 10000)`,
        [now],
      )
      .catch(() => {});
  }
}
