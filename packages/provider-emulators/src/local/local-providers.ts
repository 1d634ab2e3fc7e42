/**
 * The CRM providers a local run talks to: for each provider whose base URL the environment names, that
 * provider; for the others, its emulator on a free loopback port. The answer is the environment the
 * service reads its provider apps from, so the service itself never needs to know an emulator exists.
 */
import type { ChangedRecord } from '../activity/activity-generator.js';
import { defaultApp, type RunningHubSpotEmulator, startHubSpotEmulator } from '../hubspot/start.js';
import type { RateLimit } from '../limits/rolling-window.js';
import type { OAuthApp } from '../oauth/authorization-server.js';
import {
  defaultConnectedApp,
  type RunningSalesforceEmulator,
  startSalesforceEmulator,
} from '../salesforce/start.js';
import { activityRate, activityVariable } from './activity-rate.js';

export interface LocalProvider {
  provider: 'hubspot' | 'salesforce';
  displayName: string;
  baseUrl: string;
  /** Whether this run started the provider's emulator (false: the environment's base URL is used). */
  emulated: boolean;
}

export interface LocalProviders {
  /** `SPLICE_HUBSPOT_BASE_URL` and `SPLICE_SALESFORCE_BASE_URL`, set to what this run uses. */
  env: Record<string, string>;
  providers: LocalProvider[];
  /**
   * A new grant's tokens at a provider this run emulates (as if its user had just allowed the app), in the
   * form a connection stores them; undefined for a real provider, which only its consent page can grant.
   */
  issueTokens(provider: string): EmulatedGrantTokens | undefined;
  /** Changes per minute each emulated account makes (`SPLICE_SANDBOX_ACTIVITY`, default 3; 0: still). */
  changesPerMinute: number;
  /**
   * Ends every live grant at a provider this run emulates, as its user uninstalling the app does: the next
   * API call with any of their tokens answers 401 and their refresh `invalid_grant`. Answers how many
   * grants ended; undefined for a provider this run does not emulate.
   */
  revokeGrants(provider: string): number | undefined;
  /**
   * Sets the emulated account's request limit live (HubSpot's per-10-second burst limit, Salesforce's
   * daily API request limit, or `intervalMs` instead), or with `undefined` restores the one it started
   * with. False for a provider this run does not emulate.
   */
  throttle(provider: string, requestsPerInterval: number | undefined, intervalMs?: number): boolean;
  /** Applies `count` changes to the emulated account now; undefined for a provider not emulated. */
  applyChanges(provider: string, count: number): ChangedRecord[] | undefined;
  /** One line per provider, for a startup banner. */
  describe(): string[];
  /** Stops the emulators this run started. */
  close(): Promise<void>;
}

const known = [
  { provider: 'hubspot', displayName: 'HubSpot', variable: 'SPLICE_HUBSPOT_BASE_URL' },
  { provider: 'salesforce', displayName: 'Salesforce', variable: 'SPLICE_SALESFORCE_BASE_URL' },
] as const;

export interface EmulatedGrantTokens {
  accessToken: string;
  refreshToken: string;
  expiresAtMs: number;
  /** Salesforce's: the org's API origin, which its token answer carries. */
  instanceUrl?: string;
}

type RunningEmulator = RunningHubSpotEmulator | RunningSalesforceEmulator;

/** Starts the emulators the environment does not replace with a provider's base URL. */
export async function startLocalProviders(
  environment: Readonly<Record<string, string | undefined>>,
  options: {
    host?: string;
    /**
     * The app the consent pages name: the builder's own app at the provider, which the service connects
     * as. Default: the emulators' own name for it.
     */
    appName?: string;
  } = {},
): Promise<LocalProviders> {
  const host = options.host ?? '127.0.0.1';
  const named = (app: OAuthApp) => [options.appName ? { ...app, name: options.appName } : app];
  const changesPerMinute = activityRate(environment);
  // A recent past, so a read of the last 30 days (the wizard's default history) finds records.
  const activity = { changesPerMinute, historyDays: 60 };
  const started = await Promise.allSettled(
    known.map(async ({ provider, variable }): Promise<RunningEmulator | undefined> => {
      if (environment[variable]) return undefined;
      return provider === 'hubspot'
        ? startHubSpotEmulator({ host, activity, apps: named(defaultApp) })
        : startSalesforceEmulator({ host, activity, apps: named(defaultConnectedApp) });
    }),
  );
  const emulators = started.flatMap((result) =>
    result.status === 'fulfilled' && result.value ? [result.value] : [],
  );
  const close = async () => {
    await Promise.all(emulators.map((emulator) => emulator.close()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  const providers = known.map(({ provider, displayName, variable }, index): LocalProvider => {
    const result = started[index];
    const emulator = result?.status === 'fulfilled' ? result.value : undefined;
    return emulator
      ? { provider, displayName, baseUrl: emulator.url, emulated: true }
      : { provider, displayName, baseUrl: environment[variable]!.replace(/\/+$/, ''), emulated: false };
  });
  const emulatorOf = (provider: string): RunningEmulator | undefined => {
    const result = started[known.findIndex((entry) => entry.provider === provider)];
    return result?.status === 'fulfilled' ? result.value : undefined;
  };
  // What each account's limit was at the start, for `throttle(provider, undefined)` to restore.
  const startLimits = new Map(emulators.map((emulator) => [emulator, { ...limitOf(emulator) }] as const));
  return {
    env: Object.fromEntries(known.map(({ variable }, index) => [variable, providers[index]!.baseUrl])),
    providers,
    changesPerMinute,
    issueTokens(provider) {
      const emulator = emulatorOf(provider);
      if (!emulator) return undefined;
      const issued = emulator.issueTokens();
      return {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        expiresAtMs: issued.issuedAt + issued.expiresIn * 1000,
        ...(provider === 'salesforce' && { instanceUrl: emulator.url }),
      };
    },
    revokeGrants: (provider) => emulatorOf(provider)?.revokeAllGrants(),
    throttle(provider, requestsPerInterval, intervalMs) {
      const emulator = emulatorOf(provider);
      if (!emulator) return false;
      const limit = limitOf(emulator);
      Object.assign(limit, startLimits.get(emulator));
      if (requestsPerInterval !== undefined) limit.max = requestsPerInterval;
      if (requestsPerInterval !== undefined && intervalMs !== undefined) limit.intervalMs = intervalMs;
      return true;
    },
    applyChanges: (provider, count) => emulatorOf(provider)?.applyChanges(count),
    describe: () =>
      providers.map(
        ({ displayName, baseUrl, emulated }, index) =>
          `${displayName.padEnd(13)} ${baseUrl}   (${emulated ? 'emulator; set' : 'from'} ${known[index]!.variable}${emulated ? ' to use another' : ''})${emulated ? `, ${changesPerMinute} changes per minute (${activityVariable})` : ''}`,
      ),
    close,
  };
}

/** The emulated account's request limit, which its emulator reads on every request. */
function limitOf(emulator: RunningEmulator): RateLimit {
  return 'rateLimit' in emulator ? emulator.rateLimit : emulator.apiLimit;
}
