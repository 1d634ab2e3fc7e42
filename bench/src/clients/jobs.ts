import type { SearchLatencyResult } from '../benches/search-latency.js';
import { measureSearchLatency } from '../benches/search-latency.js';
import type { OpenLoopResult } from '../open-loop.js';
import { runInterleavedOpenLoop } from '../open-loop.js';
import type { ServiceReady } from '../service.js';

/** What a client process can be asked to run: the arguments of the function it calls. */
export type ClientJob =
  | { kind: 'open-loop'; options: Parameters<typeof runInterleavedOpenLoop>[0] }
  | {
      kind: 'search-latency';
      service: ServiceReady;
      contacts: number;
      options: Parameters<typeof measureSearchLatency>[2];
    };

export type ClientJobResult<J extends ClientJob> = J extends { kind: 'open-loop' }
  ? OpenLoopResult[]
  : SearchLatencyResult;

export function runClientJob(job: ClientJob): Promise<OpenLoopResult[] | SearchLatencyResult> {
  switch (job.kind) {
    case 'open-loop':
      return runInterleavedOpenLoop(job.options);
    case 'search-latency':
      return measureSearchLatency(job.service, job.contacts, job.options);
  }
}
