import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What a bench server child sends once it listens. */
export interface ReadyMessage {
  type: 'ready';
  url: string;
  [key: string]: unknown;
}

export interface Child<T extends ReadyMessage = ReadyMessage> {
  ready: T;
  pid: number;
  /** Resident memory of the child process in MB (VmRSS from /proc). */
  rssMb(): number;
  /** The next IPC message of this `type` the child sends. */
  message(type: string): Promise<Record<string, unknown>>;
  /** Sends an IPC message to the child. */
  send(message: Record<string, unknown>): void;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A crash of the bench must not leave servers behind.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const tsxLoader = import.meta.resolve('tsx');

/** VmRSS of a process in MB, from /proc/<pid>/status (Linux). */
export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * Starts a TypeScript server script as a separate Node process (through tsx, like the project's own CLI)
 * and waits for its `ready` message over IPC. The child's stdout goes to /dev/null (the BFF's access log
 * is written there, as a host's would be to a file); its stderr is kept for error messages.
 */
export async function startChild<T extends ReadyMessage>(
  script: URL,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<Child<T>> {
  const child = fork(script, [], {
    // BENCH_PROFILE_DIR=dir writes a CPU profile of every server child there (`node --cpu-prof`).
    execArgv: [
      '--import',
      tsxLoader,
      ...(process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  running.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  const ready = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script.pathname} did not start within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('message', (message: unknown) => {
      if ((message as ReadyMessage | undefined)?.type === 'ready') {
        clearTimeout(timer);
        resolve(message as T);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script.pathname} exited (${code ?? signal}) before it was ready\n${stderr}`));
    });
  });
  const pid = child.pid!;
  return {
    ready,
    pid,
    rssMb: () => rssMbOf(pid),
    message: (type) =>
      new Promise((resolve, reject) => {
        const onExit = () =>
          reject(new Error(`${script.pathname} exited before sending "${type}"\n${stderr}`));
        const listener = (message: unknown) => {
          if ((message as { type?: string } | undefined)?.type !== type) return;
          child.off('message', listener);
          child.off('exit', onExit);
          resolve(message as Record<string, unknown>);
        };
        child.on('message', listener);
        child.once('exit', onExit);
      }),
    send: (message) => {
      child.send(message);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
