/**
 * `search_p99_ms_1m_http`: the search bench's three shapes (./search-latency.ts) at the large size, through
 * the service's search path for `hubspot-sync` (route, installation, connector, one HubSpot search request
 * each) against the HubSpot emulator in a process of its own (see ../hubspot.ts), with the emulator's
 * start-up time and both processes' RSS.
 */
import { searchLatencyInClient } from '../clients/client-process.js';
import { installForAcme, startBenchService } from '../service.js';
import type { SearchLatencyResult } from './search-latency.js';

export interface HttpSearchResult extends SearchLatencyResult {
  emulatorStartMs: number;
  /** The emulator's RSS once the searches ran (its indexes built). */
  emulatorRssMb: number;
  serviceRssMb: number;
}

export async function measureSearchHttp(
  contacts: number,
  options: { runs: number; requestsPerQuery: number; warmupRequests: number },
  log: (line: string) => void,
): Promise<HttpSearchResult> {
  const service = await startBenchService(contacts);
  try {
    const { emulator } = service;
    log(
      `  HubSpot emulator with ${contacts.toLocaleString('en')} contacts ready in ` +
        `${(Number(emulator.ready.startMs) / 1000).toFixed(1)} s, RSS ${emulator.rssMb().toFixed(0)} MB; ` +
        `the service in ${(service.ready.startMs / 1000).toFixed(1)} s`,
    );
    await installForAcme(service.ready);
    const result = await searchLatencyInClient(service.ready, contacts, options);
    const emulatorRssMb = emulator.rssMb();
    const serviceRssMb = service.rssMb();
    log(
      `  p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms; ` +
        Object.entries(result.shapes)
          .map(([name, shape]) => `${name} p99 ${shape.p99Ms.toFixed(2)} ms`)
          .join(', ') +
        `; emulator RSS ${emulatorRssMb.toFixed(0)} MB, service RSS ${serviceRssMb.toFixed(0)} MB`,
    );
    return {
      ...result,
      emulatorStartMs: Math.round(Number(emulator.ready.startMs)),
      emulatorRssMb: Math.round(emulatorRssMb),
      serviceRssMb: Math.round(serviceRssMb),
    };
  } finally {
    await service.dispose();
  }
}
