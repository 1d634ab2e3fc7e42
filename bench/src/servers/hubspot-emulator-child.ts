/**
 * The HubSpot emulator in a process of its own: the CRM every bench's service reads over HTTP.
 * Environment:
 *   BENCH_CONTACTS     contacts of the emulated account (its companies and deals stay few)
 *   BENCH_GRANTS       grants to issue (default 1): Acme's first, then one per extra group
 *   BENCH_GRANTS_FILE  where their tokens go, a JSON array in the form a connection stores them (a file,
 *                      as thousands of grants would not fit in the service child's environment)
 * Its rate limit is lifted: the benches measure the service's and the emulator's own cost, not HubSpot's
 * 110 requests per 10 s an app gets per account (which would hold a backfill near 1,100 records/s).
 * Sends `{ type: 'ready', url, emails, startMs }` over IPC once it listens, with 500 contact emails spread
 * over the account for the searches to look for. Stops on SIGTERM.
 */
import { writeFileSync } from 'node:fs';
import { startHubSpotEmulator } from '@splice/provider-emulators';
import { storedTokensOf } from '../hubspot-connection.js';

const started = performance.now();
const contacts = Number(process.env.BENCH_CONTACTS ?? 10_000);
const grantCount = Number(process.env.BENCH_GRANTS ?? 1);
const grantsFile = process.env.BENCH_GRANTS_FILE;
if (!grantsFile) throw new Error('Set BENCH_GRANTS_FILE.');
const emulator = await startHubSpotEmulator({
  counts: { contacts, companies: 50, deals: 50 },
  rateLimit: { max: Number.MAX_SAFE_INTEGER },
});
const grants = Array.from({ length: grantCount }, () => {
  return storedTokensOf(emulator.issueTokens());
});
writeFileSync(grantsFile, JSON.stringify(grants), { mode: 0o600 });

/** Emails of contacts spread over the id range, read over the emulator's own API. */
async function spreadEmails(wanted: number): Promise<string[]> {
  const emails: string[] = [];
  const step = Math.max(1, Math.floor(contacts / wanted));
  const headers = { authorization: `Bearer ${grants[0]!.accessToken}` };
  for (let id = 1; emails.length < wanted && id <= contacts; id += step) {
    const response = await fetch(`${emulator.url}/crm/v3/objects/contacts/${id}?properties=email`, {
      headers,
    });
    if (!response.ok) continue;
    const email = ((await response.json()) as { properties: { email?: string | null } }).properties.email;
    if (email) emails.push(email);
  }
  return emails;
}

const emails = await spreadEmails(500);
process.send?.({ type: 'ready', url: emulator.url, emails, startMs: performance.now() - started });

const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
