import { createClient } from '../http.js';
import { benchGroupRef } from '../servers/groups.js';
import type { BenchService } from '../service.js';
import { installationBody, installationsPath, startBenchService } from '../service.js';
import { median } from '../stats.js';

export interface CreateResult {
  perSecond: number;
  runs: Array<{ installations: number; seconds: number; perSecond: number; p50Ms: number; p99Ms: number }>;
  groupsSeeded: number;
}

/**
 * Concurrent createInstallation, each for a distinct group with its own working connection, with the
 * sample read (`skipSampling=false`) and the durable store (WAL, synchronous=FULL): installations/s.
 */
export async function measureCreateInstallations(
  options: {
    installationsPerRun: number;
    concurrency: number;
    runs: number;
    contacts: number;
    /** PostgreSQL instead of SQLite (an empty database). */
    databaseUrl?: string;
  },
  log: (line: string) => void,
): Promise<CreateResult> {
  const warmup = options.concurrency * 2;
  const groupsSeeded = warmup + options.runs * options.installationsPerRun;
  let service: BenchService | undefined;
  const client = createClient(options.concurrency);
  try {
    service = await startBenchService(options.contacts, groupsSeeded, options.databaseUrl);
    log(
      `  service with ${groupsSeeded} extra connected groups ready in ${(service.ready.startMs / 1000).toFixed(1)} s`,
    );
    const url = `${installationsPath(service.ready.baseUrl)}?skipSampling=false`;
    const headers = { 'x-api-key': service.ready.apiKey };
    let next = 0;
    const burst = async (count: number) => {
      const end = next + count;
      const times: number[] = [];
      const worker = async () => {
        while (next < end) {
          const index = next++;
          const answer = await client.request('POST', url, headers, installationBody(benchGroupRef(index)));
          if (answer.status !== 201) {
            throw new Error(`createInstallation: ${answer.status} ${JSON.stringify(answer.body)}`);
          }
          times.push(answer.ms);
        }
      };
      const start = performance.now();
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      return { seconds: (performance.now() - start) / 1000, times };
    };
    await burst(warmup);
    const runs: CreateResult['runs'] = [];
    for (let run = 0; run < options.runs; run++) {
      const { seconds, times } = await burst(options.installationsPerRun);
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
      const perSecond = options.installationsPerRun / seconds;
      log(`  run ${run + 1}/${options.runs}: ${perSecond.toFixed(0)} installations/s`);
      runs.push({
        installations: options.installationsPerRun,
        seconds,
        perSecond,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
      });
    }
    return { perSecond: median(runs.map((r) => r.perSecond)), runs, groupsSeeded };
  } finally {
    client.close();
    await service?.dispose();
  }
}
