/**
 * `pnpm --filter @splice/bench bff-cost [--rate=500] [--duration=5] [--runs=3]`: what one search through
 * the BFF costs in CPU, beside the same search straight to the service. Starts the service (10,000
 * contacts) and the BFF as `pnpm bench` does, then alternates open-loop runs at a fixed rate, direct and
 * through the BFF, and prints each process's CPU time per request (from /proc, so a busy machine makes the
 * latencies noisy but hardly the CPU figures) and the latency percentiles. A tool for work on the BFF's
 * hot path, quicker than `pnpm bench --only=throughput`; `BENCH_PROFILE_DIR=dir` adds CPU profiles.
 * `--hop=1` adds the bench's bare proxy (servers/hop-child.ts) as one more lane: the floor under the BFF.
 */
import os from 'node:os';
import {
  bffChildEnv,
  browserSearchHeaders,
  hopChildEnv,
  hopSearch,
  oneContactSearch,
  toolArg,
} from './bff-setup.js';
import type { Child } from './children.js';
import { startChild } from './children.js';
import { cpuMsOf, ownCpuMs } from './cpu.js';
import type { OpenLoopOptions, OpenLoopResult } from './open-loop.js';
import { runOpenLoop } from './open-loop.js';
import { directSearchHeaders, installForAcme, searchPath, startBenchService } from './service.js';
import { median } from './stats.js';

const ratePerS = toolArg('rate', 500);
const durationS = toolArg('duration', 5);
const runs = toolArg('runs', 3);

interface Measured {
  result: OpenLoopResult;
  /** CPU ms per request of the BFF, the service and the load generator (this process). */
  bffCpuMs: number;
  serviceCpuMs: number;
  generatorCpuMs: number;
}

const service = await startBenchService(10_000);
/** The proxies measured beside direct: each one's process, route and the headers it needs. */
const bffs: Array<{ name: string; child: Child; path: string; headers: Record<string, string> }> = [];
try {
  await installForAcme(service.ready);
  const body = await oneContactSearch(service.ready);
  const bffEnv = bffChildEnv(service.ready);
  const script = new URL('./servers/bff-child.ts', import.meta.url);
  const viaBff = { path: '/api/integrations/hubspot-sync/search', headers: browserSearchHeaders };
  bffs.push({ name: 'BFF', child: await startChild(script, { ...bffEnv, BENCH_BFF_MODULE: '' }), ...viaBff });
  // BENCH_BASELINE_BFF=path/to/src/index.ts: another version of the BFF, measured in the same runs.
  const baseline = process.env.BENCH_BASELINE_BFF;
  if (baseline) {
    bffs.push({
      name: 'baseline',
      child: await startChild(script, { ...bffEnv, BENCH_BFF_MODULE: baseline }),
      ...viaBff,
    });
  }
  if (toolArg('hop', 0) === 1) {
    const hopScript = new URL('./servers/hop-child.ts', import.meta.url);
    bffs.push({ name: 'hop', child: await startChild(hopScript, hopChildEnv(service.ready)), ...hopSearch });
  }
  const direct: OpenLoopOptions = {
    url: searchPath(service.ready.searchUrl, 'acme'),
    method: 'POST',
    headers: { ...directSearchHeaders(service.ready), 'content-type': 'application/json' },
    body,
    ratePerS,
    durationS,
    connections: 64,
  };
  const targets: Array<{ name: string; options: OpenLoopOptions; pid?: number }> = [
    { name: 'direct', options: direct },
    ...bffs.map(({ name, child, path, headers }) => ({
      name,
      options: { ...direct, url: `${child.ready.url}${path}`, headers },
      pid: child.pid,
    })),
  ];
  const measure = async (options: OpenLoopOptions, pid: number | undefined): Promise<Measured> => {
    const before = { bff: pid ? cpuMsOf(pid) : 0, service: cpuMsOf(service.pid), own: ownCpuMs() };
    const result = await runOpenLoop(options);
    if (result.failed > 0) throw new Error(`${result.failed} of ${result.sent} failed`);
    return {
      result,
      bffCpuMs: pid ? (cpuMsOf(pid) - before.bff) / result.sent : 0,
      serviceCpuMs: (cpuMsOf(service.pid) - before.service) / result.sent,
      generatorCpuMs: (ownCpuMs() - before.own) / result.sent,
    };
  };
  // Warm-up: JIT, keep-alive pools.
  for (const target of targets) await measure({ ...target.options, durationS: 2 }, target.pid);
  const measured = new Map<string, Measured[]>(targets.map((t) => [t.name, []]));
  for (let run = 0; run < runs; run++) {
    // Rotate the order, so that a slow drift of a shared machine favours none of them.
    const order = targets.map((_, i) => targets[(i + run) % targets.length]!);
    for (const target of order) {
      const m = await measure(target.options, target.pid);
      measured.get(target.name)!.push(m);
      console.log(
        `run ${run + 1} at ${ratePerS}/s ${target.name.padEnd(8)} p50 ${m.result.p50Ms.toFixed(2)} p99 ` +
          `${m.result.p99Ms.toFixed(2)} ms; CPU/request: BFF ${m.bffCpuMs.toFixed(3)}, service ` +
          `${m.serviceCpuMs.toFixed(3)}, generator ${m.generatorCpuMs.toFixed(3)} ms (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
  }
  const directRuns = measured.get('direct')!;
  for (const { name } of bffs) {
    const own = measured.get(name)!;
    const m = (pick: (m: Measured, d: Measured) => number) =>
      median(own.map((m, i) => pick(m, directRuns[i]!))).toFixed(3);
    console.log(
      `median ${name}: CPU ${m((b) => b.bffCpuMs)} ms/request, added p50 ` +
        `${m((b, d) => b.result.p50Ms - d.result.p50Ms)} ms, added p99 ${m((b, d) => b.result.p99Ms - d.result.p99Ms)} ms`,
    );
  }
} finally {
  for (const { child } of bffs) await child.stop();
  await service.dispose();
}
