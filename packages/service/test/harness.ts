import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type RunningHubSpotEmulator,
  type RunningSalesforceEmulator,
  startHubSpotEmulator,
  startSalesforceEmulator,
} from '@splice/provider-emulators';
import type { Manifest } from '@splice/schema';
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import Sqlite from 'better-sqlite3';
import { afterAll } from 'vitest';
import { defaultManifestPath } from '../src/config.js';
import { seedDemoConnections } from '../src/demo-data.js';
import type { RunningService, StartServiceOptions } from '../src/index.js';
import {
  type DemoConnectionGrant,
  demoConnectionGrants,
  providerAppsFromEnv,
  startService,
} from '../src/index.js';
import { loadManifest } from '../src/manifest/load-manifest.js';
import { SecretBox } from '../src/oauth/crypto.js';
import { loadSecretKey } from '../src/oauth/secret-key.js';
import { databaseFileName, type Repository, SqliteRepository } from '../src/store/index.js';
import { openPgPool, PgRepository } from '../src/store/pg/index.js';

/**
 * `SPLICE_TEST_POSTGRES=1` runs the service tests on PostgreSQL: one embedded server per test file (this
 * module is loaded once per file), started by the file's first service, and a fresh database per service.
 */
const onPostgres = process.env.SPLICE_TEST_POSTGRES === '1';
let postgres: Promise<RunningPostgres> | undefined;
let databases = 0;
if (onPostgres) {
  afterAll(async () => {
    await (await postgres)?.stop();
  });
}

async function freshDatabaseUrl(): Promise<string> {
  postgres ??= startPostgres();
  return (await postgres).createDatabase(`service_${++databases}`);
}

/**
 * The file's HubSpot and Salesforce: both emulators on loopback ports, started by the file's first service
 * and shared by its services (each service's demo groups get grants of their own).
 */
export interface TestProviders {
  hubspot: RunningHubSpotEmulator;
  salesforce: RunningSalesforceEmulator;
}
let testProviders: Promise<TestProviders> | undefined;
let testProviderCounts: string | undefined;
afterAll(async () => {
  const providers = await testProviders;
  await Promise.all([providers?.hubspot.close(), providers?.salesforce.close()]);
});

/**
 * The file's emulators; `counts` sizes their accounts (default: the emulators' own), and every service of
 * a file must ask for the same, since the first one starts them.
 */
export function emulatedProviders(counts?: EmulatorCounts): Promise<TestProviders> {
  const asked = JSON.stringify(counts ?? null);
  if (testProviders && testProviderCounts !== asked) {
    throw new Error(`This file's emulators were started with ${testProviderCounts}, not ${asked}`);
  }
  testProviderCounts = asked;
  testProviders ??= Promise.all([
    startHubSpotEmulator(counts ? { counts } : {}),
    startSalesforceEmulator(counts ? { counts } : {}),
  ]).then(([hubspot, salesforce]) => ({ hubspot, salesforce }));
  return testProviders;
}

/** How many contacts, companies and deals each emulated account holds. */
export type EmulatorCounts = { contacts: number; companies: number; deals: number };

export interface TestServiceOptions extends Partial<StartServiceOptions> {
  /** The size of the file's emulated accounts (see `emulatedProviders`). */
  emulatorCounts?: EmulatorCounts;
}

/** A new grant at a provider's emulator, in the form a connection stores it. */
function issueTokens(providers: TestProviders, provider: string) {
  const emulator = provider === 'hubspot' ? providers.hubspot : providers.salesforce;
  const issued = emulator.issueTokens();
  return {
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresAtMs: issued.issuedAt + issued.expiresIn * 1000,
    ...(provider === 'salesforce' && { instanceUrl: providers.salesforce.url }),
  };
}

export interface TestService extends RunningService {
  /** The emulated HubSpot and Salesforce its catalog points at: Acme's CRM and Globex's. */
  providers: TestProviders;
  /** The PostgreSQL database it runs on (`SPLICE_TEST_POSTGRES=1`), else undefined (SQLite in `dataDir`). */
  databaseUrl: string | undefined;
  /** The grant this start stored as a demo group's CRM connection (Acme's HubSpot, Globex's Salesforce). */
  demoGrant(groupRef: string): DemoConnectionGrant;
  /**
   * Gives a demo group its CRM connection again, with new tokens, as a restart of the demo does (after a
   * test deleted it, or to replace revoked tokens).
   */
  restoreDemoConnection(groupRef: string): Promise<void>;
  dataDir: string;
  /** Stops the service and removes its data directory. */
  dispose(): Promise<void>;
  /**
   * Rows of `text` (`?` parameters) from the service's own database, SQLite or PostgreSQL. JSON columns are
   * JSON text on SQLite and parsed on PostgreSQL: select them as `CAST(x AS TEXT)` to read the same on both.
   */
  sql<T>(text: string, ...params: unknown[]): Promise<T[]>;
  /** Runs `work` with a repository of its own on the service's database (as another process would). */
  withRepo<T>(work: (repo: Repository) => Promise<T>): Promise<T>;
}

/**
 * A real service on a random loopback port with its own data directory. Its read engine is off unless the
 * test asks for it (`runReads: true`): most tests never read, and the engine would share the cores.
 */
export async function startTestService(testOptions: TestServiceOptions = {}): Promise<TestService> {
  const { emulatorCounts, ...options } = testOptions;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'splice-service-'));
  const databaseUrl = options.databaseUrl ?? (onPostgres ? await freshDatabaseUrl() : undefined);
  const providers = await emulatedProviders(emulatorCounts);
  const demoConnections =
    options.demoConnections ?? demoConnectionGrants((provider) => issueTokens(providers, provider));
  const service = await startService({
    port: 0,
    providerApps: providerAppsFromEnv({
      SPLICE_HUBSPOT_BASE_URL: providers.hubspot.url,
      SPLICE_SALESFORCE_BASE_URL: providers.salesforce.url,
    }),
    demoConnections,
    runReads: false,
    // The tests' receivers listen on this machine.
    allowPrivateDestinations: ['loopback'],
    ...options,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const pool = databaseUrl ? openPgPool(databaseUrl) : undefined;
  const sqlite = <T>(work: (db: Sqlite.Database) => T): T => {
    const db = new Sqlite(join(dataDir, databaseFileName));
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  async function withRepo<T>(work: (repo: Repository) => Promise<T>): Promise<T> {
    if (pool) return work(new PgRepository(pool));
    const db = new Sqlite(join(dataDir, databaseFileName));
    try {
      return await work(new SqliteRepository(db));
    } finally {
      db.close();
    }
  }
  return {
    ...service,
    providers,
    databaseUrl,
    demoGrant(groupRef) {
      const grant = demoConnections.find((g) => g.groupRef === groupRef);
      if (!grant) throw new Error(`This service has no CRM grant for ${groupRef}`);
      return grant;
    },
    async restoreDemoConnection(groupRef) {
      const grants = demoConnectionGrants((provider) => issueTokens(providers, provider)).filter(
        (grant) => grant.groupRef === groupRef,
      );
      const secrets = new SecretBox(loadSecretKey(dataDir, options.secretKey));
      await withRepo((repo) => seedDemoConnections(repo, secrets, grants));
    },
    dataDir,
    dispose: async () => {
      await pool?.end();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async sql<T>(text: string, ...params: unknown[]): Promise<T[]> {
      if (!pool) return sqlite((db) => db.prepare(text).all(...params) as T[]);
      let n = 0;
      return (
        await pool.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    },
    withRepo,
  };
}

/** The ids `seedDemoConnections` gives the demo groups' CRM connections. */
export const demoConnectionIds = { acme: 'conn-acme-hubspot', globex: 'conn-globex-salesforce' } as const;

/** The demo manifest's integration that syncs each demo CRM: Acme's HubSpot and Globex's Salesforce. */
export const crmIntegration = { hubspot: 'hubspot-sync', salesforce: 'salesforce-sync' } as const;
export type TestCrm = keyof typeof crmIntegration;

/**
 * A manifest file (JSON, which is YAML) with the demo manifest as `edit` changes it, for a service started
 * with `manifestPath`: a test that needs a rule the demo's integrations do not use adds it here.
 */
export function demoManifestWith(edit: (manifest: Manifest) => void): string {
  const manifest = loadManifest(defaultManifestPath);
  edit(manifest);
  const dir = mkdtempSync(join(tmpdir(), 'splice-manifest-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'manifest.yaml');
  writeFileSync(path, JSON.stringify(manifest, null, 2));
  return path;
}

export function createInstallationUrl(
  service: RunningService,
  project = 'demo',
  integration: string = crmIntegration.hubspot,
) {
  return `${service.baseUrl}/projects/${project}/integrations/${integration}/installations`;
}

export function searchUrl(
  service: RunningService,
  groupRef: string,
  project = 'demo',
  integration: string = crmIntegration.hubspot,
) {
  return `${service.searchUrl}/projects/${project}/integrations/${integration}?groupRef=${encodeURIComponent(groupRef)}`;
}

export function apiKeyHeaders(service: RunningService): Record<string, string> {
  return { 'content-type': 'application/json', 'x-api-key': service.apiKey };
}

export function searchHeaders(service: RunningService): Record<string, string> {
  return { ...apiKeyHeaders(service), 'x-svc-request-type': 'search' };
}

export function bearerHeaders(service: RunningService): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${service.authToken}` };
}

/** Parsed JSON as tests read it: assertions, not types, check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
export type Json = any;

export interface JsonResponse {
  status: number;
  contentType: string | null;
  body: Json;
}

export async function readJsonResponse(response: Response): Promise<JsonResponse> {
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  };
}

export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<JsonResponse> {
  return readJsonResponse(await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** The contacts object of each demo CRM and a few of its fields, in the provider's own names. */
export const crmContacts = {
  hubspot: { objectName: 'contacts', selectedFields: { email: true, firstname: true, hubspotscore: true } },
  salesforce: { objectName: 'Contact', selectedFields: { Email: true, FirstName: true, Phone: true } },
} as const;

/**
 * A minimal config the demo's integration for `crm` accepts (Acme's HubSpot unless told): read contacts
 * with a few fields; `extra` adds to or replaces the contacts object's settings.
 */
export function contactsConfig(extra: Record<string, unknown> = {}, crm: TestCrm = 'hubspot') {
  const { objectName, selectedFields } = crmContacts[crm];
  return {
    content: {
      provider: crm,
      read: {
        objects: {
          [objectName]: {
            objectName,
            schedule: '*/15 * * * *',
            destination: 'contactsWebhook',
            selectedFields,
            ...extra,
          },
        },
      },
    },
  };
}
