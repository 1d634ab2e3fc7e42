/**
 * `api_p99_ms_under_reads` and `api_shed_share`: the reliability suite's load (@splice/reliability's
 * api-under-reads: the service, the BFF and the HubSpot emulator each in a process of their own, 300
 * requests/s of searches and creates through the BFF, each create starting a backfill) as figures: the
 * p99 of every answer, and the share the BFF shed with 503 because too many were in flight.
 *
 * Like the bench's other figures, the p99 is the median over runs; each run starts from a new service, so
 * no run inherits the previous one's backfills. The shed share counts every run's requests.
 */
import { startApiUnderReads } from '@splice/reliability/api-under-reads';
import { median } from '../stats.js';

export interface ApiUnderReadsOptions {
  rate: number;
  seconds: number;
  runs: number;
}

export interface ApiUnderReadsRun {
  p99Ms: number;
  requests: number;
  shed: number;
  /** Answers other than 2xx and the BFF's 503 (goal: none; the reliability suite asserts it). */
  otherErrors: number;
  line: string;
}

export interface ApiUnderReadsResult {
  p99Ms: number;
  shedShare: number;
  requests: number;
  otherErrors: number;
  runs: ApiUnderReadsRun[];
}

export async function measureApiUnderReads(
  options: ApiUnderReadsOptions,
  log: (line: string) => void,
): Promise<ApiUnderReadsResult> {
  const runs: ApiUnderReadsRun[] = [];
  for (let i = 0; i < options.runs; i++) runs.push(await measureOnce(options, log));
  const sum = (pick: (run: ApiUnderReadsRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const requests = sum((run) => run.requests);
  log(`  p99 by run: ${runs.map((run) => `${run.p99Ms} ms`).join(', ')}`);
  return {
    p99Ms: median(runs.map((run) => run.p99Ms)),
    shedShare: requests > 0 ? sum((run) => run.shed) / requests : 0,
    requests,
    otherErrors: sum((run) => run.otherErrors),
    runs,
  };
}

async function measureOnce(
  options: ApiUnderReadsOptions,
  log: (line: string) => void,
): Promise<ApiUnderReadsRun> {
  const scenario = await startApiUnderReads(options);
  try {
    const run = await scenario.measure();
    log(`  ${run.line}`);
    const shed = run.statuses.get(503) ?? 0;
    return {
      p99Ms: run.p99Ms,
      requests: run.result.requests.total,
      shed,
      otherErrors: run.errors - shed,
      line: run.line,
    };
  } finally {
    await scenario.close();
  }
}
