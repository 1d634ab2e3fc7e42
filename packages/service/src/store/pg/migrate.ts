/**
 * Brings a PostgreSQL database's schema up to date with `pgMigrations`.
 *
 * `schema_migrations` records each applied entry (its 1-based version). Everything runs in one transaction
 * that first takes a transaction-level advisory lock: several instances starting at once queue on the lock,
 * and each one after the first finds the versions already recorded and applies nothing. DDL is
 * transactional in PostgreSQL, so a crash mid-way leaves the old schema.
 */
import { StoreUnavailableError } from '../errors.js';
import { pgMigrations } from './migrations.js';
import type { PgPool } from './pool.js';
import { isConnectionFailure } from './query.js';

/** Any fixed 64-bit key names the lock; this one is Splice's, distinct from the BFF's (`hashtext(...)`). */
const lockKey = 'splice_service_migrate';

export interface MigrateResult {
  /** The schema version after the run. */
  version: number;
  /** Versions this call applied (empty when another instance, or an earlier start, had). */
  applied: number[];
}

export async function migratePostgres(
  pool: PgPool,
  migrations: readonly string[] = pgMigrations,
): Promise<MigrateResult> {
  try {
    return await migrateOn(pool, migrations);
  } catch (error) {
    throw isConnectionFailure(error)
      ? new StoreUnavailableError('the database cannot be reached to migrate it', { cause: error })
      : error;
  }
}

async function migrateOn(pool: PgPool, migrations: readonly string[]): Promise<MigrateResult> {
  const client = await pool.connect();
  let failed: unknown;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version      integer PRIMARY KEY,
      applied_time timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM schema_migrations',
    );
    const current = rows[0]?.version ?? 0;
    if (current > migrations.length) {
      // A newer build migrated this database; running older code on it could silently misread rows.
      throw new Error(
        `database schema version ${current} is newer than this build knows (${migrations.length})`,
      );
    }
    const applied: number[] = [];
    for (let index = current; index < migrations.length; index++) {
      await client.query(migrations[index]!);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [index + 1]);
      applied.push(index + 1);
    }
    await client.query('COMMIT');
    return { version: migrations.length, applied };
  } catch (error) {
    failed = error;
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection that failed is discarded rather than handed to the next caller.
    client.release(isConnectionFailure(failed) ? (failed as Error) : undefined);
  }
}
