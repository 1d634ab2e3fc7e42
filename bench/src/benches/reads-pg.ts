/**
 * `backfill_records_per_s_pg`: the `backfill_records_per_s_http` measurement (./reads.ts, `measureBackfill`)
 * with the service on PostgreSQL: the same HubSpot emulator, child, installation and verifying receiver, with `SPLICE_DATABASE_URL` naming a fresh database on an embedded PostgreSQL 18 started here.
 * The server's durability is off (see @splice/testing-postgres), as SQLite's read connection commits
 * without an fsync: both figures leave the disk out. One instance; `backfill_scaling_3x` covers several.
 */
import { startPostgres } from '@splice/testing-postgres';
import { type BackfillResult, measureBackfill } from './reads.js';

export async function measureBackfillOnPostgres(
  contacts: number,
  log: (line: string) => void,
): Promise<BackfillResult> {
  const server = await startPostgres();
  try {
    const url = await server.createDatabase('bench_backfill');
    log(`  PostgreSQL on 127.0.0.1:${server.port}`);
    return await measureBackfill(contacts, log, url);
  } finally {
    await server.stop();
  }
}
