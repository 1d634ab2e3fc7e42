/** What one run of the bench measures, and how much: `--quick` (under 3 minutes) or full (under 15). */
export type Mode = 'quick' | 'full';

export interface BenchPlan {
  mode: Mode;
  /** Runs per benchmark; every figure is the median over them. */
  runs: number;
  throughput: {
    connections: number;
    durationS: number;
    warmupS: number;
    runs: number;
    /** Contacts in the service the throughput runs search. */
    contacts: number;
    /** Requests per side and run of the one-at-a-time comparison (the BFF's own latency, no queueing). */
    sequentialRequests: number;
  };
  search: {
    smallContacts: number;
    /** The "1m" size: 1,000,000 in a full run, smaller in --quick (recorded in results.json). */
    largeContacts: number;
    runs: number;
    /** Sequential requests per query shape and run (three shapes). */
    requestsPerQuery: number;
    warmupRequests: number;
  };
  create: {
    installationsPerRun: number;
    concurrency: number;
    runs: number;
    contacts: number;
  };
  /** Installations on a one-minute schedule (the backfill's contacts are `http.backfillContacts`). */
  reads: { scheduled: number };
  /** Figures on PostgreSQL: contacts of `backfill_records_per_s_pg`. */
  pg: { backfillContacts: number };
  /**
   * Contacts in the HubSpot emulator the large search runs against (the `_1m_http` figures), and contacts
   * the backfill reads from it (`backfill_records_per_s_http`, `backfill_rss_mb`).
   */
  http: { searchContacts: number; backfillContacts: number };
  /** `backfill_scaling_3x`: installations backfilling all of `contacts` each, on one and on three instances. */
  scaling: { contacts: number; installations: number };
  ui: {
    fields: number;
    mappingEntries: number;
    runs: number;
    /** The text typed key by key into "Filter fields", then deleted key by key. */
    query: string;
  };
  /** Writes through the service to the HubSpot emulator (see benches/writes.ts). */
  writes: { runs: number; singles: number; batches: number; concurrency: number };
  /** `refresh_conflicts`: searches over three instances sharing one connection with 20-s tokens. */
  refresh: { durationS: number; readsPerS: number };
  /**
   * Provider rate limits (benches/rate-limits.ts): accounts backfilling, seconds measured, searches per p99
   * (at least 100, so that the p99 is not simply the slowest search).
   */
  limits: { accounts: number; measureS: number; searches: number };
  /**
   * The API under reads (benches/api-under-reads.ts): requests per second through the BFF, seconds, and
   * runs, each on a new service.
   */
  api: { rate: number; seconds: number; runs: number };
  /** Benchmarks to run (all by default); `--only=ui,bundle` runs a subset while developing. */
  only: Set<BenchName> | undefined;
}

export const benchNames = [
  'bundle',
  'ui',
  'search',
  'throughput',
  'create',
  'reads',
  'pg',
  'scaling',
  'http',
  'writes',
  'refresh',
  'limits',
  'api',
] as const;
export type BenchName = (typeof benchNames)[number];

export function parseArgs(argv: readonly string[]): BenchPlan {
  let mode: Mode = 'full';
  let only: Set<BenchName> | undefined;
  let runs: number | undefined;
  for (const arg of argv) {
    if (arg === '--quick') mode = 'quick';
    else if (arg === '--full') mode = 'full';
    else if (arg.startsWith('--only=')) {
      const names = arg.slice('--only='.length).split(',');
      for (const name of names) {
        if (!(benchNames as readonly string[]).includes(name)) {
          throw new Error(`Unknown benchmark "${name}": use ${benchNames.join(', ')}.`);
        }
      }
      only = new Set(names as BenchName[]);
    } else if (arg.startsWith('--runs=')) {
      runs = Number(arg.slice('--runs='.length));
      if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a whole number >= 1.');
    } else if (arg === '--help' || arg === '-h') {
      console.log(
        'pnpm bench [--quick] [--runs=N] [--only=bundle,ui,search,throughput,create,reads,pg,scaling,http,writes,refresh,limits,api]\n' +
          '  --quick   smaller data and shorter runs (under 3 minutes); every key is still written',
      );
      process.exit(0);
    } else if (arg !== '--') throw new Error(`Unknown argument "${arg}" (try --help).`);
  }
  const quick = mode === 'quick';
  const n = runs ?? (quick ? 3 : 5);
  return {
    mode,
    runs: n,
    throughput: {
      connections: 32,
      durationS: quick ? 5 : 10,
      warmupS: quick ? 2 : 3,
      runs: n,
      contacts: 10_000,
      sequentialRequests: quick ? 300 : 1_000,
    },
    search: {
      smallContacts: 10_000,
      largeContacts: quick ? 200_000 : 1_000_000,
      runs: n,
      requestsPerQuery: quick ? 300 : 1_000,
      warmupRequests: quick ? 300 : 500,
    },
    create: { installationsPerRun: quick ? 500 : 1_000, concurrency: 32, runs: n, contacts: 5_000 },
    reads: { scheduled: 10_000 },
    // BENCH_PG_CONTACTS shrinks it for a check of the bench itself.
    pg: { backfillContacts: Number(process.env.BENCH_PG_CONTACTS) || (quick ? 100_000 : 1_000_000) },
    scaling: { contacts: quick ? 5_000 : 50_000, installations: 6 },
    http: {
      searchContacts: quick ? 200_000 : 1_000_000,
      backfillContacts: quick ? 100_000 : 1_000_000,
    },
    ui: { fields: 2_000, mappingEntries: 300, runs: n, query: 'revenue stage 13' },
    writes: { runs: n, singles: quick ? 300 : 1_000, batches: quick ? 30 : 100, concurrency: 4 },
    // BENCH_REFRESH_SECONDS shortens it for a check of the bench itself.
    refresh: { durationS: Number(process.env.BENCH_REFRESH_SECONDS) || (quick ? 60 : 600), readsPerS: 10 },
    limits: { accounts: 20, measureS: quick ? 60 : 120, searches: quick ? 100 : 200 },
    api: { rate: 300, seconds: 30, runs: n },
    only,
  };
}
