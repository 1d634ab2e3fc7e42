import os from 'node:os';
import { bffChildEnv, browserSearchHeaders, hopChildEnv, hopSearch, oneContactSearch } from '../bff-setup.js';
import { startChild } from '../children.js';
import { startClientProcess } from '../clients/client-process.js';
import { cpuMsOf } from '../cpu.js';
import { createClient } from '../http.js';
import type { LoadOptions, LoadResult } from '../load.js';
import { runLoad } from '../load.js';
import type { OpenLoopResult } from '../open-loop.js';
import type { ServiceReady } from '../service.js';
import { directSearchHeaders, searchPath } from '../service.js';
import { median, percentile } from '../stats.js';

/** A side's percentiles in one run. */
interface Percentiles {
  p50Ms: number;
  p99Ms: number;
}

/**
 * Each side's p50 and p99 and what the BFF adds to them (BFF percentile - direct percentile): medians over
 * runs, the added ones of each run's difference.
 */
export interface PairedLatency {
  bffP50Ms: number;
  bffP99Ms: number;
  directP50Ms: number;
  directP99Ms: number;
  addedP50Ms: number;
  addedP99Ms: number;
}

function pairedLatency(runs: ReadonlyArray<{ direct: Percentiles; bff: Percentiles }>): PairedLatency {
  const m = (pick: (r: { direct: Percentiles; bff: Percentiles }) => number) => median(runs.map(pick));
  return {
    bffP50Ms: m((r) => r.bff.p50Ms),
    bffP99Ms: m((r) => r.bff.p99Ms),
    directP50Ms: m((r) => r.direct.p50Ms),
    directP99Ms: m((r) => r.direct.p99Ms),
    addedP50Ms: m((r) => r.bff.p50Ms - r.direct.p50Ms),
    addedP99Ms: m((r) => r.bff.p99Ms - r.direct.p99Ms),
  };
}

/** The top-level percentiles are the saturated runs' (32 connections, queueing included). */
export interface ThroughputResult extends PairedLatency {
  bffRps: number;
  directRps: number;
  ratio: number;
  /**
   * The latency the BFF adds at a fixed rate of half the direct capacity (`directRps / 2`), open loop,
   * direct, through the BFF and through a bare proxy (servers/hop-child.ts) taking turns every 500 ms
   * within each run: medians over runs of (BFF percentile - direct percentile), latency from each
   * request's due time. The bare proxy's figures say what one more Node HTTP hop costs on this machine
   * at this rate, whatever the proxy does: the floor under the BFF's.
   */
  openLoop: PairedLatency & {
    ratePerS: number;
    durationS: number;
    hopP50Ms: number;
    hopP99Ms: number;
    /** The bare proxy's percentile - direct's. */
    hopAddedP50Ms: number;
    hopAddedP99Ms: number;
    /** The BFF's p99 - the bare proxy's: what the BFF's own work adds to the tail. */
    bffOverHopP99Ms: number;
    /**
     * CPU time per request (ms, medians over runs) of each process during the BFF runs, from /proc: what
     * the BFF costs whatever else the machine is doing, beside the latencies a busy machine blurs.
     */
    bffCpuMsPerRequest: number;
    serviceCpuMsPerRequest: number;
    generatorCpuMsPerRequest: number;
    /** The bare proxy's CPU time per request: the part of the BFF's that any Node proxy pays. */
    hopCpuMsPerRequest: number;
    runs: Array<{
      direct: OpenLoopResult;
      bff: OpenLoopResult & { cpu: CpuPerRequest };
      hop: OpenLoopResult & { cpuMs: number };
    }>;
  };
  /** Each run's figures, in the order they ran (direct and BFF alternate which goes first). */
  runs: Array<{ direct: LoadResult; bff: LoadResult }>;
  searchBody: unknown;
  bffRssMb: number;
  /**
   * The BFF's own cost without queueing: one request at a time, same search, through the BFF and direct
   * (medians over runs of each run's percentiles). Under 32 connections the added latency is mostly
   * waiting for a CPU (Little's law: latency = connections / throughput).
   */
  sequential: PairedLatency & { requestsPerRun: number };
}

/** CPU ms per request of the BFF, the service and the load generator (its own process) in one run. */
export interface CpuPerRequest {
  bff: number;
  service: number;
  generator: number;
}

/**
 * The same search, at the same concurrency and for the same time, straight to the service and through
 * the BFF running in its own process (so service, BFF and autocannon share the two cores).
 */
export async function measureThroughput(
  service: ServiceReady,
  options: {
    connections: number;
    durationS: number;
    warmupS: number;
    runs: number;
    sequentialRequests: number;
  },
  log: (line: string) => void,
  /** The service's process, for its CPU time per request (NaN without it). */
  servicePid?: number,
): Promise<ThroughputResult> {
  const body = await oneContactSearch(service);
  const bff = await startChild<{ type: 'ready'; url: string }>(
    new URL('../servers/bff-child.ts', import.meta.url),
    bffChildEnv(service),
  );
  const hop = await startChild<{ type: 'ready'; url: string }>(
    new URL('../servers/hop-child.ts', import.meta.url),
    hopChildEnv(service),
  );
  try {
    const direct: LoadOptions = {
      url: searchPath(service.searchUrl, 'acme'),
      method: 'POST',
      headers: { ...directSearchHeaders(service), 'content-type': 'application/json' },
      body,
      connections: options.connections,
      durationS: options.durationS,
    };
    const viaBff: LoadOptions = {
      url: `${bff.ready.url}/api/integrations/hubspot-sync/search`,
      method: 'POST',
      headers: browserSearchHeaders,
      body,
      connections: options.connections,
      durationS: options.durationS,
    };
    const check = (name: string, result: LoadResult) => {
      if (result.non2xx > 0 || result.errors > 0 || result.requests === 0) {
        throw new Error(
          `${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors of ${result.requests}`,
        );
      }
      return result;
    };
    // Warm-up: JIT, keep-alive pools, SQLite page cache.
    check('direct warm-up', await runLoad({ ...direct, durationS: options.warmupS }));
    check('BFF warm-up', await runLoad({ ...viaBff, durationS: options.warmupS }));
    const runs: ThroughputResult['runs'] = [];
    for (let run = 0; run < options.runs; run++) {
      // Alternate which goes first, so a slow drift on a shared machine does not favour one side.
      let d: LoadResult;
      let b: LoadResult;
      if (run % 2 === 0) {
        d = check('direct', await runLoad(direct));
        b = check('BFF', await runLoad(viaBff));
      } else {
        b = check('BFF', await runLoad(viaBff));
        d = check('direct', await runLoad(direct));
      }
      log(
        `  run ${run + 1}/${options.runs}: direct ${d.rps.toFixed(0)} req/s (p50 ${d.p50Ms.toFixed(2)} ms), ` +
          `BFF ${b.rps.toFixed(0)} req/s (p50 ${b.p50Ms.toFixed(2)} ms)`,
      );
      runs.push({ direct: d, bff: b });
    }
    const sequential = await measureSequential(direct, viaBff, options.runs, options.sequentialRequests);
    log(
      `  one at a time: direct p50 ${sequential.directP50Ms.toFixed(2)} ms, BFF p50 ` +
        `${sequential.bffP50Ms.toFixed(2)} ms (adds ${sequential.addedP50Ms.toFixed(2)} ms p50, ` +
        `${sequential.addedP99Ms.toFixed(2)} ms p99)`,
    );
    const m = (pick: (r: { direct: LoadResult; bff: LoadResult }) => number) => median(runs.map(pick));
    const directRps = m((r) => r.direct.rps);
    const pids = { bff: bff.pid, hop: hop.pid, service: servicePid };
    const viaHop: LoadOptions = {
      ...viaBff,
      url: `${hop.ready.url}${hopSearch.path}`,
      headers: hopSearch.headers,
    };
    const lanes = { direct, viaBff, viaHop };
    const openLoop = await measureOpenLoop(lanes, Math.round(directRps / 2), options, log, pids);
    const bffRssMb = bff.rssMb();
    const bffRps = m((r) => r.bff.rps);
    return {
      bffRps,
      directRps,
      // Median of the per-run ratios: each pair ran back to back under the same machine load.
      ratio: m((r) => r.bff.rps / r.direct.rps),
      ...pairedLatency(runs),
      openLoop,
      runs,
      searchBody: JSON.parse(body),
      bffRssMb,
      sequential,
    };
  } finally {
    await bff.stop();
    await hop.stop();
  }
}

/** Sequential requests (one keep-alive connection each), direct and through the BFF, alternating runs. */
async function measureSequential(
  direct: LoadOptions,
  viaBff: LoadOptions,
  runs: number,
  requests: number,
): Promise<ThroughputResult['sequential']> {
  const client = createClient();
  const time = async (target: LoadOptions) => {
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const answer = await client.request(
        target.method,
        target.url,
        target.headers,
        JSON.parse(target.body!),
      );
      if (answer.status !== 200) throw new Error(`sequential search: ${answer.status}`);
      times.push(answer.ms);
    }
    return { p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) };
  };
  try {
    await time(direct);
    await time(viaBff);
    const pairs: Array<{ direct: Percentiles; bff: Percentiles }> = [];
    for (let run = 0; run < runs; run++) {
      pairs.push({ direct: await time(direct), bff: await time(viaBff) });
    }
    return { ...pairedLatency(pairs), requestsPerRun: requests };
  } finally {
    client.close();
  }
}

/** Blocks of the interleaved open-loop runs: the lanes take turns this often. */
const openLoopBlockMs = 500;

/**
 * Direct, through the BFF and through the bare proxy at the same fixed rate, open loop, in one schedule
 * that passes from one to the next every `openLoopBlockMs` (each gets `durationS` in all), so that all
 * three meet the same moments of the shared machine; each run starts from another lane. A short
 * interleaved warm-up first. Every answer must be a 2xx: a failure is a crash, not a figure.
 */
async function measureOpenLoop(
  lanes: { direct: LoadOptions; viaBff: LoadOptions; viaHop: LoadOptions },
  ratePerS: number,
  options: { durationS: number; warmupS: number; runs: number },
  log: (line: string) => void,
  pids: { bff: number; hop: number; service: number | undefined },
): Promise<ThroughputResult['openLoop']> {
  // The generator runs in a process of its own (clients/client-child.ts says why).
  const generator = await startClientProcess();
  try {
    const target = (load: LoadOptions) => ({
      url: load.url,
      method: load.method,
      headers: load.headers,
      ...(load.body === undefined ? {} : { body: load.body }),
    });
    const order = [lanes.direct, lanes.viaBff, lanes.viaHop].map(target);
    const serviceCpuMs = () => (pids.service === undefined ? Number.NaN : cpuMsOf(pids.service));
    // One interleaved run starting from lane `first`, with each process's CPU time over it (the BFF's per
    // BFF request, the bare proxy's per proxied request, the others' per request of any lane).
    const interleaved = async (durationS: number, first: number) => {
      const before = {
        bff: cpuMsOf(pids.bff),
        hop: cpuMsOf(pids.hop),
        service: serviceCpuMs(),
      };
      const rotated = [...order.slice(first), ...order.slice(0, first)];
      const { result: results, cpuMs: generatorCpuMs } = await generator.run({
        kind: 'open-loop',
        options: { targets: rotated, blockMs: openLoopBlockMs, ratePerS, durationS, connections: 64 },
      });
      for (const result of results) {
        if (result.failed > 0) {
          throw new Error(`open loop: ${result.failed} of ${result.sent} failed (${result.firstFailure})`);
        }
      }
      const [d, b, h] = [...results.slice(order.length - first), ...results.slice(0, order.length - first)];
      const all = d!.sent + b!.sent + h!.sent;
      const cpu: CpuPerRequest = {
        bff: (cpuMsOf(pids.bff) - before.bff) / b!.sent,
        service: (serviceCpuMs() - before.service) / all,
        generator: generatorCpuMs / all,
      };
      return {
        direct: d!,
        bff: { ...b!, cpu },
        hop: { ...h!, cpuMs: (cpuMsOf(pids.hop) - before.hop) / h!.sent },
      };
    };
    await interleaved(options.warmupS, 0);
    const runs: ThroughputResult['openLoop']['runs'] = [];
    for (let run = 0; run < options.runs; run++) {
      const { direct: d, bff: b, hop: h } = await interleaved(options.durationS, run % order.length);
      const lag = Math.max(d.sendLagP99Ms, b.sendLagP99Ms, h.sendLagP99Ms);
      log(
        `  open loop at ${ratePerS} req/s, run ${run + 1}/${options.runs} (turns of ${openLoopBlockMs} ms), ` +
          `p50 / p99: direct ${d.p50Ms.toFixed(2)} / ${d.p99Ms.toFixed(2)} ms, BFF ${b.p50Ms.toFixed(2)} / ` +
          `${b.p99Ms.toFixed(2)} ms, bare proxy ${h.p50Ms.toFixed(2)} / ${h.p99Ms.toFixed(2)} ms (generator ` +
          `send lag p99 ${lag.toFixed(2)} ms; CPU per request: BFF ${b.cpu.bff.toFixed(3)}, bare proxy ` +
          `${h.cpuMs.toFixed(3)}, service ${b.cpu.service.toFixed(3)}, generator ${b.cpu.generator.toFixed(3)} ms; ` +
          `load ${os.loadavg()[0]!.toFixed(1)})`,
      );
      runs.push({ direct: d, bff: b, hop: h });
    }
    const m = (pick: (r: ThroughputResult['openLoop']['runs'][number]) => number) => median(runs.map(pick));
    return {
      ratePerS,
      durationS: options.durationS,
      ...pairedLatency(runs),
      hopP50Ms: m((r) => r.hop.p50Ms),
      hopP99Ms: m((r) => r.hop.p99Ms),
      hopAddedP50Ms: m((r) => r.hop.p50Ms - r.direct.p50Ms),
      hopAddedP99Ms: m((r) => r.hop.p99Ms - r.direct.p99Ms),
      bffOverHopP99Ms: m((r) => r.bff.p99Ms - r.hop.p99Ms),
      bffCpuMsPerRequest: m((r) => r.bff.cpu.bff),
      serviceCpuMsPerRequest: m((r) => r.bff.cpu.service),
      generatorCpuMsPerRequest: m((r) => r.bff.cpu.generator),
      hopCpuMsPerRequest: m((r) => r.hop.cpuMs),
      runs,
    };
  } finally {
    await generator.stop();
  }
}
