/**
 * The HubSpot emulator as its own process for the load test, as HubSpot is a service of its own: in the
 * load generator's process, answering the backfills' page reads would delay the generator's reading of the
 * answers it times. Issues `GRANTS` grants at start (the connections the test seeds), writes them to
 * `GRANTS_FILE` as `issueTokens` returns them, then prints `{"url": ...}`; stops on SIGTERM.
 * The rate limit is lifted, as in the rest of the suite (emulated-hubspot.ts).
 */
import { writeFileSync } from 'node:fs';
import { startCrm } from '../emulated-hubspot.js';

const env = process.env;
const crm = await startCrm();
const grants = Array.from({ length: Number(env.GRANTS ?? 0) }, () => crm.issueTokens());
writeFileSync(env.GRANTS_FILE as string, JSON.stringify(grants), { mode: 0o600 });
console.log(JSON.stringify({ url: crm.url }));
process.once('SIGTERM', () => void crm.close().then(() => process.exit(0)));
