import { hostname } from 'node:os';
import type { ServiceConfig } from './config.js';
import { ManifestError } from './manifest/load-manifest.js';
import { type RunningService, type StartServiceOptions, startService } from './start-service.js';
import { startupBanner } from './startup-banner.js';
import {
  configFromParent,
  exitWithParent,
  startWorkerChild,
  tellParent,
  type WorkerChild,
  wakeOnParent,
  workerIpcVariable,
} from './worker-process.js';

export interface CliExtras {
  /** Lines the banner adds after the service's own (what the entry started beside the service). */
  bannerLines?: readonly string[];
  /** Stops what the entry started beside the service, after the service has stopped. */
  closeBeside?: () => Promise<void>;
  /** CRM grants the entry's providers issued for the demo groups (`StartServiceOptions.demoConnections`). */
  demoConnections?: StartServiceOptions['demoConnections'];
}

/**
 * Starts the service as a command does: prints the banner once it listens, stops on SIGINT or SIGTERM,
 * and exits with a message a person can act on when it cannot start. `config.role` says which part runs
 * (see `ServiceConfig.role`).
 */
export async function serveFromCli(config: ServiceConfig, extras: CliExtras = {}): Promise<void> {
  if (config.role === 'worker') return serveWorker(config);
  let instance: RunningInstance | undefined;
  try {
    instance = await startInstance(config, extras.demoConnections);
    const { service } = instance;
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping the service...`);
      await instance?.close();
      await extras.closeBeside?.();
      console.log('Stopped.');
      process.exit(0);
    };
    // Before the banner: whoever reads it as "ready" may stop the service at once, and a signal that came
    // before its handler would end the process without closing anything.
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    console.log(
      [startupBanner(config, service), ...(extras.bannerLines ?? []).map((l) => `  ${l}`)].join('\n'),
    );
  } catch (error) {
    await extras.closeBeside?.().catch(() => undefined);
    if (error instanceof ManifestError) console.error(error.message);
    else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`The port is in use: set PORT to another port (${(error as Error).message}).`);
    } else console.error(error);
    process.exit(1);
  }
}

/** An instance that answers requests: its API, and for the `all` role the worker child beside it. */
export interface RunningInstance {
  /** The API: its URL, key and stores. */
  service: RunningService;
  /** Stops the API and its worker child. */
  close(): Promise<void>;
}

/**
 * Starts what `splice-service --role api|all` runs, without the command's banner and signal handling (a
 * bench or a host process that starts instances the way an operator does).
 */
export async function startInstance(
  config: ServiceConfig,
  demoConnections?: StartServiceOptions['demoConnections'],
): Promise<RunningInstance> {
  const { role, ...options } = config;
  if (role === 'worker') throw new Error('A worker answers no requests: start it with serveFromCli.');
  const service = await startService({
    ...options,
    role: 'api',
    ...(demoConnections && { demoConnections }),
  });
  let worker: WorkerChild | undefined;
  if (role === 'all') {
    try {
      worker = await startWorkerChild(config);
    } catch (error) {
      await service.close();
      throw error;
    }
    const child = worker;
    service.reads.wakeElsewhere = () => child.wake();
  }
  return { service, close: async () => void (await Promise.all([service.close(), worker?.stop()])) };
}

/** The worker role: reads, deliveries and queued writes, no requests answered. */
async function serveWorker(ownConfig: ServiceConfig): Promise<void> {
  const child = process.env[workerIpcVariable] === '1' && process.send !== undefined;
  try {
    const { role: _worker, ...config } = child ? await configFromParent() : ownConfig;
    // A child is part of its parent's instance: its claims name the parent, which an operator sees.
    const worker = await startService({
      ...config,
      role: 'worker',
      ...(child && { instance: `${hostname()}:${process.ppid}` }),
    });
    let stopping = false;
    const stop = async (why: string) => {
      if (stopping) return;
      stopping = true;
      if (!child) console.log(`${why}: stopping the worker...`);
      await worker.close();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    if (child) {
      exitWithParent();
      wakeOnParent(() => worker.reads.wake());
      tellParent({ ready: true });
    } else console.log('Splice worker: reading, delivering and writing on the service database.');
  } catch (error) {
    if (child) tellParent({ failed: (error as Error).message });
    console.error(error);
    process.exit(1);
  }
}
