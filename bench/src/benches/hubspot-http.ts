/**
 * The `_http` figures: the service reaching HubSpot over HTTP through its connector, against the HubSpot
 * emulator in a process of its own (see ../hubspot.ts).
 *
 * - `search_p99_ms_1m_http`: the search bench's three shapes through the service's search path for the
 *   `hubspot-sync` integration (route, installation, connector, one HubSpot search request each).
 * - `backfill_records_per_s_http`, `backfill_cpu_ms_per_1k_http`: a full-history backfill of every contact
 *   through the service's read engine (the connector's list pages), shaped with field and value mappings,
 *   signed and delivered to the verifying receiver of ./reads.ts; records/s from the create to the last
 *   record received, and the service's CPU per 1,000 records. The sandbox's in-process backfill of as many
 *   contacts runs after it in the same step, for comparison.
 */
import { searchLatencyInClient } from '../clients/client-process.js';
import { cpuMsOf } from '../cpu.js';
import { hubspotContent, hubspotIntegration, installHubSpotForAcme, startHubSpotWorld } from '../hubspot.js';
import { measureBackfill, post, startCountingReceiver } from './reads.js';
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
  const world = await startHubSpotWorld(contacts, { reads: false });
  try {
    const { emulator, service } = world;
    log(
      `  HubSpot emulator with ${contacts.toLocaleString('en')} contacts ready in ` +
        `${(emulator.ready.startMs / 1000).toFixed(1)} s, RSS ${emulator.rssMb().toFixed(0)} MB`,
    );
    await installHubSpotForAcme(service.ready);
    const result = await searchLatencyInClient(service.ready, contacts, {
      ...options,
      target: {
        integration: hubspotIntegration,
        emails: emulator.ready.emails,
        picklist: { fieldName: 'lifecyclestage', values: ['lead', 'customer', 'opportunity', 'subscriber'] },
        mapped: { fieldName: 'stage', values: ['new', 'working', 'won', 'lost'] },
      },
    });
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
      emulatorStartMs: Math.round(emulator.ready.startMs),
      emulatorRssMb: Math.round(emulatorRssMb),
      serviceRssMb: Math.round(serviceRssMb),
    };
  } finally {
    await world.dispose();
  }
}

export interface HttpBackfillResult {
  contacts: number;
  recordsPerS: number;
  /** The service's CPU time per 1,000 records delivered (user + system). */
  serviceCpuMsPer1k: number;
  emulatorCpuMsPer1k: number;
  servicePeakRssMb: number;
  emulatorPeakRssMb: number;
  messages: number;
  /** The sandbox's in-process backfill of as many contacts, measured after it (`measureBackfill`). */
  sandboxRecordsPerS: number | null;
}

export async function measureBackfillHttp(
  contacts: number,
  log: (line: string) => void,
): Promise<HttpBackfillResult> {
  const receiver = await startCountingReceiver();
  const world = await startHubSpotWorld(contacts, { reads: true });
  const { emulator, service } = world;
  log(
    `  HubSpot emulator with ${contacts.toLocaleString('en')} contacts ready in ` +
      `${(emulator.ready.startMs / 1000).toFixed(1)} s, RSS ${emulator.rssMb().toFixed(0)} MB`,
  );
  const peak = { service: 0, emulator: 0 };
  const sampler = setInterval(() => {
    try {
      peak.service = Math.max(peak.service, service.rssMb());
      peak.emulator = Math.max(peak.emulator, emulator.rssMb());
    } catch {
      // A child is gone; the loop below reports it.
    }
  }, 200);
  let result: Omit<HttpBackfillResult, 'sandboxRecordsPerS'>;
  try {
    const { url, apiKey } = service.ready;
    const destination = await post(`${url}/v1/projects/demo/destinations`, apiKey, {
      name: 'contactsWebhook',
      type: 'webhook',
      metadata: { url: receiver.url },
    });
    receiver.setSecret(destination.secrets.signingSecret);
    const cpuBefore = { service: cpuMsOf(service.pid), emulator: cpuMsOf(emulator.pid) };
    const started = performance.now();
    await post(
      `${url}/v1/projects/demo/integrations/${hubspotIntegration}/installations?skipSampling=true`,
      apiKey,
      { groupRef: 'acme', config: { content: hubspotContent('contactsWebhook', { fullHistory: true }) } },
    );
    let lastLog = performance.now();
    while (receiver.stats().records < contacts) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`  ${receiver.stats().records.toLocaleString('en')} records received`);
      }
      if (performance.now() - started > 20 * 60_000) throw new Error('the backfill took over 20 minutes');
    }
    const stats = receiver.stats();
    const perK = (before: number, pid: number) => ((cpuMsOf(pid) - before) / contacts) * 1000;
    result = {
      contacts,
      recordsPerS: Math.round(contacts / ((stats.lastAt - started) / 1000)),
      serviceCpuMsPer1k: Math.round(perK(cpuBefore.service, service.pid) * 10) / 10,
      emulatorCpuMsPer1k: Math.round(perK(cpuBefore.emulator, emulator.pid) * 10) / 10,
      servicePeakRssMb: Math.round(peak.service),
      emulatorPeakRssMb: Math.round(peak.emulator),
      messages: stats.messages,
    };
    if (stats.badSignatures > 0) throw new Error(`${stats.badSignatures} messages with a bad signature`);
    log(
      `  HubSpot over HTTP: ${contacts.toLocaleString('en')} records in ${stats.messages} messages, ` +
        `${result.recordsPerS} records/s, service CPU ${result.serviceCpuMsPer1k} ms per 1,000 records ` +
        `(emulator ${result.emulatorCpuMsPer1k} ms), peak RSS service ${result.servicePeakRssMb} MB, ` +
        `emulator ${result.emulatorPeakRssMb} MB`,
    );
  } finally {
    clearInterval(sampler);
    await world.dispose();
    await receiver.close();
  }
  log(`  the sandbox's in-process backfill of as many contacts, for comparison:`);
  const sandbox = await measureBackfill(contacts, log);
  return { ...result, sandboxRecordsPerS: sandbox.recordsPerS };
}
