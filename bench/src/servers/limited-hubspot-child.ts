/**
 * The HubSpot emulator standing in for many accounts, each at HubSpot's own limit: every grant it issues is
 * an account of its own to the limit (`rateLimitPerGrant`). It counts the answers it gives to CRM calls by
 * status, and sends the counts when asked (`{ type: 'count' }` answers `{ type: 'counts', ok, limited,
 * other }`), so a bench can tell requests served from requests refused for the limit.
 * Environment:
 *   BENCH_CONTACTS         contacts of the (shared) data set
 *   BENCH_GRANTS           grants to issue: one per account
 *   BENCH_GRANTS_FILE      where their tokens go (JSON array, as a connection stores them)
 *   BENCH_RATE_MAX         requests per account per interval (HubSpot's lowest: 100)
 *   BENCH_RATE_INTERVAL_MS the interval (HubSpot: 10,000)
 */
import { writeFileSync } from 'node:fs';
import { startHubSpotEmulator } from '@splice/provider-emulators';
import type { MiddlewareHandler } from 'hono';
import { storedTokensOf } from '../hubspot-connection.js';

const grantsFile = process.env.BENCH_GRANTS_FILE;
if (!grantsFile) throw new Error('Set BENCH_GRANTS_FILE.');
const counts = { ok: 0, limited: 0, other: 0 };
const counting: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.req.path.startsWith('/crm/')) return;
  if (c.res.status === 429) counts.limited++;
  else if (c.res.status < 400) counts.ok++;
  else counts.other++;
};
const emulator = await startHubSpotEmulator({
  counts: { contacts: Number(process.env.BENCH_CONTACTS ?? 10_000), companies: 10, deals: 10 },
  rateLimit: {
    max: Number(process.env.BENCH_RATE_MAX ?? 100),
    intervalMs: Number(process.env.BENCH_RATE_INTERVAL_MS ?? 10_000),
  },
  rateLimitPerGrant: true,
  middleware: [counting],
});
const grants = Array.from({ length: Number(process.env.BENCH_GRANTS ?? 1) }, () => {
  return storedTokensOf(emulator.issueTokens());
});
writeFileSync(grantsFile, JSON.stringify(grants), { mode: 0o600 });
process.on('message', (message: { type?: string }) => {
  if (message.type === 'count') process.send?.({ type: 'counts', ...counts });
});
process.send?.({ type: 'ready', url: emulator.url });

const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
