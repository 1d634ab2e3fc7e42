#!/usr/bin/env node
import { configFromEnv } from './config.js';
import { demoDataSet } from './demo-data.js';
import { ManifestError } from './manifest/load-manifest.js';
import { startService } from './start-service.js';

/** `pnpm service`: starts the embedded service and prints what a curl user needs. */
async function main() {
  const config = configFromEnv();
  const service = await startService(config);
  const groups = demoDataSet.groups
    .map((g) => `${g.groupRef}${g.connected ? '' : ' (no connection)'}`)
    .join(', ');
  console.log(`Splice embedded service listening
  {base_url}    ${service.baseUrl}
  {search_url}  ${service.searchUrl}
  {read_url}    ${service.readUrl}
  OpenAPI       ${service.url}/openapi.json
  API key       ${service.apiKey}${config.usingDevCredentials ? '   (dev default: set SPLICE_API_KEY)' : ''}
  Auth token    ${service.authToken}${config.usingDevCredentials ? '   (dev default: set SPLICE_AUTH_TOKEN)' : ''}
  Data dir      ${config.dataDir}
  Sandbox       ${config.sandboxActivity} changes per minute per group (SPLICE_SANDBOX_ACTIVITY)${
    config.demoReceiverUrl
      ? `
  Demo receiver ${config.demoReceiverUrl}   (destinations contactsWebhook, companiesWebhook, dealsWebhook)
  Webhook secret ${config.demoWebhookSecret}${process.env.SPLICE_DEMO_WEBHOOK_SECRET ? '' : '   (dev default: set SPLICE_DEMO_WEBHOOK_SECRET)'}`
      : ''
  }
  Demo data     project "${demoDataSet.project.id}", integration "crm-sync", groups ${groups}, org "${demoDataSet.org.id}"`);
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
