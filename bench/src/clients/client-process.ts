import type { measureSearchLatency, SearchLatencyResult } from '../benches/search-latency.js';
import type { Child } from '../children.js';
import { startChild } from '../children.js';
import type { ClientJob, ClientJobResult } from './jobs.js';

export interface ClientProcess {
  /** Runs one job in the client process; with the CPU time it took there (user + system, ms). */
  run<J extends ClientJob>(job: J): Promise<{ result: ClientJobResult<J>; cpuMs: number }>;
  stop(): Promise<void>;
}

/** Starts a process for the timing clients (see client-child.ts for why they do not run in the bench's). */
export async function startClientProcess(): Promise<ClientProcess> {
  const child: Child = await startChild(new URL('./client-child.ts', import.meta.url), {});
  return {
    run: async (job) => {
      const answer = child.message('result');
      child.send({ type: 'job', job });
      const { result, error, cpuMs } = (await answer) as { result?: unknown; error?: string; cpuMs?: number };
      if (error !== undefined) throw new Error(`${job.kind} in the client process: ${error}`);
      return { result: result as ClientJobResult<typeof job>, cpuMs: cpuMs ?? Number.NaN };
    },
    stop: () => child.stop(),
  };
}

/** `measureSearchLatency` in a client process of its own, stopped afterwards. */
export async function searchLatencyInClient(
  ...args: Parameters<typeof measureSearchLatency>
): Promise<SearchLatencyResult> {
  const [service, contacts, options] = args;
  const client = await startClientProcess();
  try {
    return (await client.run({ kind: 'search-latency', service, contacts, options })).result;
  } finally {
    await client.stop();
  }
}
