/**
 * Records when a process's event loop stalls: a 20 ms timer that fires late by more than `thresholdMs`
 * notes when (epoch ms) and for how long. Comparing the stalls of the service, the BFF and the load
 * generator tells a stall of one process (its own work: a checkpoint, a long GC) from one of the machine
 * (every process stalled at once: another job took the cores).
 */
export interface Stall {
  at: number;
  ms: number;
}

export function recordStalls(thresholdMs = 100): { stalls: Stall[]; stop(): void } {
  const stalls: Stall[] = [];
  const tick = 20;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - tick;
    if (late > thresholdMs && stalls.length < 10_000)
      stalls.push({ at: Date.now() - late, ms: Math.round(late) });
    last = now;
  }, tick);
  timer.unref();
  return { stalls, stop: () => clearInterval(timer) };
}

/** Stalls of `a` that overlap one of `b` (within `slackMs`). */
export function overlapping(a: readonly Stall[], b: readonly Stall[], slackMs = 100): number {
  return a.filter((s) => b.some((t) => s.at < t.at + t.ms + slackMs && t.at < s.at + s.ms + slackMs)).length;
}
