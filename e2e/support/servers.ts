import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The demo instances the suite starts. Each customer group can install `crm-sync` once and the service
 * has no uninstall, so specs that must see a group before its installation get a demo of their own:
 *
 * - `shared`: sign-in, invites, search, theme, axe of the pages, credentials, initech, and the wizard's
 *   full install as alice@acme. bob@globex is installed here through the API by the specs that need data.
 * - `installs`: the wizard specs that install: double click (alice@acme) and keyboard only (bob@globex).
 * - `neverInstalls`: specs that walk the wizard without a successful install (alice@acme): the server's
 *   validation error and the axe scans of each step.
 * - `connects`: the OAuth connect flow, one group per spec file: carol@initech connects (after a denied
 *   and a closed attempt, and her provider URL finished in another browser) and installs; bob@globex installs and reads his Activity panel; alice@acme
 *   reconnects in the same tab after a blocked popup.
 * - `runs`: installations that run: a 30-day backfill and Run now (alice@acme), and a receiver that
 *   fails for a while, then recovers (bob@globex). Its receiver can be told to fail, and retries are fast.
 *   carol@initech connects HubSpot through its emulator's consent page and installs `hubspot-sync`.
 * - `manages`: managing an installation as alice@acme: edit, pause and resume, two tabs editing at once,
 *   uninstall and reinstall (which connects again: the uninstall removed the unused connection); bob@globex
 *   edits a mapping; carol@initech connects and disconnects, then connects, installs and is refused Disconnect.
 * - `accounts`: the provider controls that act on a whole CRM account at its emulator: bob@globex's
 *   Salesforce revokes the app (and he reconnects, his Activity panel telling both), alice@acme's HubSpot is throttled. An emulator has one
 *   account, shared by every company connected to it, so no other spec may meet what these do to it.
 */
/**
 * The demos serve the React app as a production build (`DEMO_APP=build`), except this one, which serves
 * it through Vite's dev server as `pnpm demo` does, so that both ways stay covered.
 */
export const devServerDemo: ServerName = 'accounts';

// E2E_PORT_BASE moves them all (default 5197, seven ports from it), so two checkouts can run the suite side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 5197);
const server = (port: number) => ({ port, url: `http://127.0.0.1:${port}` });
export const servers = {
  shared: server(portBase + 2),
  installs: server(portBase + 1),
  neverInstalls: server(portBase),
  connects: server(portBase + 3),
  runs: server(portBase + 4),
  manages: server(portBase + 5),
  accounts: server(portBase + 6),
} as const;

export type ServerName = keyof typeof servers;

/**
 * Set once, in the runner's process, when the config is first loaded; the workers inherit the
 * environment, so every process of a run sees the same values. Random per run: a credential found in
 * a response can only have come from the running server, not from a file that happens to contain it.
 */
function once(name: string, make: () => string): string {
  const value = process.env[name] || make();
  process.env[name] = value;
  return value;
}

export const credentials = {
  apiKey: once('E2E_SPLICE_API_KEY', () => `e2e-api-key-${randomBytes(16).toString('hex')}`),
  authToken: once('E2E_SPLICE_AUTH_TOKEN', () => `e2e-auth-token-${randomBytes(16).toString('hex')}`),
};

/** A fresh data folder per demo and run (removed by global-teardown.ts). */
export function dataDirOf(name: ServerName): string {
  return once(`E2E_DATA_DIR_${name.toUpperCase()}`, () => mkdtempSync(join(tmpdir(), `splice-e2e-${name}-`)));
}
