#!/usr/bin/env node
/**
 * `pnpm --filter @splice/provider-emulators hubspot`: the HubSpot emulator alone on a loopback port
 * (`PORT`, default 4020), with the default app's credentials printed for a client to use.
 */
import { startHubSpotEmulator } from './start.js';

const emulator = await startHubSpotEmulator({ port: Number(process.env.PORT ?? 4020) });
console.log(`HubSpot emulator on ${emulator.url}
  authorize: ${emulator.url}/oauth/authorize?client_id=${emulator.app.clientId}&redirect_uri=...&scope=...
  token:     POST ${emulator.url}/oauth/v1/token (client_secret ${emulator.app.clientSecret})
  CRM:       ${emulator.url}/crm/v3/objects/contacts (Authorization: Bearer <access_token>)`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
