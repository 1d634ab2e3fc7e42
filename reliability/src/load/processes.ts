import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Stall } from './stalls.js';

export interface Probe {
  rss: number;
  loopMaxMs: number;
  loopP99Ms: number;
  stalls: Stall[];
}

export interface Child {
  process: ChildProcess;
  /** Resident set size in bytes, from /proc. */
  rss(): number;
  /** CPU time used so far (user + system), in seconds, from /proc. */
  cpuSeconds(): number;
  /** The same for the processes it started that still run (the service's worker child). */
  childrenCpuSeconds(): number;
  /**
   * Runs a full garbage collection in the child (see gc-on-signal.ts), then reads its RSS; with the
   * child's event-loop delay since the previous probe.
   */
  probe(): Promise<Probe>;
  stop(): Promise<void>;
}

/** utime + stime of a process in seconds, and its parent's pid, from /proc/<pid>/stat; undefined once gone. */
function statOf(pid: number | string): { cpuSeconds: number; ppid: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // ppid is field 4 of stat; utime and stime are 14 and 15, in clock ticks (100 per second on Linux).
    return { ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return undefined;
  }
}

/** Starts `node --import tsx <script>` and resolves once a stdout line matches `ready`. */
export function startNode(
  script: string,
  options: { cwd: string; env: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<{ child: Child; match: RegExpMatchArray }> {
  const gcOnSignal = fileURLToPath(new URL('./gc-on-signal.ts', import.meta.url));
  // BENCH_PROFILE_DIR=dir writes a CPU profile of each process there (`node --cpu-prof`), the service's
  // worker child included (it is forked with its parent's flags).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const flags = ['--expose-gc', ...profile, '--import', 'tsx', '--import', gcOnSignal];
  const proc = spawn(process.execPath, [...flags, script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child: Child = {
    process: proc,
    rss: () => {
      const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    cpuSeconds: () => statOf(proc.pid as number)?.cpuSeconds ?? 0,
    childrenCpuSeconds: () => {
      let seconds = 0;
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = statOf(entry);
        if (stat && stat.ppid === proc.pid) seconds += stat.cpuSeconds;
      }
      return seconds;
    },
    probe: () =>
      new Promise((resolve) => {
        const onData = (chunk: Buffer) => {
          const line = /probe (\{[^\n]*\})/.exec(chunk.toString());
          if (!line) return;
          proc.stdout?.off('data', onData);
          const stats = JSON.parse(line[1] as string) as Omit<Probe, 'rss'>;
          // Give the allocator a moment to hand freed pages back.
          setTimeout(() => resolve({ ...stats, rss: child.rss() }), 300);
        };
        proc.stdout?.on('data', onData);
        proc.kill('SIGUSR2');
      }),
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('close', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 5_000).unref();
      }),
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`${script} did not start: ${out}${err}`));
    }, options.timeoutMs ?? 60_000);
    proc.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = options.ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    });
    proc.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready: ${out}${err}`));
    });
  });
}
