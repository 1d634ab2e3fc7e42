/**
 * Load through the BFF: the embedded service and the BFF each in their own process (as deployed), the
 * load generator (autocannon) in this one. A fixed 300 requests/s for 30 s (10 min deep), searches and
 * creates mixed (every create for a group of its own, seeded with a connection before the service
 * starts): 0 errors, p99 <= 100 ms, and (deep) RSS growth <= 20 %. Then a second BFF with a small
 * in-flight cap, pushed far above it: only 503 + Retry-After beyond the cap, never a 500.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import {
  defaultManifestPath,
  loadManifest,
  openDatabase,
  SqliteRepository,
  seedDemoData,
} from '@splice/service';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDemoGroups, crmEnv, secretsOf, seedCrmGroups, startCrm } from '../src/emulated-hubspot.js';
import { figures, ms, percentile } from '../src/figures.js';
import { acmeInstallation } from '../src/fuzz/setup.js';
import { pacedLoad } from '../src/load/paced-load.js';
import type { Child, Probe } from '../src/load/processes.js';
import { startNode } from '../src/load/processes.js';
import type { Stall } from '../src/load/stalls.js';
import { overlapping, recordStalls } from '../src/load/stalls.js';
import { serviceCredentials } from '../src/service-harness.js';
import { deep, sizes } from '../src/size.js';

const serviceDir = fileURLToPath(new URL('../../packages/service/', import.meta.url));
const reliabilityDir = fileURLToPath(new URL('../', import.meta.url));
const bffScript = fileURLToPath(new URL('../src/load/bff-server.ts', import.meta.url));

const rate = sizes.loadRate;
const seconds = sizes.loadSeconds;
/** One request in ten is a create. */
const createShare = 10;
const createGroups = Math.ceil(((rate * seconds) / createShare) * 1.2) + 100;

let dataDir: string;
let crm: RunningHubSpotEmulator;
let service: Child;
let serviceUrl: string;
const children: Child[] = [];

async function startBff(maxInFlight: number): Promise<{ child: Child; url: string }> {
  const { child, match } = await startNode(bffScript, {
    cwd: reliabilityDir,
    env: {
      SPLICE_BASE_URL: `${serviceUrl}/v1`,
      SPLICE_SEARCH_URL: `${serviceUrl}/search/v1`,
      SPLICE_API_KEY: serviceCredentials.apiKey,
      SPLICE_AUTH_TOKEN: serviceCredentials.authToken,
      MAX_IN_FLIGHT: String(maxInFlight),
    },
    ready: /\{"url":"([^"]+)"\}/,
  });
  children.push(child);
  return { child, url: match[1] as string };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'splice-load-'));
  crm = await startCrm();
  // Groups with HubSpot connections, written before the service starts, through the service's own
  // repository and sealed with the key it will use.
  const db = openDatabase(dataDir);
  const repo = new SqliteRepository(db);
  const secrets = secretsOf(dataDir);
  await seedDemoData(repo, loadManifest(defaultManifestPath));
  await connectDemoGroups(repo, crm, secrets);
  await seedCrmGroups(repo, crm, secrets, 'load', createGroups);
  db.close();
  const started = await startNode(join(serviceDir, 'src/cli.ts'), {
    cwd: serviceDir,
    env: {
      PORT: '0',
      SPLICE_DATA_DIR: dataDir,
      SPLICE_API_KEY: serviceCredentials.apiKey,
      SPLICE_AUTH_TOKEN: serviceCredentials.authToken,
      ...crmEnv(crm),
    },
    ready: /\{base_url\}\s+(http:\/\/[^\s]+)\/v1/,
  });
  service = started.child;
  children.push(service);
  serviceUrl = started.match[1] as string;
  const installed = await fetch(`${serviceUrl}/v1/projects/demo/integrations/hubspot-sync/installations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': serviceCredentials.apiKey },
    body: JSON.stringify(acmeInstallation),
  });
  if (installed.status !== 201) throw new Error(`installing acme: ${installed.status}`);
  // Real addresses to search for: the contacts of one stage.
  const found = await fetch(`${serviceUrl}/search/v1/projects/demo/integrations/hubspot-sync?groupRef=acme`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': serviceCredentials.apiKey,
      'x-svc-request-type': 'search',
    },
    body: JSON.stringify({
      objectName: 'contacts',
      fieldFilters: [{ fieldName: 'stage', operator: 'eq', value: 'won' }],
    }),
  });
  const { results } = (await found.json()) as { results: Array<{ fields: { email?: string } }> };
  emails = results.map((r) => r.fields.email).filter((e): e is string => typeof e === 'string');
});
afterAll(async () => {
  await Promise.all(children.map((c) => c.stop()));
  await crm?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const browser = {
  Origin: 'http://app.test',
  'Sec-Fetch-Site': 'same-origin',
  'X-Requested-With': 'splice',
  'Content-Type': 'application/json',
};

/** Narrow searches, as the interface intends them (docs/service-interface.md#limits): a contact by e-mail, by mapped stage and country, deals by stage and amount. */
let emails: string[] = ['nobody@example.com'];
const searchBodies = () => [
  ...emails.slice(0, 50).map((email) => ({
    objectName: 'contacts',
    fieldFilters: [{ fieldName: 'email', operator: 'eq', value: email }],
  })),
  {
    objectName: 'contacts',
    fieldFilters: [
      { fieldName: 'surname', operator: 'eq', value: 'Smith' },
      { fieldName: 'country', operator: 'eq', value: 'DE' },
    ],
  },
  {
    objectName: 'deals',
    fieldFilters: [
      { fieldName: 'dealStage', operator: 'eq', value: 'closedwon' },
      { fieldName: 'amount', operator: 'eq', value: 1000 },
    ],
  },
];

function countCreated(): number {
  const db = openDatabase(dataDir);
  try {
    return db
      .prepare("SELECT COUNT(*) FROM installations WHERE group_ref LIKE 'load-%'")
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}

describe('load through the BFF', () => {
  it(`${rate} requests/s for ${seconds} s, searches and creates mixed: only documented answers, every 201 stored`, async () => {
    const { child: bff, url } = await startBff(64);
    let nextGroup = 0;
    let sent = 0;
    const bodies = searchBodies().map((body) => JSON.stringify(body));
    const createBody = JSON.stringify({
      config: {
        content: {
          provider: 'hubspot',
          read: {
            objects: {
              contacts: { objectName: 'contacts', selectedFields: { email: true, hubspotscore: true } },
            },
          },
        },
      },
    });
    // One request shape, decided as it is sent: every tenth a create (a group of its own), the others
    // searches in turn, so creates are spread evenly over the run.
    const mixed: autocannon.Request = {
      method: 'POST',
      path: '/integrations/hubspot-sync/search',
      headers: { ...browser, Cookie: 'sid=acme' },
      body: bodies[0],
      setupRequest: (request: autocannon.Request) => {
        const n = sent++;
        if (n % createShare === createShare - 1) {
          const group = `load-${nextGroup++}`;
          request.path = '/integrations/hubspot-sync/installations?skipSampling=false';
          request.headers = { ...browser, Cookie: `sid=${group}`, 'Idempotency-Key': group };
          request.body = createBody;
        } else {
          request.path = '/integrations/hubspot-sync/search';
          request.headers = { ...browser, Cookie: 'sid=acme' };
          request.body = bodies[n % bodies.length];
        }
        return request;
      },
    };
    const searchOnly: autocannon.Request = {
      method: 'POST',
      path: '/integrations/hubspot-sync/search',
      headers: { ...browser, Cookie: 'sid=acme' },
      body: bodies[0],
    };
    const statuses = new Map<number, number>();
    const searchTimes: number[] = [];
    const createTimes: number[] = [];
    // Warm up (connections, prepared statements, JIT) for 3 s, then measure.
    await pacedLoad({ url, rate, seconds: 3, lanes: 30, requests: [searchOnly] });
    // RSS is read after a full GC in the process (what is kept, not where the collector happened to be):
    // early (10 % into the run, at least 10 s), and, on a deep run, again at half-time, once the BFF's
    // bounded stores have filled (the idempotency replay cache keeps 10,000 answers: about 5.5 minutes of
    // creates at 30/s). Growth up to then is that cache filling to its bound; growth after it is a leak.
    const earlyAfterMs = Math.max(10_000, seconds * 100);
    const baselineAfterMs = deep ? seconds * 500 : earlyAfterMs;
    let rssEarly: { bff: number; service: number } | undefined;
    let rssStart: { bff: number; service: number } | undefined;
    // Event-loop delay is counted from here (the probe restarts each process's histogram).
    await Promise.all([bff.probe(), service.probe()]);
    const loop = { bff: { max: 0, p99: 0 }, service: { max: 0, p99: 0 } };
    const stalls: Record<'bff' | 'service', Stall[]> = { bff: [], service: [] };
    const own = recordStalls();
    const note = (name: 'bff' | 'service', probe: Probe) => {
      loop[name].max = Math.max(loop[name].max, probe.loopMaxMs);
      loop[name].p99 = Math.max(loop[name].p99, probe.loopP99Ms);
      stalls[name].push(...probe.stalls);
    };
    const probeAt = (afterMs: number, keep: (rss: { bff: number; service: number }) => void) =>
      setTimeout(() => {
        void Promise.all([bff.probe(), service.probe()]).then(([b, s]) => {
          note('bff', b);
          note('service', s);
          keep({ bff: b.rss, service: s.rss });
        });
      }, afterMs);
    const probes = [
      probeAt(earlyAfterMs, (rss) => {
        rssEarly = rss;
        if (!deep) rssStart = rss;
      }),
      ...(deep ? [probeAt(baselineAfterMs, (rss) => (rssStart = rss))] : []),
    ];
    const rssPeak = { bff: bff.rss(), service: service.rss() };
    const sampler = setInterval(() => {
      rssPeak.bff = Math.max(rssPeak.bff, bff.rss());
      rssPeak.service = Math.max(rssPeak.service, service.rss());
    }, 1_000);
    const createdBefore = countCreated();
    const cpuStart = { bff: bff.cpuSeconds(), service: service.cpuSeconds(), self: process.cpuUsage() };
    const { result, seconds: elapsed } = await pacedLoad({
      url,
      rate,
      seconds,
      lanes: 30,
      requests: [mixed],
      onResponse: (statusCode, responseTime) => {
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
        (statusCode === 201 ? createTimes : searchTimes).push(responseTime);
      },
    });
    clearInterval(sampler);
    for (const probe of probes) clearTimeout(probe);
    const cpu = {
      bff: (bff.cpuSeconds() - cpuStart.bff) / elapsed,
      service: (service.cpuSeconds() - cpuStart.service) / elapsed,
      generator: (() => {
        const used = process.cpuUsage(cpuStart.self);
        return (used.user + used.system) / 1e6 / elapsed;
      })(),
    };
    // Creates still in flight when the generator stopped finish on the server: let them land.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [bffEnd, serviceEnd] = [await bff.probe(), await service.probe()];
    note('bff', bffEnd);
    note('service', serviceEnd);
    const rssEnd = { bff: bffEnd.rss, service: serviceEnd.rss };
    own.stop();
    // Stalls over 100 ms, and how many of the servers' stalls the load generator had at the same time
    // (then the machine stalled, not the server).
    const stallLine = (['service', 'bff'] as const)
      .map((name) => {
        const list = stalls[name];
        if (list.length === 0) return `${name} 0`;
        return `${name} ${list.length} (max ${ms(Math.max(...list.map((s) => s.ms)))}, ${overlapping(list, own.stalls)} while the generator stalled too)`;
      })
      .join(', ');
    rssStart ??= rssEnd;
    rssEarly ??= rssStart;
    const created = countCreated() - createdBefore;
    const answered201 = statuses.get(201) ?? 0;
    const growth = (end: number, start: number) => ((end - start) / start) * 100;
    const errors = result.errors + result.timeouts + result.non2xx;
    searchTimes.sort((a, b) => a - b);
    createTimes.sort((a, b) => a - b);
    const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
    figures(
      'load',
      `${result.requests.total} requests in ${elapsed.toFixed(1)} s at ${Math.round(result.requests.total / elapsed)} req/s (target ${rate}; ${answered201} creates answered 201, ${created} installations stored), ${errors} errors (${result.errors} connection, ${result.timeouts} timeouts, ${result.non2xx} non-2xx); latency p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)} (search p99 ${ms(percentile(searchTimes, 99))}, create p99 ${ms(percentile(createTimes, 99))}); RSS after GC at ${Math.round(earlyAfterMs / 1000)} s${deep ? `, ${Math.round(baselineAfterMs / 1000)} s` : ''} and the end: BFF ${mb(rssEarly.bff)}${deep ? ` -> ${mb(rssStart.bff)}` : ''} -> ${mb(rssEnd.bff)} (${growth(rssEnd.bff, rssStart.bff).toFixed(1)} %${deep ? ' since half-time' : ''}, peak ${mb(rssPeak.bff)}), service ${mb(rssEarly.service)}${deep ? ` -> ${mb(rssStart.service)}` : ''} -> ${mb(rssEnd.service)} (${growth(rssEnd.service, rssStart.service).toFixed(1)} %); event-loop delay max BFF ${ms(loop.bff.max)}, service ${ms(loop.service.max)}; stalls over 100 ms: ${stallLine}, generator ${own.stalls.length}; CPU BFF ${Math.round(cpu.bff * 100)} %, service ${Math.round(cpu.service * 100)} %, autocannon ${Math.round(cpu.generator * 100)} % of a core; statuses: ${[...statuses.entries()].map(([s, k]) => `${k}×${s}`).join(', ')}`,
      {
        requests: result.requests.total,
        rate: result.requests.total / elapsed,
        creates: answered201,
        created,
        errors,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        rssGrowthBff: growth(rssEnd.bff, rssStart.bff),
        rssGrowthBffFromEarly: growth(rssEnd.bff, rssEarly.bff),
        rssGrowthService: growth(rssEnd.service, rssStart.service),
        cpu,
        loop,
        stalls: { service: stalls.service.length, bff: stalls.bff.length, generator: own.stalls.length },
      },
    );
    // Latency and the share of 503s are figures (goal: 0 errors, p99 <= 100 ms), printed above and in
    // `pnpm bench`, not asserted: on two shared cores they measure the machine as much as the code. What is
    // asserted is behaviour: no dropped connection or timeout, and nothing but 2xx or the documented
    // back-pressure answer (503 with Retry-After, checked one by one in the over-cap test below).
    console.log(
      `[load] goals 0 errors, p99 <= 100 ms, ${rate * seconds * 0.95} requests sent: ${errors === 0 && result.latency.p99 <= 100 && result.requests.total >= rate * seconds * 0.95 ? 'met' : 'missed'}`,
    );
    expect(result.errors + result.timeouts, 'connection errors and timeouts').toBe(0);
    const undocumented = [...statuses.keys()].filter((status) => status >= 300 && status !== 503);
    expect(undocumented, `statuses: ${JSON.stringify([...statuses])}`).toEqual([]);
    // Every 201 stored its installation; creates cut off by the end of the run may have landed too.
    expect(created, 'installations stored vs 201 answers').toBeGreaterThanOrEqual(answered201);
    expect(created, 'installations stored vs creates sent').toBeLessThanOrEqual(nextGroup);
    if (deep) {
      expect(growth(rssEnd.bff, rssStart.bff), 'BFF RSS growth (%)').toBeLessThanOrEqual(20);
      expect(growth(rssEnd.service, rssStart.service), 'service RSS growth (%)').toBeLessThanOrEqual(20);
    }
    await bff.stop();
  });

  it('beyond the in-flight cap: only 503 with Retry-After, never 500', async () => {
    const cap = 4;
    const { child: bff, url } = await startBff(cap);
    const statuses = new Map<number, number>();
    let withoutRetryAfter = 0;
    const result = await autocannon({
      url,
      connections: 64,
      duration: deep ? 30 : 5,
      timeout: 10,
      requests: [
        {
          method: 'POST',
          path: '/integrations/hubspot-sync/search',
          headers: { ...browser, Cookie: 'sid=acme' },
          body: JSON.stringify(searchBodies()[0]),
          onResponse: (
            status: number,
            _body: string,
            _context: unknown,
            headers?: Record<string, string | string[]>,
          ) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 503 && !headers?.['retry-after'] && !headers?.['Retry-After']) withoutRetryAfter++;
          },
        },
      ],
    } as autocannon.Options);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const busy = statuses.get(503) ?? 0;
    const others = [...statuses.entries()].filter(([s]) => s !== 200 && s !== 503);
    figures(
      'load:over-cap',
      `${total} requests from 64 connections against maxInFlight ${cap} (${Math.round(result.requests.average)} req/s): ${statuses.get(200) ?? 0}×200, ${busy}×503 (${withoutRetryAfter} without Retry-After), ${others.reduce((n, [, k]) => n + k, 0)} other (${others.map(([s, k]) => `${k}×${s}`).join(', ') || 'none'}), ${result.errors} connection errors; p99 ${ms(result.latency.p99)}`,
      {
        total,
        ok: statuses.get(200) ?? 0,
        busy,
        withoutRetryAfter,
        others: others.length,
        errors: result.errors,
      },
    );
    expect(busy, 'the cap was reached').toBeGreaterThan(0);
    expect(withoutRetryAfter).toBe(0);
    expect(others, 'statuses other than 200 and 503').toEqual([]);
    expect(result.errors).toBe(0);
    await bff.stop();
  });
});
