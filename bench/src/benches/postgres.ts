import { startPostgres } from '@splice/testing-postgres';
import type { BenchPlan } from '../options.js';
import type { BenchService } from '../service.js';
import { installForAcme, startBenchService } from '../service.js';
import { measureCreateInstallations } from './create-installations.js';
import { measureSearchLatency } from './search-latency.js';

export interface PostgresResult {
  searchP50Ms: number;
  searchP99Ms: number;
  createPerSecond: number;
}

/**
 * The large search and the concurrent creates again, with the service's data in PostgreSQL (an embedded
 * PostgreSQL 18 on this machine, so it shares the cores with the service and the load). Search reads the
 * HubSpot emulator over HTTP either way, so beside `search_p99_ms_1m_http` the search figure shows what the
 * installation and connection lookups on PostgreSQL add; the create figure shows its write path.
 */
export async function measurePostgres(plan: BenchPlan, log: (line: string) => void): Promise<PostgresResult> {
  const server = await startPostgres();
  try {
    let service: BenchService | undefined;
    let search: Awaited<ReturnType<typeof measureSearchLatency>>;
    try {
      service = await startBenchService(plan.search.largeContacts, 0, await server.createDatabase('search'));
      log(`  service on PostgreSQL seeded and ready in ${(service.ready.startMs / 1000).toFixed(1)} s`);
      await installForAcme(service.ready);
      search = await measureSearchLatency(service.ready, plan.search.largeContacts, plan.search);
      log(`  search p50 ${search.p50Ms.toFixed(2)} ms, p99 ${search.p99Ms.toFixed(2)} ms`);
    } finally {
      await service?.dispose();
    }
    const create = await measureCreateInstallations(
      { ...plan.create, databaseUrl: await server.createDatabase('create') },
      log,
    );
    return { searchP50Ms: search.p50Ms, searchP99Ms: search.p99Ms, createPerSecond: create.perSecond };
  } finally {
    await server.stop();
  }
}
