/**
 * Starts the Salesforce emulator on a loopback port: the generated org, its OAuth server (the login URL
 * and the instance URL are both the emulator), with handles a test uses to mint tokens and revoke grants.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { SandboxCounts } from '@splice/sandbox-data';
import { defaultSandboxSeed } from '@splice/sandbox-data';
import { type ActivityOptions, type ChangedRecord, startActivity } from '../activity/activity-generator.js';
import { GeneratedRecords } from '../activity/generated-records.js';
import { type Faults, noFaults } from '../faults/faults.js';
import { type RateLimit, RollingWindow } from '../limits/rolling-window.js';
import { AuthorizationServer, type IssuedTokens, type OAuthApp } from '../oauth/authorization-server.js';
import { salesforceActivityTarget } from './activity-target.js';
import { defaultApiLimit } from './api-limit.js';
import { createSalesforceApp } from './app.js';
import { generateOrgRecords } from './data-set.js';
import { OrgStore } from './org-store.js';
import { QueryEngine } from './query.js';

export interface SalesforceEmulatorOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: the emulator is for this machine's tests and tools only. */
  host?: string;
  /** Records of each type (default 500 contacts, 50 accounts, 200 opportunities) and the generator's seed. */
  counts?: SandboxCounts;
  seed?: number;
  /** Default one connected app, `splice-emulator-client` / `splice-emulator-secret`, any callback URL. */
  apps?: readonly OAuthApp[];
  /** Seconds an access token lives (Salesforce's default session: 7200). */
  accessTokenTtlSeconds?: number;
  /** Default false, as Salesforce: one refresh token per grant. True rotates it and revokes on reuse. */
  rotateRefreshTokens?: boolean;
  /**
   * With rotation, how long the immediately previous refresh token is still accepted after a refresh, while
   * its successor has not been presented (default 0: none; see `AuthorizationServer`).
   */
  refreshGraceMs?: number;
  /** API requests per org per interval (default 15,000 a day). */
  apiLimit?: Partial<RateLimit>;
  faults?: Partial<Faults>;
  /** Records created, changed and deleted over time (default: none; the account stays still). */
  activity?: ActivityOptions;
  /** The clock tokens expire and records are stamped by (default `Date.now`). */
  now?: () => number;
}

export interface RunningSalesforceEmulator {
  /** The login URL and the instance URL: `http://127.0.0.1:{port}`. */
  url: string;
  /** Changed in place: takes effect on the next request. */
  faults: Faults;
  apiLimit: RateLimit;
  /** The default connected app's credentials (the first of `apps`). */
  app: OAuthApp;
  /** A grant and its first tokens without the consent page. */
  issueTokens(scopes?: string[]): IssuedTokens;
  /** Ends the grant a token belongs to; false for an unknown token. */
  revokeGrant(token: string): boolean;
  /** Ends every live grant of every app, as the account's users removing the apps do; answers how many. */
  revokeAllGrants(): number;
  /** Retired refresh tokens presented outside their grace so far: each revoked a grant. */
  refreshTokenReuses(): number;
  /** Applies `count` changes of the activity generator now (whatever its rate) and says which records. */
  applyChanges(count: number): ChangedRecord[];
  close(): Promise<void>;
}

export const defaultConnectedApp: OAuthApp = {
  clientId: 'splice-emulator-client',
  clientSecret: 'splice-emulator-secret',
  appId: 1,
  name: 'Splice',
};

export async function startSalesforceEmulator(
  options: SalesforceEmulatorOptions = {},
): Promise<RunningSalesforceEmulator> {
  const now = options.now ?? Date.now;
  const apps = options.apps ?? [defaultConnectedApp];
  const counts = options.counts ?? { contacts: 500, companies: 50, deals: 200 };
  const seed = options.seed ?? defaultSandboxSeed;
  const store = new OrgStore(generateOrgRecords(counts, seed), now);
  const oauth = new AuthorizationServer({
    apps,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
    rotateRefreshTokens: options.rotateRefreshTokens ?? false,
    refreshGraceMs: options.refreshGraceMs ?? 0,
    now,
  });
  const apiLimit: RateLimit = { ...defaultApiLimit, ...options.apiLimit };
  const faults: Faults = { ...noFaults, ...options.faults };
  const app = createSalesforceApp({
    store,
    queries: new QueryEngine((sobject, scope) =>
      scope === 'all' ? store.all(sobject) : store.live(sobject),
    ),
    oauth,
    org: { orgId: '00DEm0000000001AAA', userId: '005Em0000000001AAA', username: 'emulator.user@splice.test' },
    apiLimit: new RollingWindow(apiLimit, now),
    faults,
    faultSeed: options.seed ?? 1,
  });

  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  // Once the server listens: a start that fails leaves no timer behind.
  const activity = startActivity(salesforceActivityTarget(store), new GeneratedRecords(counts, seed), {
    ...options.activity,
    seed: seed ^ 0xac71,
    now,
  });
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    faults,
    apiLimit,
    app: apps[0]!,
    issueTokens: (scopes = ['api', 'refresh_token']) => oauth.issue(oauth.createGrant(apps[0], scopes)),
    revokeGrant: (token) => oauth.revokeByToken(token),
    revokeAllGrants: () => oauth.revokeAll(),
    refreshTokenReuses: () => oauth.refreshTokenReuses,
    applyChanges: (count) => activity.applyChanges(count),
    close: () =>
      new Promise<void>((resolve, reject) => {
        activity.stop();
        server.close((error) => (error ? reject(error) : resolve()));
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
