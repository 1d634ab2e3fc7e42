/**
 * Brings a PostgreSQL database's schema up to date with the migration ledger (`../migrations.ts`).
 *
 * `schema_migrations` records each applied entry by its ledger version. Everything runs in one transaction
 * that first takes a transaction-level advisory lock: several instances starting at once queue on the lock,
 * and each one after the first finds the versions already recorded and applies nothing. DDL is
 * transactional in PostgreSQL, so a crash mid-way leaves the old schema.
 */
import { StoreUnavailableError } from '../errors.js';
import { migrations } from '../migrations.js';
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

export async function migratePostgres(pool: PgPool): Promise<MigrateResult> {
  try {
    return await migrateOn(pool);
  } catch (error) {
    throw isConnectionFailure(error)
      ? new StoreUnavailableError('the database cannot be reached to migrate it', { cause: error })
      : error;
  }
}

async function migrateOn(pool: PgPool): Promise<MigrateResult> {
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
    const latest = migrations.at(-1)?.version ?? 0;
    if (current > latest) {
      // A newer build migrated this database; running older code on it could silently misread rows.
      throw new Error(`database schema version ${current} is newer than this build knows (${latest})`);
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      if (migration.postgres.trim()) await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return { version: latest, applied };
  } catch (error) {
    failed = error;
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    // A connection that failed is discarded rather than handed to the next caller.
    client.release(isConnectionFailure(failed) ? (failed as Error) : undefined);
  }
}
