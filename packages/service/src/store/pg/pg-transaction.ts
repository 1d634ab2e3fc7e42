/**
 * Transactions of the stores on PostgreSQL (`PgAccess.atomically`). Several service instances write the same rows (an
 * operation's counters, a stream's read object), so two transactions may wait for each other's row locks in
 * opposite orders; PostgreSQL then aborts one with a deadlock (40P01). Such a transaction did nothing and
 * is simply run again, as is one whose prepared statement was planned before another instance's migration
 * (query.ts). A database that cannot be reached becomes `StoreUnavailableError` (query.ts).
 */
import type pg from 'pg';
import { isConnectionFailure, isStalePlan, translatePgError } from './query.js';

/** SQLSTATEs after which running the whole transaction again is safe and likely to succeed. */
const retryable = new Set(['40P01', '40001']);
const attempts = 5;

function isRetryable(error: unknown): boolean {
  return retryable.has((error as { code?: string }).code ?? '') || isStalePlan(error);
}

/** Runs `work` in one transaction (READ COMMITTED), retried after a deadlock. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw translatePgError(error);
    }
    let failed: unknown;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      failed = error;
      await client.query('ROLLBACK').catch(() => {});
      if (attempt < attempts && isRetryable(error)) continue;
      throw translatePgError(error);
    } finally {
      // A connection that failed is discarded rather than handed to the next caller.
      client.release(isConnectionFailure(failed) ? (failed as Error) : undefined);
    }
  }
}

/** Runs one statement outside a transaction, again after a deadlock (it changed nothing then). */
export async function retryingDeadlocks<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt < attempts && isRetryable(error)) continue;
      throw translatePgError(error);
    }
  }
}
