/**
 * Child process of the read crash test: the real service (reads and deliveries running) on a data
 * directory, with the clock constants shrunk, reading the HubSpot that `SPLICE_HUBSPOT_BASE_URL` names
 * (the test's emulator) through Acme's connection. Prints `READY <url>` once it listens; the parent
 * SIGKILLs it at random moments and starts it again on the same directory.
 *
 * argv: <dataDir>. Environment: `SPLICE_HUBSPOT_BASE_URL`, and `RELIABILITY_CRM_TOKENS`, Acme's grant
 * (JSON `StoredTokens`): stored as its connection's tokens at every start, as the demo does with the
 * grants its emulators issue.
 */
import type { StoredTokens } from '@splice/service';
import { demoConnectionGrants, providerAppsFromEnv, startService } from '@splice/service';
import { crmProvider } from './emulated-hubspot.js';

const [dataDir] = process.argv.slice(2);
const tokens = process.env.RELIABILITY_CRM_TOKENS;
if (!dataDir || !tokens) throw new Error('usage: RELIABILITY_CRM_TOKENS=... read-service-child.ts <dataDir>');
const grant = JSON.parse(tokens) as StoredTokens;

const service = await startService({
  port: 0,
  dataDir,
  providerApps: providerAppsFromEnv(process.env),
  demoConnections: demoConnectionGrants((provider) => (provider === crmProvider ? grant : undefined)),
  runReads: true,
  // The test's receiver listens on this machine.
  allowPrivateDestinations: ['loopback'],
  // On PostgreSQL (SPLICE_DATABASE_URL) a restarted process is a new instance: the killed one's claims hold
  // until they expire, so they are kept short here to resume within the test's time.
  readLeaseMs: 3_000,
  // One message in flight at a time: with the test's slow receiver the backfill then lasts long enough
  // for the SIGKILLs to land in the middle of it (eight in flight finish a small backfill in a blink).
  readTiming: {
    tickMs: 50,
    retryBaseMs: 20,
    retryMaxMs: 200,
    parkMs: 50,
    deliveryTimeoutMs: 2_000,
    deliveryWindow: 1,
    deliveryConcurrency: 1,
  },
});
console.log(`READY ${service.url}`);
