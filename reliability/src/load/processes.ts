import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Child {
  process: ChildProcess;
  /** Resident set size in bytes, from /proc. */
  rss(): number;
  /** CPU time used so far (user + system), in seconds, from /proc. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** Starts `node --import tsx <script>` and resolves once a stdout line matches `ready`. */
export function startNode(
  script: string,
  options: { cwd: string; env: Record<string, string>; ready: RegExp; timeoutMs?: number },
): Promise<{ child: Child; match: RegExpMatchArray }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
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
    cpuSeconds: () => {
      const fields = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
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
