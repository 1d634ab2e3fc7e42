import { round } from './stats.js';

/** Which benchmark produces a figure. */
export function benchOf(
  key: FigureKey | DerivedKey,
):
  | 'bundle'
  | 'ui'
  | 'search'
  | 'throughput'
  | 'create'
  | 'reads'
  | 'pg'
  | 'scaling'
  | 'http'
  | 'writes'
  | 'refresh'
  | 'limits'
  | 'api' {
  if (key === 'backfill_scaling_3x') return 'scaling';
  if (key.startsWith('refresh_')) return 'refresh';
  if (key.startsWith('rate_') || key.startsWith('interactive_')) return 'limits';
  if (key.startsWith('api_')) return 'api';
  if (key.startsWith('write_')) return 'writes';
  if (key.endsWith('_http')) return 'http';
  if (key.endsWith('_pg')) return 'pg';
  if (key.startsWith('backfill_') || key.startsWith('scheduler_')) return 'reads';
  if (key.startsWith('bff_') || key === 'direct_search_rps') return 'throughput';
  if (key.startsWith('search_') || key === 'service_rss_mb_1m') return 'search';
  if (key.startsWith('create_')) return 'create';
  if (key.startsWith('ui_')) return 'ui';
  return 'bundle';
}

/**
 * What each component (and all of them on one page) adds to a host page's JS, gzipped: a Vite production
 * build of a page per component (bench/host-pages) less the same page without Splice.
 */
export const hostBundleKeys = [
  'bundle_host_backfill_picker_gzip_bytes',
  'bundle_host_connect_button_gzip_bytes',
  'bundle_host_installation_wizard_gzip_bytes',
  'bundle_host_invite_form_gzip_bytes',
  'bundle_host_search_box_gzip_bytes',
  'bundle_host_splice_error_boundary_gzip_bytes',
  'bundle_host_splice_provider_gzip_bytes',
  'bundle_host_sync_status_gzip_bytes',
  'bundle_host_uninstall_button_gzip_bytes',
] as const;
export type HostBundleKey = (typeof hostBundleKeys)[number];

/** The figures every full run reports, in the table's order (the goals below name some of them). */
export const figureKeys = [
  'bff_search_rps',
  'direct_search_rps',
  'bff_throughput_ratio',
  'bff_added_p50_ms',
  'bff_added_p99_ms',
  'search_p99_ms_10k',
  'service_rss_mb_1m',
  'create_installations_per_s',
  'search_p99_ms_1m_pg',
  'create_installations_per_s_pg',
  'ui_mapping_mount_ms',
  'ui_filter_keystroke_p95_ms',
  'ui_heap_mb',
  'react_js_gzip_bytes',
  'react_css_gzip_bytes',
  'peer_js_gzip_bytes',
  'bundle_ratio',
  ...hostBundleKeys,
  'bundle_host_all_gzip_bytes',
  'bundle_host_peer_gzip_bytes',
  'bundle_host_ratio',
  'backfill_rss_mb',
  'scheduler_lateness_p99_ms',
] as const;
export type FigureKey = (typeof figureKeys)[number];

/**
 * Figures beyond the table's keys: the 1M/10k search p99 ratio (a goal of its own: search stays flat), and the
 * latency the BFF adds with one request at a time (its own cost, without the queueing that dominates
 * at 32 connections), and the service's longest event-loop stall during the backfill (requests wait that
 * long at most). No goal of their own.
 */
export type DerivedKey =
  | 'search_p99_ratio_1m_10k'
  | 'bff_added_p50_ms_saturated'
  | 'bff_added_p99_ms_saturated'
  | 'bff_added_p50_ms_sequential'
  | 'bff_added_p99_ms_sequential'
  /** The BFF process's CPU time per proxied search during the open-loop runs: its cost on any machine load. */
  | 'bff_cpu_ms_per_request'
  /**
   * What a bare proxy (servers/hop-child.ts: one route, no checks) adds to direct's p99 in the same
   * open-loop runs: the tail one more Node HTTP hop costs on this machine, the floor under
   * `bff_added_p99_ms`.
   */
  | 'bff_hop_added_p99_ms'
  /** The BFF's p99 minus the bare proxy's in the same runs: what the BFF's own work adds to the tail. */
  | 'bff_added_p99_ms_over_hop'
  | 'backfill_event_loop_max_ms'
  /** `backfill_records_per_s_http` with the service on PostgreSQL. */
  | 'backfill_records_per_s_pg'
  /** Records/s of three instances on one PostgreSQL over one's: how far more machines help; reported. */
  | 'backfill_scaling_3x'
  /** Search at 1M contacts, `hubspot-sync` through the connector to the HubSpot emulator over HTTP. */
  | 'search_p50_ms_1m_http'
  | 'search_p99_ms_1m_http'
  /** A backfill read from the HubSpot emulator over HTTP through the connector, shaped, signed, delivered. */
  | 'backfill_records_per_s_http'
  /** The service's CPU time (user + system) per 1,000 records of that backfill: its cost on any load. */
  | 'backfill_cpu_ms_per_1k_http'
  /** Synchronous single-contact creates through the service to the HubSpot emulator, one at a time. */
  | 'write_single_p50_ms'
  | 'write_single_p99_ms'
  /** The same creates sent straight to the emulator: the provider's own share of each write. */
  | 'write_single_emulator_p50_ms'
  | 'write_single_emulator_p99_ms'
  /** Synchronous 100-contact batch creates through the service, four at a time: records written per second. */
  | 'write_batch_records_per_s'
  /** Three instances, one connection, 20-s access tokens: refresh-token reuses the provider saw. */
  | 'refresh_conflicts'
  /** The same run: reads (searches) that failed, for a token or anything else. */
  | 'refresh_failed_reads'
  /** 20 accounts each limited to 100 requests per 10 s, all backfilling: requests served / their limits. */
  | 'rate_limit_utilization'
  /** The same run: the provider's 429s over all its answers. */
  | 'rate_limited_share'
  /** Search p99 for one account with nothing else on it, then while its own backfill uses its limit. */
  | 'interactive_p99_ms_idle'
  | 'interactive_p99_ms_under_backfill'
  /** Their ratio: a user's search does not wait behind a backfill. */
  | 'interactive_p99_ratio_under_backfill'
  /** The same search while all 20 accounts backfill, and its ratio to idle: the machine's cores are shared. */
  | 'interactive_p99_ms_under_fleet_backfill'
  | 'interactive_p99_ratio_under_fleet_backfill'
  /** 300 requests/s of searches and creates through the BFF, each create starting a backfill: p99. */
  | 'api_p99_ms_under_reads'
  /** The same run: the share of requests the BFF shed with 503 (too many in flight). */
  | 'api_shed_share';
export type Figures = Record<FigureKey | DerivedKey, number | null>;

export interface Goal {
  key: FigureKey | DerivedKey;
  op: '<=' | '>=';
  target: number;
  why: string;
}

export const goals: Goal[] = [
  { key: 'bff_throughput_ratio', op: '>=', target: 0.5, why: 'the BFF costs no more CPU than the service' },
  { key: 'bff_added_p50_ms', op: '<=', target: 1, why: 'latency the BFF adds, median' },
  { key: 'bff_added_p99_ms', op: '<=', target: 5, why: 'latency the BFF adds, tail' },
  { key: 'search_p99_ratio_1m_10k', op: '<=', target: 2, why: 'search is flat (indexed)' },
  { key: 'service_rss_mb_1m', op: '<=', target: 400, why: 'the service fits beside other work' },
  { key: 'create_installations_per_s', op: '>=', target: 300, why: 'durable creates under load' },
  {
    key: 'search_p99_ms_1m_pg',
    op: '<=',
    target: 10,
    why: 'search stays fast with the service on PostgreSQL',
  },
  { key: 'create_installations_per_s_pg', op: '>=', target: 300, why: 'creates on PostgreSQL under load' },
  { key: 'ui_mapping_mount_ms', op: '<=', target: 200, why: 'the big mapping step opens quickly' },
  { key: 'ui_filter_keystroke_p95_ms', op: '<=', target: 50, why: 'filtering as you type stays fluid' },
  { key: 'ui_heap_mb', op: '<=', target: 60, why: 'the wizard is light on memory' },
  {
    key: 'bundle_host_all_gzip_bytes',
    op: '<=',
    target: 50 * 1024,
    why: "every component costs a host's page at most 50 KB of JS",
  },
  { key: 'bundle_host_ratio', op: '<=', target: 0.35, why: 'smaller than the nearest peer' },
  {
    key: 'backfill_records_per_s_pg',
    op: '>=',
    target: 20_000,
    why: 'a backfill stays quick with the service on PostgreSQL',
  },
  {
    key: 'search_p99_ms_1m_http',
    op: '<=',
    target: 15,
    why: 'search stays fast through the HubSpot connector on a big account',
  },
  {
    key: 'backfill_records_per_s_http',
    op: '>=',
    target: 10_000,
    why: 'a backfill from HubSpot over HTTP is quick',
  },
  { key: 'backfill_rss_mb', op: '<=', target: 400, why: 'a backfill does not hold records in memory' },
  {
    key: 'write_batch_records_per_s',
    op: '>=',
    target: 5_000,
    why: 'batch writes to HubSpot are quick (rate limit lifted)',
  },
  { key: 'scheduler_lateness_p99_ms', op: '<=', target: 1_000, why: 'schedules start on time at scale' },
  {
    key: 'refresh_conflicts',
    op: '<=',
    target: 0,
    why: 'instances never refresh one token at once (a reuse revokes the grant)',
  },
  { key: 'refresh_failed_reads', op: '<=', target: 0, why: 'no read fails for a token' },
  {
    key: 'rate_limit_utilization',
    op: '>=',
    target: 0.9,
    why: "backfills use their customers' provider budgets fully",
  },
  { key: 'rate_limited_share', op: '<=', target: 0.01, why: 'and never hammer into 429s' },
  {
    key: 'interactive_p99_ratio_under_backfill',
    op: '<=',
    target: 2,
    why: "a search does not queue behind its own account's backfill",
  },
  { key: 'api_p99_ms_under_reads', op: '<=', target: 100, why: 'reads and deliveries never slow the API' },
  { key: 'api_shed_share', op: '<=', target: 0, why: 'and never make it shed requests' },
];

export interface GoalResult {
  goal: string;
  value: number | null;
  met: boolean;
  /** The machine's cores when the figure was taken: every figure here depends on them. */
  cores: number;
}

export function judge(figures: Figures, cores: number): Record<string, GoalResult> {
  const out: Record<string, GoalResult> = {};
  for (const goal of goals) {
    const value = figures[goal.key];
    const met =
      value !== null &&
      Number.isFinite(value) &&
      (goal.op === '<=' ? value <= goal.target : value >= goal.target);
    out[goal.key] = { goal: `${goal.op} ${goal.target}`, value, met, cores };
  }
  return out;
}

const units: Partial<Record<FigureKey | DerivedKey, string>> = {
  bff_search_rps: 'req/s',
  direct_search_rps: 'req/s',
  bff_added_p50_ms: 'ms',
  bff_added_p99_ms: 'ms',
  bff_added_p50_ms_saturated: 'ms',
  bff_added_p99_ms_saturated: 'ms',
  bff_added_p50_ms_sequential: 'ms',
  bff_added_p99_ms_sequential: 'ms',
  bff_cpu_ms_per_request: 'ms',
  bff_hop_added_p99_ms: 'ms',
  bff_added_p99_ms_over_hop: 'ms',
  search_p99_ms_10k: 'ms',
  search_p50_ms_1m_http: 'ms',
  service_rss_mb_1m: 'MB',
  create_installations_per_s: '/s',
  search_p99_ms_1m_pg: 'ms',
  search_p99_ms_1m_http: 'ms',
  backfill_records_per_s_http: '/s',
  backfill_cpu_ms_per_1k_http: 'ms',
  create_installations_per_s_pg: '/s',
  ui_mapping_mount_ms: 'ms',
  ui_filter_keystroke_p95_ms: 'ms',
  ui_heap_mb: 'MB',
  react_js_gzip_bytes: 'B',
  react_css_gzip_bytes: 'B',
  peer_js_gzip_bytes: 'B',
  ...Object.fromEntries(hostBundleKeys.map((key) => [key, 'B'])),
  bundle_host_all_gzip_bytes: 'B',
  bundle_host_peer_gzip_bytes: 'B',
  write_single_p50_ms: 'ms',
  write_single_p99_ms: 'ms',
  write_single_emulator_p50_ms: 'ms',
  write_single_emulator_p99_ms: 'ms',
  write_batch_records_per_s: '/s',
  refresh_conflicts: '',
  refresh_failed_reads: '',
  interactive_p99_ms_idle: 'ms',
  interactive_p99_ms_under_backfill: 'ms',
  interactive_p99_ms_under_fleet_backfill: 'ms',
  api_p99_ms_under_reads: 'ms',
};

/** The table printed at the end of a run: key, value, goal, met. */
export function formatTable(
  figures: Figures,
  judged: Record<string, GoalResult>,
  wasRun: (key: FigureKey | DerivedKey) => boolean,
  cores: number,
): string {
  const rows: string[][] = [['key', 'value', 'goal', 'met', 'cores']];
  const keys: Array<FigureKey | DerivedKey> = [...figureKeys];
  keys.splice(keys.indexOf('search_p99_ms_10k'), 0, 'search_p50_ms_1m_http', 'search_p99_ms_1m_http');
  keys.splice(keys.indexOf('search_p99_ms_10k') + 1, 0, 'search_p99_ratio_1m_10k');
  keys.splice(
    keys.indexOf('bff_added_p99_ms') + 1,
    0,
    'bff_added_p50_ms_saturated',
    'bff_added_p99_ms_saturated',
    'bff_added_p50_ms_sequential',
    'bff_added_p99_ms_sequential',
    'bff_cpu_ms_per_request',
    'bff_hop_added_p99_ms',
    'bff_added_p99_ms_over_hop',
  );
  keys.splice(
    keys.indexOf('backfill_rss_mb'),
    0,
    'backfill_records_per_s_http',
    'backfill_cpu_ms_per_1k_http',
    'backfill_records_per_s_pg',
  );
  keys.push('backfill_scaling_3x');
  keys.push(
    'write_single_p50_ms',
    'write_single_p99_ms',
    'write_single_emulator_p50_ms',
    'write_single_emulator_p99_ms',
    'write_batch_records_per_s',
  );
  keys.push('refresh_conflicts', 'refresh_failed_reads');
  keys.push(
    'rate_limit_utilization',
    'rate_limited_share',
    'interactive_p99_ms_idle',
    'interactive_p99_ms_under_backfill',
    'interactive_p99_ratio_under_backfill',
    'interactive_p99_ms_under_fleet_backfill',
    'interactive_p99_ratio_under_fleet_backfill',
    'api_p99_ms_under_reads',
    'api_shed_share',
  );
  for (const key of keys) {
    const value = figures[key];
    const judgedGoal = judged[key];
    rows.push([
      key,
      value === null
        ? wasRun(key)
          ? 'n/a (crashed)'
          : 'not run'
        : `${round(value)}${units[key] ? ` ${units[key]}` : ''}`,
      judgedGoal?.goal ?? '',
      judgedGoal && value !== null ? (judgedGoal.met ? 'yes' : 'NO') : '',
      value === null ? '' : String(cores),
    ]);
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 1 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
