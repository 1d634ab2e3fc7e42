import { recommendedCrmContent } from '@splice/service/demo-fixtures';
import type { Child, ReadyMessage } from './children.js';
import { createClient } from './http.js';
import { hubspotIntegration, startHubSpotWorld } from './hubspot.js';

export interface ServiceReady extends ReadyMessage {
  baseUrl: string;
  searchUrl: string;
  apiKey: string;
  authToken: string;
  startMs: number;
  /** Contact emails of the CRM it reads, spread over the account (for searches by a unique field). */
  emails?: string[];
}

export interface BenchService extends Child<ServiceReady> {
  dataDir: string;
  /** The HubSpot emulator's process: its RSS and CPU beside the service's. */
  emulator: Child;
  /** Stops both processes and removes the data directory. */
  dispose(): Promise<void>;
}

/**
 * Starts @splice/service in its own process on a fresh temp data directory, reading a HubSpot emulator of
 * `contacts` contacts (a process of its own) over HTTP, with `extraGroups` more connected groups; with
 * `databaseUrl`, its data in that (empty) PostgreSQL database instead of SQLite.
 */
export async function startBenchService(
  contacts: number,
  extraGroups = 0,
  databaseUrl?: string,
): Promise<BenchService> {
  const world = await startHubSpotWorld(contacts, {
    extraGroups,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  return {
    ...world.service,
    ready: { ...world.service.ready, emails: world.emulator.ready.emails },
    dataDir: world.dataDir,
    emulator: world.emulator,
    dispose: world.dispose,
  };
}

/** The benches install the demo's recommended HubSpot contacts config (`stage` from `hs_lead_status`). */
export function installationBody(groupRef: string) {
  return { groupRef, config: { content: recommendedCrmContent('hubspot') } };
}

export const installationsPath = (baseUrl: string, integration = hubspotIntegration) =>
  `${baseUrl}/projects/demo/integrations/${integration}/installations`;
export const searchPath = (searchUrl: string, groupRef: string, integration = hubspotIntegration) =>
  `${searchUrl}/projects/demo/integrations/${integration}?groupRef=${encodeURIComponent(groupRef)}`;

/** Installs hubspot-sync for `acme` (with the sample read) so that search has an installation to follow. */
export async function installForAcme(service: ServiceReady): Promise<void> {
  const client = createClient();
  try {
    const answer = await client.request(
      'POST',
      installationsPath(service.baseUrl),
      { 'x-api-key': service.apiKey },
      installationBody('acme'),
    );
    if (answer.status !== 201) {
      throw new Error(`createInstallation for acme: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  } finally {
    client.close();
  }
}

/** Headers of a direct search call, per docs/service-interface.md#search: the API key and the request type. */
export const directSearchHeaders = (service: ServiceReady) => ({
  'x-api-key': service.apiKey,
  'x-svc-request-type': 'search',
});

/** Distinct contact emails of the CRM the service reads (the emulator's, read over its own API). */
export function findEmails(service: ServiceReady, wanted: number): string[] {
  const emails = service.emails ?? [];
  if (emails.length === 0) throw new Error('the service was started without the emails of its CRM');
  return emails.slice(0, wanted);
}
