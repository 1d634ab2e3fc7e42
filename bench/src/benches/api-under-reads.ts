/**
 * `api_p99_ms_under_reads` and `api_shed_share`: the reliability suite's load (@splice/reliability's
 * api-under-reads: the service, the BFF and the HubSpot emulator each in a process of their own, 300
 * requests/s of searches and creates through the BFF, each create starting a backfill) as figures: the
 * p99 of every answer, and the share the BFF shed with 503 because too many were in flight.
 */
import { startApiUnderReads } from '@splice/reliability/api-under-reads';

export interface ApiUnderReadsOptions {
  rate: number;
  seconds: number;
}

export interface ApiUnderReadsResult {
  p99Ms: number;
  shedShare: number;
  requests: number;
  /** Answers other than 2xx and the BFF's 503 (goal: none; the reliability suite asserts it). */
  otherErrors: number;
  line: string;
}

export async function measureApiUnderReads(
  options: ApiUnderReadsOptions,
  log: (line: string) => void,
): Promise<ApiUnderReadsResult> {
  const scenario = await startApiUnderReads(options);
  try {
    const run = await scenario.measure();
    log(`  ${run.line}`);
    const shed = run.statuses.get(503) ?? 0;
    return {
      p99Ms: run.p99Ms,
      shedShare: run.shedShare,
      requests: run.result.requests.total,
      otherErrors: run.errors - shed,
      line: run.line,
    };
  } finally {
    await scenario.close();
  }
}
