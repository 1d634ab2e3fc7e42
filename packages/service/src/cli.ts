#!/usr/bin/env node
import { configFromEnv } from './config.js';
import { ManifestError } from './manifest/load-manifest.js';
import { startService } from './start-service.js';
import { startupBanner } from './startup-banner.js';

/** `pnpm service`: starts the embedded service and prints what a curl user needs. */
async function main() {
  const config = configFromEnv();
  const service = await startService(config);
  console.log(startupBanner(config, service));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the service...`);
    await service.close();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ManifestError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`The port is in use: set PORT to another port (${(error as Error).message}).`);
  } else console.error(error);
  process.exit(1);
});
