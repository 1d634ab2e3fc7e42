/**
 * Read benchmarks: how fast installations read and deliver, and how punctually their schedules start:
 *
 * - `backfill_records_per_s`, `backfill_rss_mb`: a full-history backfill of every contact, with field and
 *   value mappings, delivered to a receiver in this process (the BFF's `createWebhookReceiver`, as a builder
 *   mounts it) that verifies every message's signature and counts distinct record ids. Records/s from the installation's create to
 *   the last record received; RSS is the service process's peak VmRSS, sampled every 200 ms.
 * - `scheduler_lateness_p99_ms`: installations on a one-minute schedule (created in the store before the
 *   service starts); at the first minute boundary after all are planned every one of them starts a read;
 *   lateness is each read's start (its operation's creation) minus its cron time, p99 over all; a read
 *   missing after 50 s makes it infinite. How long after the minute the reads finished is printed too.
 * - `backfill_event_loop_max_ms`: the service's longest event-loop stall during the backfill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createWebhookReceiver } from '@splice/bff/webhooks';
import { recommendedContent } from '@splice/service/demo-fixtures';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { startChild } from '../children.js';

const childScript = new URL('../servers/reads-child.ts', import.meta.url);

/** The recommended installation with deals (`enabled: always`) paused, so only contacts are measured. */
function quietDeals(content: ReturnType<typeof recommendedContent>) {
  return {
    ...content,
    read: { objects: { ...content.read.objects, deals: { objectName: 'deals', disabled: true } } },
  };
}

export interface ReadsResult {
  backfillRecordsPerS: number;
  backfillRssMb: number;
  backfillEventLoopMaxMs: number;
  backfillContacts: number;
  backfillMessages: number;
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
  recordsPerS: number;
  rssMb: number;
  messages: number;
  /** The service's longest event-loop stall while the backfill ran (monitorEventLoopDelay max). */
  eventLoopMaxMs: number;
}

/** A full-history backfill of `contacts` contacts, timed from the installation's create to the last record. */
export async function measureBackfill(
  contacts: number,
  log: (line: string) => void,
  /** More environment for the service child (./reads-pg.ts: `SPLICE_DATABASE_URL`). */
  env: Record<string, string> = {},
): Promise<BackfillResult> {
  const options = { contacts };
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-bench-reads-'));
  const receiver = await startCountingReceiver();
  const service = await startChild(
    childScript,
    { ...env, BENCH_DATA_DIR: dataDir, BENCH_CONTACTS: String(options.contacts) },
    600_000,
  );
  let peakRss = 0;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, service.rssMb());
    } catch {
      // The child is gone; the loop below reports it.
    }
  }, 200);
  let backfillRecordsPerS = 0;
  let eventLoopMaxMs = 0;
  let eventLoopP99Ms = 0;
  let stats = receiver.stats();
  try {
    const { url, apiKey } = service.ready as unknown as { url: string; apiKey: string };
    const destination = await post(`${url}/v1/projects/demo/destinations`, apiKey, {
      name: 'contactsWebhook',
      type: 'webhook',
      metadata: { url: receiver.url },
    });
    receiver.setSecret(destination.secrets.signingSecret);
    const started = performance.now();
    await post(`${url}/v1/projects/demo/integrations/crm-sync/installations?skipSampling=true`, apiKey, {
      groupRef: 'acme',
      config: {
        content: quietDeals(recommendedContent({ defaultPeriod: { fullHistory: true } }, 'contactsWebhook')),
      },
    });
    let lastLog = performance.now();
    while (receiver.stats().records < options.contacts) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(`  ${receiver.stats().records.toLocaleString('en')} records received`);
      }
      if (performance.now() - started > 20 * 60_000) throw new Error('the backfill took over 20 minutes');
    }
    stats = receiver.stats();
    backfillRecordsPerS = options.contacts / ((stats.lastAt - started) / 1000);
    const loop = await service.message('event-loop');
    eventLoopMaxMs = Number(loop.maxMs);
    eventLoopP99Ms = Number(loop.p99Ms);
    if (stats.badSignatures > 0) throw new Error(`${stats.badSignatures} messages with a bad signature`);
    log(
      `  backfill: ${options.contacts.toLocaleString('en')} records in ${stats.messages} messages, ` +
        `${Math.round(backfillRecordsPerS)} records/s, peak RSS ${peakRss.toFixed(0)} MB, ` +
        `event-loop delay p99 ${eventLoopP99Ms.toFixed(0)} ms, longest stall ${eventLoopMaxMs.toFixed(0)} ms`,
    );
  } finally {
    clearInterval(sampler);
    await service.stop();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    recordsPerS: Math.round(backfillRecordsPerS),
    rssMb: Math.round(peakRss),
    messages: stats.messages,
    eventLoopMaxMs: Math.round(eventLoopMaxMs),
  };
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
  const schedDir = mkdtempSync(join(tmpdir(), 'splice-bench-sched-'));
  const scheduler = await startChild(
    childScript,
    { BENCH_DATA_DIR: schedDir, BENCH_CONTACTS: '1000', BENCH_SCHEDULED: String(options.scheduled) },
    600_000,
  );
  let lateMs: number[] = [];
  let finishedMs: number[] = [];
  try {
    log(`  ${options.scheduled} installations on "* * * * *": waiting for the first minute after planning`);
    const message = await scheduler.message('lateness');
    lateMs = (message.lateMs as number[]).sort((a, b) => a - b);
    finishedMs = (message.finishedMs as number[]).sort((a, b) => a - b);
  } finally {
    await scheduler.stop();
    rmSync(schedDir, { recursive: true, force: true });
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
  options: { contacts: number; scheduled: number },
  log: (line: string) => void,
): Promise<ReadsResult> {
  const backfill = await measureBackfill(options.contacts, log);
  const scheduler = await measureScheduler(options.scheduled, log);
  return {
    backfillRecordsPerS: backfill.recordsPerS,
    backfillRssMb: backfill.rssMb,
    backfillEventLoopMaxMs: backfill.eventLoopMaxMs,
    backfillContacts: options.contacts,
    backfillMessages: backfill.messages,
    schedulerLatenessP50Ms: scheduler.p50Ms,
    schedulerLatenessP99Ms: scheduler.p99Ms,
    scheduledInstallations: options.scheduled,
    scheduledReadsStarted: scheduler.started,
  };
}
