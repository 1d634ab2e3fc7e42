/**
 * The API while backfills run: the service (its CLI: the API, and the worker in a child process), the BFF
 * and the HubSpot emulator each in a process of their own, as deployed, and a fixed request rate through the
 * BFF from this process (autocannon, paced). Searches and creates mixed: one request in ten a create for a
 * group of its own (seeded with a connection before the service starts), and each create's installation
 * starts a backfill. The reliability suite's load test (test/load.test.ts) asserts on what it answers;
 * `pnpm bench` reports its tail and shed share as `api_p99_ms_under_reads` and `api_shed_share`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IssuedTokens } from '@splice/provider-emulators';
import {
  defaultManifestPath,
  loadManifest,
  openDatabase,
  SqliteRepository,
  seedDemoData,
} from '@splice/service';
import type autocannon from 'autocannon';
import { connectDemoGroups, crmEnv, secretsOf, seedCrmGroups } from '../emulated-hubspot.js';
import { ms, percentile } from '../figures.js';
import { acmeInstallation } from '../fuzz/setup.js';
import { sleep } from '../pool.js';
import { serviceCredentials } from '../service-harness.js';
import { pacedLoad } from './paced-load.js';
import type { Child, Probe } from './processes.js';
import { startNode } from './processes.js';
import type { Stall } from './stalls.js';
import { overlapping, recordStalls } from './stalls.js';

const serviceDir = fileURLToPath(new URL('../../../packages/service/', import.meta.url));
const reliabilityDir = fileURLToPath(new URL('../../', import.meta.url));
const bffScript = fileURLToPath(new URL('./bff-server.ts', import.meta.url));
const crmScript = fileURLToPath(new URL('./crm-server.ts', import.meta.url));

/** One request in ten is a create. */
const createShare = 10;

/** Each of the two warm-ups (see `measureLoad`). */
const warmUpSeconds = 3;

/** The headers a browser on the builder's page sends with each request. */
export const browserHeaders = {
  Origin: 'http://app.test',
  'Sec-Fetch-Site': 'same-origin',
  'X-Requested-With': 'splice',
  'Content-Type': 'application/json',
};

export interface ApiLoadPlan {
  /** Requests per second, and for how long. */
  rate: number;
  seconds: number;
  /**
   * A long run: RSS is taken again at half-time, once the BFF's bounded stores have filled, as the baseline
   * of its growth.
   */
  deep?: boolean;
}

export interface ApiLoadResult {
  /** The figures in words, for a log line. */
  line: string;
  /** The same as numbers. */
  numbers: Record<string, unknown>;
  result: autocannon.Result;
  statuses: ReadonlyMap<number, number>;
  /** Creates answered 201, installations stored during the run, and creates sent. */
  answered201: number;
  created: number;
  createsSent: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  p99Ms: number;
  /** The share of requests the BFF shed with 503 (its in-flight cap). */
  shedShare: number;
  /** RSS growth in % from the baseline to the end. */
  rssGrowth: { bff: number; service: number };
}

export interface ApiUnderReads {
  /** A BFF of its own on the service, at most `maxInFlight` requests in flight. */
  startBff(maxInFlight: number): Promise<{ child: Child; url: string }>;
  /** Narrow searches, as the interface intends them: a contact by e-mail, by stage and country, deals. */
  searchBodies(): object[];
  /** The mixed load through a new BFF (in-flight cap 64), warmed up first; the BFF is stopped after. */
  measure(): Promise<ApiLoadResult>;
  close(): Promise<void>;
}

export async function startApiUnderReads(plan: ApiLoadPlan): Promise<ApiUnderReads> {
  const { rate, seconds } = plan;
  const createGroups = Math.ceil(((rate * (seconds + 2 * warmUpSeconds)) / createShare) * 1.2) + 100;
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-load-'));
  const children: Child[] = [];
  const close = async () => {
    await Promise.all(children.map((c) => c.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const grantsFile = join(dataDir, 'grants.json');
    // Acme's and Globex's grants, then one per create's group.
    const crmStarted = await startNode(crmScript, {
      cwd: reliabilityDir,
      env: { GRANTS: String(2 + createGroups), GRANTS_FILE: grantsFile },
      ready: /\{"url":"([^"]+)"\}/,
    });
    children.push(crmStarted.child);
    const crm = { url: crmStarted.match[1] as string };
    const grants = JSON.parse(readFileSync(grantsFile, 'utf8')) as IssuedTokens[];
    const issuer = {
      issueTokens: () => {
        const grant = grants.shift();
        if (!grant) throw new Error('the emulator issued fewer grants than are seeded');
        return grant;
      },
    };
    // Groups with HubSpot connections, written before the service starts, through the service's own
    // repository and sealed with the key it will use.
    const db = openDatabase(dataDir);
    const repo = new SqliteRepository(db);
    const secrets = secretsOf(dataDir);
    await seedDemoData(repo, loadManifest(defaultManifestPath));
    await connectDemoGroups(repo, issuer, secrets);
    await seedCrmGroups(repo, issuer, secrets, 'load', createGroups);
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
    const service = started.child;
    children.push(service);
    const serviceUrl = started.match[1] as string;
    const installed = await fetch(`${serviceUrl}/v1/projects/demo/integrations/hubspot-sync/installations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': serviceCredentials.apiKey },
      body: JSON.stringify(acmeInstallation),
    });
    if (installed.status !== 201) throw new Error(`installing acme: ${installed.status}`);
    // Real addresses to search for: the contacts of one stage.
    const found = await fetch(
      `${serviceUrl}/search/v1/projects/demo/integrations/hubspot-sync?groupRef=acme`,
      {
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
      },
    );
    const { results } = (await found.json()) as { results: Array<{ fields: { email?: string } }> };
    const emails = results.map((r) => r.fields.email).filter((e): e is string => typeof e === 'string');

    const startBff = async (maxInFlight: number) => {
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
    };
    const searchBodies = () => [
      ...(emails.length > 0 ? emails : ['nobody@example.com']).slice(0, 50).map((email) => ({
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
    const countCreated = (): number => {
      const db = openDatabase(dataDir);
      try {
        return db
          .prepare("SELECT COUNT(*) FROM installations WHERE group_ref LIKE 'load-%'")
          .pluck()
          .get() as number;
      } finally {
        db.close();
      }
    };
    const measure = () =>
      measureLoad({
        plan,
        startBff,
        bodies: searchBodies(),
        service,
        crm: crmStarted.child,
        countCreated,
        createGroups,
      });
    return { startBff, searchBodies, measure, close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function measureLoad(options: {
  plan: ApiLoadPlan;
  startBff: ApiUnderReads['startBff'];
  bodies: object[];
  service: Child;
  crm: Child;
  countCreated: () => number;
  createGroups: number;
}): Promise<ApiLoadResult> {
  const { rate, seconds, deep = false } = options.plan;
  const { service, crm, countCreated } = options;
  const { child: bff, url } = await options.startBff(64);
  let nextGroup = 0;
  let sent = 0;
  const bodies = options.bodies.map((body) => JSON.stringify(body));
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
    headers: { ...browserHeaders, Cookie: 'sid=acme' },
    body: bodies[0],
    setupRequest: (request: autocannon.Request) => {
      const n = sent++;
      if (n % createShare === createShare - 1) {
        if (nextGroup >= options.createGroups) throw new Error('more creates than seeded groups');
        const group = `load-${nextGroup++}`;
        request.path = '/integrations/hubspot-sync/installations?skipSampling=false';
        request.headers = { ...browserHeaders, Cookie: `sid=${group}`, 'Idempotency-Key': group };
        request.body = createBody;
      } else {
        request.path = '/integrations/hubspot-sync/search';
        request.headers = { ...browserHeaders, Cookie: 'sid=acme' };
        request.body = bodies[n % bodies.length];
      }
      return request;
    },
  };
  const statuses = new Map<number, number>();
  const searchTimes: number[] = [];
  const createTimes: number[] = [];
  const warmUp = () => pacedLoad({ url, rate, seconds: warmUpSeconds, lanes: 30, requests: [mixed] });
  // Warm up with the measured mix (connections, prepared statements, JIT; backfills running).
  await warmUp();
  // RSS is read after a full GC in the process (what is kept, not where the collector happened to be).
  // A forced full GC costs a server more than its pause: for the next two to four seconds under this load
  // its answers were slow (p99 over 200 ms, against about 50 ms before it), so a short run takes its
  // baseline before a second warm-up, not inside the timed window. A deep run takes it early (10 % into
  // the run) and again at half-time, once the BFF's bounded stores have filled (the idempotency replay
  // cache keeps 10,000 answers: about 5.5 minutes of creates at 30/s): growth up to then is that cache
  // filling to its bound; growth after it is a leak. Those two collections fall inside a deep run's window.
  const earlyAfterMs = Math.max(10_000, seconds * 100);
  const baselineAfterMs = seconds * 500;
  // Event-loop delay is counted from here (the probe restarts each process's histogram): the second
  // warm-up and the run. Stalls are counted in the run alone.
  const [bffBefore, serviceBefore] = await Promise.all([bff.probe(), service.probe()]);
  const before = { bff: bffBefore.rss, service: serviceBefore.rss };
  await warmUp();
  // The warm-up's last creates land before the run's count starts.
  await sleep(1_000);
  const runStart = Date.now();
  const groupsBefore = nextGroup;
  let rssEarly: { bff: number; service: number } | undefined = deep ? undefined : before;
  let rssStart: { bff: number; service: number } | undefined = deep ? undefined : before;
  const loop = { bff: { max: 0, p99: 0 }, service: { max: 0, p99: 0 } };
  const stalls: Record<'bff' | 'service', Stall[]> = { bff: [], service: [] };
  const own = recordStalls();
  const note = (name: 'bff' | 'service', probe: Probe) => {
    loop[name].max = Math.max(loop[name].max, probe.loopMaxMs);
    loop[name].p99 = Math.max(loop[name].p99, probe.loopP99Ms);
    stalls[name].push(...probe.stalls.filter((stall) => stall.at >= runStart));
  };
  const probeAt = (afterMs: number, keep: (rss: { bff: number; service: number }) => void) =>
    setTimeout(() => {
      void Promise.all([bff.probe(), service.probe()]).then(([b, s]) => {
        note('bff', b);
        note('service', s);
        keep({ bff: b.rss, service: s.rss });
      });
    }, afterMs);
  const probes = deep
    ? [probeAt(earlyAfterMs, (rss) => (rssEarly = rss)), probeAt(baselineAfterMs, (rss) => (rssStart = rss))]
    : [];
  const rssPeak = { bff: bff.rss(), service: service.rss() };
  const sampler = setInterval(() => {
    rssPeak.bff = Math.max(rssPeak.bff, bff.rss());
    rssPeak.service = Math.max(rssPeak.service, service.rss());
  }, 1_000);
  const createdBefore = countCreated();
  const cpuStart = {
    bff: bff.cpuSeconds(),
    service: service.cpuSeconds(),
    worker: service.childrenCpuSeconds(),
    crm: crm.cpuSeconds(),
    self: process.cpuUsage(),
  };
  // Answer times by second of the run, to tell a transient from a steady tail.
  const bySecond: number[][] = [];
  const started = performance.now();
  const { result, seconds: elapsed } = await pacedLoad({
    url,
    rate,
    seconds,
    lanes: 30,
    requests: [mixed],
    onResponse: (statusCode, responseTime) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      (statusCode === 201 ? createTimes : searchTimes).push(responseTime);
      const second = Math.floor((performance.now() - started) / 1_000);
      const times = bySecond[second] ?? [];
      times.push(responseTime);
      bySecond[second] = times;
    },
  });
  clearInterval(sampler);
  for (const probe of probes) clearTimeout(probe);
  const cpu = {
    bff: (bff.cpuSeconds() - cpuStart.bff) / elapsed,
    service: (service.cpuSeconds() - cpuStart.service) / elapsed,
    worker: (service.childrenCpuSeconds() - cpuStart.worker) / elapsed,
    crm: (crm.cpuSeconds() - cpuStart.crm) / elapsed,
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
  await bff.stop();
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
  const p99BySecond = bySecond.map((times) =>
    percentile(
      times.sort((a, b) => a - b),
      99,
    ),
  );
  const worstSecond = p99BySecond.indexOf(Math.max(...p99BySecond));
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  const shed = statuses.get(503) ?? 0;
  const line = `${result.requests.total} requests in ${elapsed.toFixed(1)} s at ${Math.round(result.requests.total / elapsed)} req/s (target ${rate}; ${answered201} creates answered 201, ${created} installations stored), ${errors} errors (${result.errors} connection, ${result.timeouts} timeouts, ${result.non2xx} non-2xx); latency p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)} (search p99 ${ms(percentile(searchTimes, 99))}, create p99 ${ms(percentile(createTimes, 99))}; worst second's p99 ${ms(p99BySecond[worstSecond] ?? 0)} at ${worstSecond} s, ${p99BySecond.filter((p) => p > 100).length} of ${p99BySecond.length} seconds over 100 ms); RSS after GC ${deep ? `at ${Math.round(earlyAfterMs / 1000)} s, ${Math.round(baselineAfterMs / 1000)} s` : 'before the second warm-up'} and the end: BFF ${mb(rssEarly.bff)}${deep ? ` -> ${mb(rssStart.bff)}` : ''} -> ${mb(rssEnd.bff)} (${growth(rssEnd.bff, rssStart.bff).toFixed(1)} %${deep ? ' since half-time' : ''}, peak ${mb(rssPeak.bff)}), service ${mb(rssEarly.service)}${deep ? ` -> ${mb(rssStart.service)}` : ''} -> ${mb(rssEnd.service)} (${growth(rssEnd.service, rssStart.service).toFixed(1)} %); event-loop delay max (second warm-up and run) BFF ${ms(loop.bff.max)}, service ${ms(loop.service.max)}; stalls over 100 ms: ${stallLine}, generator ${own.stalls.length}; CPU BFF ${Math.round(cpu.bff * 100)} %, service API ${Math.round(cpu.service * 100)} %, its worker ${Math.round(cpu.worker * 100)} %, HubSpot emulator ${Math.round(cpu.crm * 100)} %, autocannon ${Math.round(cpu.generator * 100)} % of a core; statuses: ${[...statuses.entries()].map(([s, k]) => `${k}×${s}`).join(', ')}`;
  return {
    line,
    numbers: {
      requests: result.requests.total,
      rate: result.requests.total / elapsed,
      creates: answered201,
      created,
      errors,
      shed,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      p99BySecond,
      rssGrowthBff: growth(rssEnd.bff, rssStart.bff),
      rssGrowthBffFromEarly: growth(rssEnd.bff, rssEarly.bff),
      rssGrowthService: growth(rssEnd.service, rssStart.service),
      cpu,
      loop,
      stalls: { service: stalls.service.length, bff: stalls.bff.length, generator: own.stalls.length },
    },
    result,
    statuses,
    answered201,
    created,
    createsSent: nextGroup - groupsBefore,
    errors,
    p99Ms: result.latency.p99,
    shedShare: result.requests.total > 0 ? shed / result.requests.total : 0,
    rssGrowth: { bff: growth(rssEnd.bff, rssStart.bff), service: growth(rssEnd.service, rssStart.service) },
  };
}
