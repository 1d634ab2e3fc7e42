/**
 * Preloaded into the load test's server processes (`--expose-gc --import <this>`). It ends the process
 * when its parent (the test) is gone. On SIGUSR2: a full
 * garbage collection (so that RSS is read from a settled heap, not wherever the collector happened to
 * be), then one stdout line `probe {...}` with the event loop's delay since the previous probe (max and
 * p99, in ms: how long the process could not answer anything) and each stall over 100 ms (when, how
 * long), and both start again.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { recordStalls } from './stalls.js';

// A server whose test died is reparented: it stops instead of listening on forever.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1_000).unref();

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let stalls = recordStalls();

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const stats = { loopMaxMs: delay.max / 1e6, loopP99Ms: delay.percentile(99) / 1e6, stalls: stalls.stalls };
  delay.reset();
  stalls.stop();
  stalls = recordStalls();
  process.stdout.write(`probe ${JSON.stringify(stats)}\n`);
});
