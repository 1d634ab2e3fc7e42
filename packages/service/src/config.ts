import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { demoWebhookSecret } from './demo-data.js';
import { DestinationAddressPolicy } from './reads/destination-address.js';
import { type ReadTiming, readTimingFromEnv } from './reads/timing.js';
import { databaseUrlFromEnv } from './store/pg/index.js';

/** Dev credentials used when the environment sets none; printed at start so curl users can copy them. */
export const devCredentials = { apiKey: 'splice-dev-api-key', authToken: 'splice-dev-auth-token' } as const;

export const defaultManifestPath = fileURLToPath(new URL('./manifest/demo-manifest.yaml', import.meta.url));

export type CredentialSource = 'environment' | 'devDefault';

export type ServiceRole = 'api' | 'worker' | 'all';

const roles: readonly ServiceRole[] = ['api', 'worker', 'all'];

/** The role from `--role NAME` (or `--role=NAME`) in `argv`, else `SPLICE_ROLE`, else `all`. */
export function roleFrom(argv: readonly string[], env: NodeJS.ProcessEnv): ServiceRole {
  const at = argv.findIndex((arg) => arg === '--role' || arg.startsWith('--role='));
  const named = at < 0 ? env.SPLICE_ROLE || 'all' : (argv[at]?.split('=')[1] ?? argv[at + 1] ?? '');
  if (!(roles as readonly string[]).includes(named)) {
    throw new Error(`The role must be one of ${roles.join(', ')}; got "${named}".`);
  }
  return named as ServiceRole;
}

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  apiKey: string;
  authToken: string;
  manifestPath: string;
  /** `SPLICE_SECRET_KEY`: seals stored OAuth tokens (default: a key file in the data directory). */
  secretKey: string | undefined;
  /**
   * Where each secret came from: `environment` (its variable was set) or `devDefault` (the published
   * development value). The start-up banner prints only the development values.
   */
  credentialSources: Record<'apiKey' | 'authToken' | 'demoWebhookSecret', CredentialSource>;
  /** `SPLICE_ALLOW_PRIVATE_DESTINATIONS`: address kinds and ranges destinations may reach besides public ones. */
  allowPrivateDestinations: readonly string[];
  /** The demo app's webhook receiver: the demo data set's destinations point there when set. */
  demoReceiverUrl?: string;
  demoWebhookSecret: string;
  /** Read engine time constants from `SPLICE_*_MS` variables (README, "Reads and delivery"). */
  readTiming: Partial<ReadTiming>;
  /** `SPLICE_READS`: `on` (default) runs the read engine, `off` serves the API without reading. */
  runReads: boolean;
  /**
   * `--role` or `SPLICE_ROLE`: `api` answers requests and queues work, `worker` reads, delivers and runs
   * queued writes, `all` (default) is both: the API in this process and the worker in a child process
   * of lower priority, so background work never takes the API's event loop or its core.
   */
  role: ServiceRole;
  /** `SPLICE_DATABASE_URL`: the service's data on PostgreSQL (README, "Running on more than one machine"). */
  databaseUrl?: string;
  /** `SPLICE_READ_LEASE_MS`: how long an instance's claim on read work holds (PostgreSQL). */
  readLeaseMs?: number;
  /** `SPLICE_READ_MAX_STREAMS`: streams one instance reads at once at most (PostgreSQL). */
  readMaxStreams?: number;
  /** `SPLICE_REFRESH_LEASE_MS`: how long an instance's claim on a connection's token refresh holds. */
  refreshLeaseMs?: number;
  /** `SPLICE_PUBLIC_URL`: the origin browsers reach the service on (default: the listening address). */
  publicUrl?: string;
  /** `SPLICE_BROWSER_ORIGINS`: comma-separated origins allowed to call the API from a browser (default none). */
  browserOrigins: readonly string[];
  /** Each CRM provider's app credentials and API base URL (`SPLICE_HUBSPOT_*`, `SPLICE_SALESFORCE_*`). */
  providerApps: ProviderApps;
}

/**
 * A provider app as the service uses it: the credentials the provider issued to the builder's app, and the
 * API's base URL (for Salesforce, the login URL: each connection's API is at its token answer's
 * `instance_url`). The defaults are the local emulators' app on their default ports.
 */
const providerAppSchema = (defaults: { baseUrl: string }) =>
  z.object({
    clientId: z._default(z.string().check(z.minLength(1)), 'splice-emulator-client'),
    clientSecret: z._default(z.string().check(z.minLength(1)), 'splice-emulator-secret'),
    baseUrl: z.pipe(
      z._default(z.url({ protocol: /^https?$/ }), defaults.baseUrl),
      z.transform((url: string) => url.replace(/\/+$/, '')),
    ),
  });

export const providerAppsSchema = z.object({
  hubspot: providerAppSchema({ baseUrl: 'http://127.0.0.1:4020' }),
  salesforce: providerAppSchema({ baseUrl: 'http://127.0.0.1:4021' }),
});
export type ProviderApps = z.infer<typeof providerAppsSchema>;
export type ProviderAppConfig = ProviderApps['hubspot'];

/** The provider apps from `SPLICE_{HUBSPOT,SALESFORCE}_{CLIENT_ID,CLIENT_SECRET,BASE_URL}`; empty is unset. */
export function providerAppsFromEnv(env: NodeJS.ProcessEnv): ProviderApps {
  const app = (prefix: string) => ({
    clientId: env[`${prefix}_CLIENT_ID`] || undefined,
    clientSecret: env[`${prefix}_CLIENT_SECRET`] || undefined,
    baseUrl: env[`${prefix}_BASE_URL`] || undefined,
  });
  const parsed = providerAppsSchema.safeParse({
    hubspot: app('SPLICE_HUBSPOT'),
    salesforce: app('SPLICE_SALESFORCE'),
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const [provider, field] = (issue?.path ?? []).map(String);
    const variable = `SPLICE_${provider?.toUpperCase()}_${field?.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    throw new Error(`${variable} is not valid: ${issue?.message ?? 'invalid value'}.`);
  }
  return parsed.data;
}

/**
 * The origin of a public URL setting: http or https, nothing after the host and port. Behind a proxy it
 * is the proxy's address; the OAuth pages and `redirect_uri` are built on it, not on a request's `Host`.
 */
export function publicOriginOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http or https URL, got "${value}".`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    throw new Error(
      `${name} must be an http or https origin such as https://splice.example.com, got "${value}".`,
    );
  }
  return url.origin;
}

function intFromEnv(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}".`);
  return n;
}

/** Reads the service's settings from the environment (see README, "The embedded service"). */
function readsFromEnv(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`SPLICE_READS must be "on" or "off", got "${value}".`);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServiceConfig {
  return {
    port: intFromEnv('PORT', env.PORT, 4010),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(cwd, env.SPLICE_DATA_DIR || '.data/service'),
    apiKey: env.SPLICE_API_KEY || devCredentials.apiKey,
    authToken: env.SPLICE_AUTH_TOKEN || devCredentials.authToken,
    manifestPath: resolve(cwd, env.SPLICE_MANIFEST || defaultManifestPath),
    secretKey: env.SPLICE_SECRET_KEY || undefined,
    credentialSources: {
      apiKey: env.SPLICE_API_KEY ? 'environment' : 'devDefault',
      authToken: env.SPLICE_AUTH_TOKEN ? 'environment' : 'devDefault',
      demoWebhookSecret: env.SPLICE_DEMO_WEBHOOK_SECRET ? 'environment' : 'devDefault',
    },
    allowPrivateDestinations: DestinationAddressPolicy.fromList(env.SPLICE_ALLOW_PRIVATE_DESTINATIONS)
      .allowed,
    ...(env.SPLICE_DEMO_RECEIVER_URL ? { demoReceiverUrl: env.SPLICE_DEMO_RECEIVER_URL } : {}),
    demoWebhookSecret: env.SPLICE_DEMO_WEBHOOK_SECRET || demoWebhookSecret,
    readTiming: readTimingFromEnv(env),
    runReads: readsFromEnv(env.SPLICE_READS),
    role: roleFrom([], env),
    ...(databaseUrlFromEnv(env) ? { databaseUrl: databaseUrlFromEnv(env)! } : {}),
    ...(env.SPLICE_READ_LEASE_MS
      ? { readLeaseMs: intFromEnv('SPLICE_READ_LEASE_MS', env.SPLICE_READ_LEASE_MS, 60_000) }
      : {}),
    ...(env.SPLICE_REFRESH_LEASE_MS
      ? { refreshLeaseMs: intFromEnv('SPLICE_REFRESH_LEASE_MS', env.SPLICE_REFRESH_LEASE_MS, 20_000) }
      : {}),
    ...(env.SPLICE_READ_MAX_STREAMS
      ? { readMaxStreams: intFromEnv('SPLICE_READ_MAX_STREAMS', env.SPLICE_READ_MAX_STREAMS, 200) }
      : {}),
    ...(env.SPLICE_PUBLIC_URL
      ? { publicUrl: publicOriginOf('SPLICE_PUBLIC_URL', env.SPLICE_PUBLIC_URL) }
      : {}),
    browserOrigins: (env.SPLICE_BROWSER_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '')
      .map((origin) => publicOriginOf('SPLICE_BROWSER_ORIGINS', origin)),
    providerApps: providerAppsFromEnv(env),
  };
}
