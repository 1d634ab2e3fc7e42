import { demoConfigFromEnv } from './config.js';
import { startDemo } from './start-demo.js';

/** `pnpm demo`: the embedded service, the BFF and the React app in one process, on one origin. */
async function main() {
  const config = demoConfigFromEnv();
  const demo = await startDemo(config);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the demo...`);
    // A stuck close (a browser holding a connection open) must not keep the terminal waiting.
    setTimeout(() => process.exit(1), 5_000).unref();
    demo.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  // Before the banner: whoever reads it as "ready" may stop the demo at once.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  console.log(`Northwind Pipeline (the Splice demo) is running:

  ${demo.url}

  Sign in as alice@acme (HubSpot connected), bob@globex (Salesforce connected) or carol@initech (no
  connection: she connects either through its emulator's consent page).
  CRM providers:
${demo.providers.map((p) => `    ${p.displayName.padEnd(11)} ${p.baseUrl}${p.emulated ? '   (emulator: connect through its consent page)' : ''}`).join('\n')}
  Data: ${config.dataDir}${config.databaseUrl ? ' (service data in PostgreSQL: SPLICE_DATABASE_URL)' : ''}   Embedded service: ${demo.serviceUrl}
  Press Ctrl-C to stop.`);
}

main().catch((error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`The port is in use: set PORT to another one, e.g. PORT=5174 pnpm demo.`);
  } else console.error(error);
  process.exit(1);
});
