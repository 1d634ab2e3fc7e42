/**
 * Child process of the write crash test: the real service (writes running, reads off) on a data directory,
 * writing to the HubSpot that `SPLICE_HUBSPOT_BASE_URL` names (the test's emulator) through Acme's
 * connection. Prints `READY <url>` once it listens; the parent SIGKILLs it at random moments and starts it
 * again on the same directory.
 *
 * argv: <dataDir>. Environment: `SPLICE_HUBSPOT_BASE_URL`, and `RELIABILITY_CRM_TOKENS`, Acme's grant
 * (JSON `StoredTokens`), stored as its connection's tokens at every start.
 */
import type { StoredTokens } from '@splice/service';
import { demoConnectionGrants, providerAppsFromEnv, startService } from '@splice/service';
import { crmProvider } from './emulated-hubspot.js';

const [dataDir] = process.argv.slice(2);
const tokens = process.env.RELIABILITY_CRM_TOKENS;
if (!dataDir || !tokens)
  throw new Error('usage: RELIABILITY_CRM_TOKENS=... write-service-child.ts <dataDir>');
const grant = JSON.parse(tokens) as StoredTokens;

const service = await startService({
  port: 0,
  dataDir,
  providerApps: providerAppsFromEnv(process.env),
  demoConnections: demoConnectionGrants((provider) => (provider === crmProvider ? grant : undefined)),
  runReads: false,
  // A write the killed process was carrying out is taken again once its hold lapses: kept short here so
  // that a restarted process resumes within the test's time.
  writeTiming: { tickMs: 20, leaseMs: 1_500, retryWaitMs: 20, maxRetryWaitMs: 500 },
});
console.log(`READY ${service.url}`);
