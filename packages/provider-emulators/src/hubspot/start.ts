/**
 * Starts the HubSpot emulator on a loopback port: the generated account, its OAuth server, limits and
 * fault switches, with handles a test uses to mint tokens, revoke grants and change faults while it runs.
 */

import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { SandboxCounts } from '@splice/sandbox-data';
import { defaultSandboxSeed } from '@splice/sandbox-data';
import type { MiddlewareHandler } from 'hono';
import { type ActivityOptions, type ChangedRecord, startActivity } from '../activity/activity-generator.js';
import { GeneratedRecords } from '../activity/generated-records.js';
import { type Faults, noFaults } from '../faults/faults.js';
import { type RateLimit, RollingWindow } from '../limits/rolling-window.js';
import { AuthorizationServer, type IssuedTokens, type OAuthApp } from '../oauth/authorization-server.js';
import { hubSpotActivityTarget } from './activity-target.js';
import { createHubSpotApp } from './app.js';
import { CrmStore } from './crm-store.js';
import { defaultEmulatorCounts, generateCrmRecords } from './data-set.js';
import { defaultRateLimit } from './rate-limit.js';

export interface HubSpotEmulatorOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: the emulator is for this machine's tests and tools only. */
  host?: string;
  /** Records of each type (default 500 contacts, 50 companies, 200 deals) and the generator's seed. */
  counts?: SandboxCounts;
  seed?: number;
  /** Default one app, `splice-emulator-client` / `splice-emulator-secret`, any redirect URI. */
  apps?: readonly OAuthApp[];
  hubId?: number;
  /** Seconds an access token lives (HubSpot: 1800). */
  accessTokenTtlSeconds?: number;
  /** Default true: each refresh answers a new refresh token, and reusing a retired one revokes the grant. */
  rotateRefreshTokens?: boolean;
  /**
   * With rotation, how long the immediately previous refresh token is still accepted after a refresh, while
   * its successor has not been presented (default 0: none; see `AuthorizationServer`).
   */
  refreshGraceMs?: number;
  /** Requests per app and account per interval (default 110 per 10 s). */
  rateLimit?: Partial<RateLimit>;
  /**
   * Count the limit per grant instead of per app and account, so that one emulator stands in for as many
   * HubSpot accounts as it issued grants (a bench of many accounts each at its own limit). Default false.
   */
  rateLimitPerGrant?: boolean;
  /** Run before everything else on every request (a bench counting answers). */
  middleware?: readonly MiddlewareHandler[];
  faults?: Partial<Faults>;
  /** Records created, changed and deleted over time (default: none; the account stays still). */
  activity?: ActivityOptions;
  /** The clock tokens expire and records are stamped by (default `Date.now`). */
  now?: () => number;
  /**
   * No search page may reach past this many results (HubSpot: 10,000); a test lowers it to meet the cap
   * without generating ten thousand records.
   */
  searchResultCap?: number;
}

export interface RunningHubSpotEmulator {
  /** The `basePath` for HubSpot's client: `http://127.0.0.1:{port}`. */
  url: string;
  /** Changed in place: takes effect on the next request. */
  faults: Faults;
  rateLimit: RateLimit;
  /** The default app's credentials (the first of `apps`). */
  app: OAuthApp;
  /** A grant and its first tokens without the consent page. */
  issueTokens(scopes?: string[]): IssuedTokens;
  /** Ends the grant a token belongs to, as a user uninstalling the app does; false for an unknown token. */
  revokeGrant(token: string): boolean;
  /** Ends every live grant of every app, as the account's users removing the apps do; answers how many. */
  revokeAllGrants(): number;
  /** Retired refresh tokens presented outside their grace so far: each revoked a grant. */
  refreshTokenReuses(): number;
  /** Applies `count` changes of the activity generator now (whatever its rate) and says which records. */
  applyChanges(count: number): ChangedRecord[];
  close(): Promise<void>;
}

export const defaultApp: OAuthApp = {
  clientId: 'splice-emulator-client',
  clientSecret: 'splice-emulator-secret',
  appId: 1_000_001,
  name: 'Splice',
};

export async function startHubSpotEmulator(
  options: HubSpotEmulatorOptions = {},
): Promise<RunningHubSpotEmulator> {
  const now = options.now ?? Date.now;
  const hubId = options.hubId ?? 20_250_101;
  const apps = options.apps ?? [defaultApp];
  const counts = options.counts ?? defaultEmulatorCounts;
  const seed = options.seed ?? defaultSandboxSeed;
  const store = new CrmStore(generateCrmRecords(counts, seed), now);
  const account = {
    hubId,
    hubDomain: `splice-emulator-${hubId}.hubspot.test`,
    user: 'emulator.user@splice.test',
    userId: 1,
  };
  const oauth = new AuthorizationServer({
    apps,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 1800,
    rotateRefreshTokens: options.rotateRefreshTokens ?? true,
    refreshGraceMs: options.refreshGraceMs ?? 0,
    now,
  });
  const rateLimit: RateLimit = { ...defaultRateLimit, ...options.rateLimit };
  const faults: Faults = { ...noFaults, ...options.faults };
  const app = createHubSpotApp({
    store,
    oauth,
    account,
    rateLimit: new RollingWindow(rateLimit, now),
    rateLimitPerGrant: options.rateLimitPerGrant ?? false,
    ...(options.middleware && { middleware: options.middleware }),
    faults,
    faultSeed: options.seed ?? hubId,
    ...(options.searchResultCap !== undefined && { searchResultCap: options.searchResultCap }),
  });

  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  // Once the server listens: a start that fails leaves no timer behind.
  const activity = startActivity(hubSpotActivityTarget(store), new GeneratedRecords(counts, seed), {
    ...options.activity,
    seed: seed ^ 0xac71,
    now,
  });
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    faults,
    rateLimit,
    app: apps[0]!,
    issueTokens: (scopes = []) => oauth.issue(oauth.createGrant(apps[0], scopes)),
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
