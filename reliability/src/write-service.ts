/**
 * The service with its write path, for the write endpoint's fuzz and cross-group tests: Acme's CRM is a
 * HubSpot emulator and Globex's a Salesforce emulator, two accounts that share nothing, each installed
 * with its contacts writable. A record in one account can only have come through its own group.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type RunningHubSpotEmulator,
  type RunningSalesforceEmulator,
  startSalesforceEmulator,
} from '@splice/provider-emulators';
import {
  demoConnectionGrants,
  providerAppsFromEnv,
  type RunningService,
  startService,
} from '@splice/service';
import { grantTokens, startCrm } from './emulated-hubspot.js';

export interface WriteWorld {
  service: RunningService;
  hubspot: RunningHubSpotEmulator;
  salesforce: RunningSalesforceEmulator;
  close(): Promise<void>;
}

const apiHeaders = (service: RunningService) => ({
  'content-type': 'application/json',
  'x-api-key': service.apiKey,
});

async function install(service: RunningService, integration: string, body: unknown): Promise<void> {
  const response = await fetch(`${service.baseUrl}/projects/demo/integrations/${integration}/installations`, {
    method: 'POST',
    headers: apiHeaders(service),
    body: JSON.stringify(body),
  });
  if (response.status !== 201)
    throw new Error(`install ${integration}: ${response.status} ${await response.text()}`);
}

export async function startWriteWorld(): Promise<WriteWorld> {
  const hubspot = await startCrm({ counts: { contacts: 50, companies: 5, deals: 5 } });
  const salesforce = await startSalesforceEmulator({
    counts: { contacts: 50, companies: 5, deals: 5 },
    apiLimit: { max: Number.MAX_SAFE_INTEGER },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-write-world-'));
  const salesforceGrant = salesforce.issueTokens();
  const service = await startService({
    port: 0,
    dataDir,
    providerApps: providerAppsFromEnv({
      SPLICE_HUBSPOT_BASE_URL: hubspot.url,
      SPLICE_SALESFORCE_BASE_URL: salesforce.url,
    }),
    demoConnections: demoConnectionGrants((provider) =>
      provider === 'hubspot'
        ? grantTokens(hubspot)
        : {
            accessToken: salesforceGrant.accessToken,
            refreshToken: salesforceGrant.refreshToken,
            expiresAtMs: salesforceGrant.issuedAt + salesforceGrant.expiresIn * 1000,
            instanceUrl: salesforce.url,
          },
    ),
    runReads: false,
    writeTiming: { tickMs: 50 },
  });
  await install(service, 'hubspot-sync', {
    groupRef: 'acme',
    config: {
      content: {
        provider: 'hubspot',
        read: { objects: { contacts: { objectName: 'contacts', selectedFieldsAuto: 'all' } } },
        write: { objects: { contacts: { objectName: 'contacts' } } },
      },
    },
  });
  await install(service, 'salesforce-sync', {
    groupRef: 'globex',
    config: {
      content: {
        provider: 'salesforce',
        read: { objects: { Contact: { objectName: 'Contact', selectedFieldsAuto: 'all' } } },
        write: { objects: { Contact: { objectName: 'Contact' } } },
      },
    },
  });
  return {
    service,
    hubspot,
    salesforce,
    close: async () => {
      await service.close();
      await Promise.all([hubspot.close(), salesforce.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** HubSpot contacts whose last name is `lastName`, read from the emulator with a grant of its own. */
export async function hubSpotContactsNamed(world: WriteWorld, lastName: string): Promise<number> {
  const response = await fetch(`${world.hubspot.url}/crm/v3/objects/contacts/search`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${world.hubspot.issueTokens().accessToken}`,
    },
    body: JSON.stringify({
      filterGroups: [{ filters: [{ propertyName: 'lastname', operator: 'EQ', value: lastName }] }],
      limit: 10,
    }),
  });
  return ((await response.json()) as { total: number }).total;
}

/** Salesforce contacts whose last name is `lastName`. */
export async function salesforceContactsNamed(world: WriteWorld, lastName: string): Promise<number> {
  const soql = `SELECT Id FROM Contact WHERE LastName = '${lastName.replaceAll("'", "\\'")}'`;
  const response = await fetch(
    `${world.salesforce.url}/services/data/v60.0/query?q=${encodeURIComponent(soql)}`,
    {
      headers: { authorization: `Bearer ${world.salesforce.issueTokens().accessToken}` },
    },
  );
  return ((await response.json()) as { totalSize: number }).totalSize;
}
