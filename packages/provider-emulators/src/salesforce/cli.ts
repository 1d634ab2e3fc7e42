#!/usr/bin/env node
/**
 * `pnpm --filter @splice/provider-emulators salesforce`: the Salesforce emulator alone on a loopback port
 * (`PORT`, default 4021); it is both the login URL and the instance URL.
 */
import { startSalesforceEmulator } from './start.js';

const emulator = await startSalesforceEmulator({ port: Number(process.env.PORT ?? 4021) });
console.log(`Salesforce emulator on ${emulator.url}
  authorize: ${emulator.url}/services/oauth2/authorize?client_id=${emulator.app.clientId}&redirect_uri=...
  token:     POST ${emulator.url}/services/oauth2/token (client_secret ${emulator.app.clientSecret})
  REST:      ${emulator.url}/services/data/v60.0/query?q=SELECT+Id+FROM+Contact (Authorization: Bearer <access_token>)`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
