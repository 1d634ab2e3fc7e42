import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type RunningHubSpotEmulator,
  type RunningSalesforceEmulator,
  startHubSpotEmulator,
  startSalesforceEmulator,
} from '@splice/provider-emulators';
import type { DemoConnectionGrant, RunningService, StartServiceOptions } from '@splice/service';
import {
  defaultManifestPath,
  demoConnectionGrants,
  loadManifest,
  providerAppsFromEnv,
  startService,
} from '@splice/service';

/** The emulated HubSpot and Salesforce a real service's catalog points at: Acme's CRM and Globex's. */
export interface RealProviders {
  hubspot: RunningHubSpotEmulator;
  salesforce: RunningSalesforceEmulator;
}

export type RealService = RunningService & {
  providers: RealProviders;
  /** The CRM grant this start stored for a demo group (Acme's HubSpot, Globex's Salesforce). */
  demoGrant(groupRef: string): DemoConnectionGrant;
  stop(): Promise<void>;
};

/** A new grant at a provider's emulator, in the form a connection stores it. */
function issueTokens(providers: RealProviders, provider: string) {
  const emulator = provider === 'hubspot' ? providers.hubspot : providers.salesforce;
  const issued = emulator.issueTokens();
  return {
    accessToken: issued.accessToken,
    refreshToken: issued.refreshToken,
    expiresAtMs: issued.issuedAt + issued.expiresIn * 1000,
    ...(provider === 'salesforce' && { instanceUrl: providers.salesforce.url }),
  };
}

/**
 * The demo manifest with the rules the BFF's answers show that its CRM integrations leave out: HubSpot's
 * integration writes contacts and offers the proxy, and each integration's deals are read for every
 * installation (`enabled: always`). Written as JSON (which is YAML) into `dir`.
 */
function bffTestManifest(dir: string): string {
  const manifest = loadManifest(defaultManifestPath);
  for (const integration of manifest.integrations) {
    const deals = integration.read?.objects.find((o) => ['deals', 'Opportunity'].includes(o.objectName));
    if (deals) deals.enabled = 'always';
    if (integration.name === 'hubspot-sync') {
      integration.write = { objects: [{ objectName: 'contacts', displayName: 'Contacts' }] };
      integration.proxy = { enabled: true };
    }
  }
  const path = join(dir, 'manifest.yaml');
  writeFileSync(path, JSON.stringify(manifest, null, 2));
  return path;
}

/**
 * The embedded service with the demo data set (on the manifest above unless `manifestPath` names another), in a fresh data directory: each test file gets its own,
 * with its own HubSpot and Salesforce emulators on loopback ports, whose grants are Acme's and Globex's
 * connections. Its read engine runs only where a test asks for it (`runReads: true`).
 */
export async function startRealService(options: Partial<StartServiceOptions> = {}): Promise<RealService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-bff-test-'));
  const [hubspot, salesforce] = await Promise.all([startHubSpotEmulator(), startSalesforceEmulator()]);
  const providers: RealProviders = { hubspot, salesforce };
  const demoConnections = demoConnectionGrants((provider) => issueTokens(providers, provider));
  const service = await startService({
    port: 0,
    dataDir,
    manifestPath: bffTestManifest(dataDir),
    runReads: false,
    providerApps: providerAppsFromEnv({
      SPLICE_HUBSPOT_BASE_URL: hubspot.url,
      SPLICE_SALESFORCE_BASE_URL: salesforce.url,
    }),
    demoConnections,
    // The tests' receivers listen on this machine.
    allowPrivateDestinations: ['loopback'],
    ...options,
  });
  return {
    ...service,
    providers,
    demoGrant(groupRef) {
      const grant = demoConnections.find((g) => g.groupRef === groupRef);
      if (!grant) throw new Error(`This service has no CRM grant for ${groupRef}`);
      return grant;
    },
    stop: async () => {
      await service.close();
      await Promise.all([hubspot.close(), salesforce.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
