/**
 * The HubSpot emulator in a process of its own, for the benches that reach HubSpot over HTTP. Environment:
 *   BENCH_CONTACTS  contacts of the emulated account (its companies and deals stay few)
 * Its rate limit is lifted: the benches measure the service's and the emulator's own cost, not HubSpot's
 * 110 requests per 10 s an app gets per account (which would hold a backfill near 1,100 records/s).
 * Sends `{ type: 'ready', url, accessToken, refreshToken, expiresIn, emails, startMs }` over IPC once it
 * listens: tokens of a grant for the service's connection, and 500 contact emails spread over the account
 * for the searches to look for. Stops on SIGTERM.
 */
import { startHubSpotEmulator } from '@splice/provider-emulators';

const started = performance.now();
const contacts = Number(process.env.BENCH_CONTACTS ?? 10_000);
const emulator = await startHubSpotEmulator({
  counts: { contacts, companies: 50, deals: 50 },
  rateLimit: { max: Number.MAX_SAFE_INTEGER },
});
const issued = emulator.issueTokens();

/** Emails of contacts spread over the id range, read over the emulator's own API. */
async function spreadEmails(wanted: number): Promise<string[]> {
  const emails: string[] = [];
  const step = Math.max(1, Math.floor(contacts / wanted));
  for (let id = 1; emails.length < wanted && id <= contacts; id += step) {
    const url = `${emulator.url}/crm/v3/objects/contacts/${id}?properties=email`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${issued.accessToken}` } });
    if (!response.ok) continue;
    const email = ((await response.json()) as { properties: { email?: string | null } }).properties.email;
    if (email) emails.push(email);
  }
  return emails;
}

const emails = await spreadEmails(500);
process.send?.({
  type: 'ready',
  url: emulator.url,
  accessToken: issued.accessToken,
  refreshToken: issued.refreshToken,
  expiresIn: issued.expiresIn,
  emails,
  startMs: performance.now() - started,
});

const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
