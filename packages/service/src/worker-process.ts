/**
 * `splice-service --role all` (the default): the API in this process, the worker (reads, deliveries,
 * queued writes) in a child process on the same database. The child runs at a lower scheduling priority,
 * so on a busy machine the API's requests get a core first, and its event loop never waits for a page
 * being shaped or stored. It is given the parent's configuration over its IPC channel (secrets stay out of
 * its environment and command line), stops when the parent asks or goes away, and is started again if it
 * dies.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ServiceConfig } from './config.js';

/** The worker's niceness: the API's requests come first whenever both want a core. */
const workerNiceness = 10;
/** How long a worker that died waits before it is started again. */
const restartDelayMs = 1_000;
/** The variable that tells a worker to wait for its configuration on the IPC channel. */
export const workerIpcVariable = 'SPLICE_WORKER_IPC';

type ToWorker = { config: ServiceConfig } | { wake: true };
type FromWorker = { ready: true } | { failed: string };

/** The entry the child runs: this build's own CLI (the TypeScript source under a loader in development). */
function cliEntry(): string {
  const ownFile = fileURLToPath(import.meta.url);
  return ownFile.replace(/worker-process\.(ts|js)$/, (_, ext: string) => `cli.${ext}`);
}

export interface WorkerChild {
  /** Work was queued (an installation planned, a read triggered): the worker looks now, not at its tick. */
  wake(): void;
  stop(): Promise<void>;
}

/** Starts the worker beside this process's API; resolves once it runs. */
export async function startWorkerChild(config: ServiceConfig): Promise<WorkerChild> {
  let stopping = false;
  let child: ChildProcess;

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      child = fork(cliEntry(), ['--role', 'worker'], {
        env: { ...process.env, [workerIpcVariable]: '1' },
        stdio: 'inherit',
      });
      try {
        if (child.pid !== undefined) setPriority(child.pid, workerNiceness);
      } catch {
        // Some containers forbid it; the worker then shares the cores evenly with the API.
      }
      child.once('message', (message: FromWorker) => {
        if ('ready' in message) resolve();
        else reject(new Error(`the worker could not start: ${message.failed}`));
      });
      child.once('exit', (code, signal) => {
        reject(new Error(`the worker stopped before it ran (${signal ?? `exit code ${code}`})`));
        if (stopping) return;
        console.error(`The worker stopped (${signal ?? `exit code ${code}`}); starting it again.`);
        setTimeout(() => void launch().catch((error) => console.error(error)), restartDelayMs).unref();
      });
      child.send({ config } satisfies ToWorker);
    });

  await launch();
  return {
    wake: () => {
      if (child.connected) child.send({ wake: true } satisfies ToWorker, () => undefined);
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** In the child: the configuration its parent sends. */
export function configFromParent(): Promise<ServiceConfig> {
  return new Promise((resolve) => {
    const take = (message: ToWorker) => {
      if (!('config' in message)) return;
      process.off('message', take);
      resolve(message.config);
    };
    process.on('message', take);
  });
}

/** In the child: `wake` whenever the parent queued work. */
export function wakeOnParent(wake: () => void): void {
  process.on('message', (message: ToWorker) => {
    if ('wake' in message) wake();
  });
}

/** In the child: tells the parent the worker runs, or why it could not start. */
export function tellParent(message: FromWorker): void {
  process.send?.(message);
}

/**
 * In the child: ends at once when the parent is gone (its IPC channel closed) without asking it to stop:
 * the instance crashed, and its worker must not go on beside the one a restarted instance starts. Its
 * claims run out as a crashed instance's do.
 */
export function exitWithParent(): void {
  process.once('disconnect', () => process.exit(1));
}
