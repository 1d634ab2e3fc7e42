import type { ServiceConfig } from './config.js';
import { ManifestError } from './manifest/load-manifest.js';
import { type StartServiceOptions, startService } from './start-service.js';
import { startupBanner } from './startup-banner.js';

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
 * and exits with a message a person can act on when it cannot start.
 */
export async function serveFromCli(config: ServiceConfig, extras: CliExtras = {}): Promise<void> {
  try {
    const service = await startService({
      ...config,
      ...(extras.demoConnections && { demoConnections: extras.demoConnections }),
    });
    console.log(
      [startupBanner(config, service), ...(extras.bannerLines ?? []).map((l) => `  ${l}`)].join('\n'),
    );
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping the service...`);
      await service.close();
      await extras.closeBeside?.();
      console.log('Stopped.');
      process.exit(0);
    };
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
  } catch (error) {
    await extras.closeBeside?.().catch(() => undefined);
    if (error instanceof ManifestError) console.error(error.message);
    else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`The port is in use: set PORT to another port (${(error as Error).message}).`);
    } else console.error(error);
    process.exit(1);
  }
}
