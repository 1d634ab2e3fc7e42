/**
 * Read benchmarks: how fast an installation reads HubSpot and delivers, and how punctually schedules start.
 * The service reads the HubSpot emulator (its own process, rate limit lifted) over HTTP through its
 * connector (../hubspot.ts):
 *
 * - `backfill_records_per_s_http`, `backfill_cpu_ms_per_1k_http`, `backfill_rss_mb`: a full-history
 *   backfill of every contact with the demo's recommended HubSpot config (every property, `stage` from
 *   `hs_lead_status` with value mappings, `priority` from `hubspotscore`): the connector's list pages,
 *   shaped, signed and delivered to a receiver in this process (the BFF's `createWebhookReceiver`, as a
 *   builder mounts it) that verifies every message's signature and counts distinct record ids. Records/s
 *   from the installation's create to the last record received; the service's CPU time per 1,000 records
 *   (the emulator's beside it); RSS is the service process's peak VmRSS, sampled every 200 ms.
 * - `scheduler_lateness_p99_ms`: installations on a one-minute schedule (created in the store before the
 *   service starts, each group connected with a grant of its own); at the first minute boundary after all
 *   are planned every one of them starts a read (one HubSpot search each); lateness is each read's start
 *   (its operation's creation) minus its cron time, p99 over all; a read missing after 50 s makes it
 *   infinite. How long after the minute the reads finished is printed too.
 * - `backfill_event_loop_max_ms`: the service's longest event-loop stall during the backfill.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createWebhookReceiver } from '@splice/bff/webhooks';
import { recommendedCrmContent } from '@splice/service/demo-fixtures';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { cpuMsOf } from '../cpu.js';
import { hubspotIntegration, startHubSpotWorld } from '../hubspot.js';

export interface ReadsResult {
  schedulerLatenessP50Ms: number;
  schedulerLatenessP99Ms: number;
  scheduledInstallations: number;
  scheduledReadsStarted: number;
}

export async function post(url: string, apiKey: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * The receiver a builder mounts: `@splice/bff/webhooks`' `createWebhookReceiver` on Hono's Node server. It
 * verifies every signature (WebCrypto HMAC, deciding as the `standardwebhooks` library does), validates the
 * message, deduplicates by message id and hands it to `onMessage`, which keeps only the set of record ids.
 * The secret is known once the destination exists, so the handler is made then.
 */
export async function startCountingReceiver() {
  let handler: ((c: Context) => Promise<Response>) | undefined;
  const ids = new Set<number>();
  let messages = 0;
  let badSignatures = 0;
  let lastAt = 0;
  const app = new Hono().post('/hook', async (c) => {
    const response = await handler!(c);
    if (response.status === 401) badSignatures++;
    return response;
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    setSecret: (secret: string) => {
      handler = createWebhookReceiver({
        secret,
        onMessage: (message) => {
          for (const entry of message.result ?? []) ids.add(Number(entry.id));
          messages++;
          lastAt = performance.now();
        },
      });
    },
    stats: () => ({ records: ids.size, messages, badSignatures, lastAt }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]! : 0;

export interface BackfillResult {
  contacts: number;
  recordsPerS: number;
  /** The service's CPU time per 1,000 records delivered (user + system). */
  serviceCpuMsPer1k: number;
  emulatorCpuMsPer1k: number;
  /** Peak VmRSS of the service and of the emulator, sampled every 200 ms. */
  rssMb: number;
  emulatorRssMb: number;
  messages: number;
  /** The service's longest event-loop stall while the backfill ran (monitorEventLoopDelay max). */
  eventLoopMaxMs: number;
}

/**
 * A full-history backfill of the `contacts` contacts of the HubSpot emulator, timed from the installation's
 * create to the last record; with `databaseUrl` the service keeps its data in that PostgreSQL database.
 */
export async function measureBackfill(
  contacts: number,
  log: (line: string) => void,
  databaseUrl?: string,
): Promise<BackfillResult> {
  const receiver = await startCountingReceiver();
  const world = await startHubSpotWorld(contacts, { reads: true, ...(databaseUrl ? { databaseUrl } : {}) });
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
      {
        groupRef: 'acme',
        config: {
          content: recommendedCrmContent(
            'hubspot',
            { defaultPeriod: { fullHistory: true } },
            'contactsWebhook',
          ),
        },
      },
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
    const perK = (before: number, pid: number) =>
      Math.round(((cpuMsOf(pid) - before) / contacts) * 10_000) / 10;
    const serviceCpuMsPer1k = perK(cpuBefore.service, service.pid);
    const emulatorCpuMsPer1k = perK(cpuBefore.emulator, emulator.pid);
    const loop = await service.message('event-loop');
    if (stats.badSignatures > 0) throw new Error(`${stats.badSignatures} messages with a bad signature`);
    const result: BackfillResult = {
      contacts,
      recordsPerS: Math.round(contacts / ((stats.lastAt - started) / 1000)),
      serviceCpuMsPer1k,
      emulatorCpuMsPer1k,
      rssMb: Math.round(peak.service),
      emulatorRssMb: Math.round(peak.emulator),
      messages: stats.messages,
      eventLoopMaxMs: Math.round(Number(loop.maxMs)),
    };
    log(
      `  backfill from HubSpot over HTTP: ${contacts.toLocaleString('en')} records in ${stats.messages} messages, ` +
        `${result.recordsPerS} records/s, service CPU ${serviceCpuMsPer1k} ms per 1,000 records ` +
        `(emulator ${emulatorCpuMsPer1k} ms), peak RSS service ${result.rssMb} MB, emulator ` +
        `${result.emulatorRssMb} MB, event-loop delay p99 ${Number(loop.p99Ms).toFixed(0)} ms, ` +
        `longest stall ${result.eventLoopMaxMs} ms`,
    );
    return result;
  } finally {
    clearInterval(sampler);
    await world.dispose();
    await receiver.close();
  }
}

export interface SchedulerResult {
  p50Ms: number;
  p99Ms: number;
  started: number;
}

/** Installations on a one-minute schedule: each read's start minus its cron time. */
export async function measureScheduler(
  scheduled: number,
  log: (line: string) => void,
): Promise<SchedulerResult> {
  const options = { scheduled };
  const world = await startHubSpotWorld(1_000, { reads: true, extraGroups: scheduled, scheduled });
  const scheduler = world.service;
  let lateMs: number[] = [];
  let finishedMs: number[] = [];
  try {
    log(`  ${options.scheduled} installations on "* * * * *": waiting for the first minute after planning`);
    const message = await scheduler.message('lateness');
    lateMs = (message.lateMs as number[]).sort((a, b) => a - b);
    finishedMs = (message.finishedMs as number[]).sort((a, b) => a - b);
  } finally {
    await world.dispose();
  }
  const p50 = percentile(lateMs, 0.5);
  const p99 = percentile(lateMs, 0.99);
  log(
    `  scheduler: ${lateMs.length}/${options.scheduled} reads started, lateness p50 ${p50} ms, p99 ${p99} ms; ` +
      `${finishedMs.length} finished, p99 ${percentile(finishedMs, 0.99)} ms after their minute`,
  );
  return {
    p50Ms: p50,
    p99Ms: lateMs.length < options.scheduled ? Number.POSITIVE_INFINITY : p99,
    started: lateMs.length,
  };
}

export async function measureReads(
  options: { scheduled: number },
  log: (line: string) => void,
): Promise<ReadsResult> {
  const scheduler = await measureScheduler(options.scheduled, log);
  return {
    schedulerLatenessP50Ms: scheduler.p50Ms,
    schedulerLatenessP99Ms: scheduler.p99Ms,
    scheduledInstallations: options.scheduled,
    scheduledReadsStarted: scheduler.started,
  };
}
