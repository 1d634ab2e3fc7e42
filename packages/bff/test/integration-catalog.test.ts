/**
 * The integrations catalog (`GET /integrations`) against the real embedded service with a manifest of
 * two integrations: each listed with where the session's group stands, and never another group's state.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogEntry, IntegrationCatalog } from '@splice/schema';
import { integrationCatalogSchema } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff, testApiKey } from './helpers/start-bff.js';

const manifest = `specVersion: 1.0.0
integrations:
  - name: contact-sync
    displayName: Contact sync
    provider: hubspot
    read:
      objects:
        - objectName: contacts
          destination: contactsWebhook
          schedule: "*/15 * * * *"
  - name: deal-feed
    displayName: Deal feed
    provider: hubspot
    read:
      objects:
        - objectName: deals
          destination: dealsWebhook
          schedule: "0 * * * *"
`;

const manifestDir = mkdtempSync(join(tmpdir(), 'splice-catalog-manifest-'));
let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;

beforeAll(async () => {
  const manifestPath = join(manifestDir, 'manifest.yaml');
  writeFileSync(manifestPath, manifest);
  service = await startRealService({ apiKey: testApiKey, manifestPath });
  bff = await startBff(service);
});
afterAll(async () => {
  await bff.close();
  await service.stop();
  rmSync(manifestDir, { recursive: true, force: true });
});

async function catalog(user: string): Promise<Record<string, CatalogEntry>> {
  const response = await fetch(`${bff.url}/integrations`, { headers: browserHeaders(user) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as IntegrationCatalog;
  expect(integrationCatalogSchema.safeParse(body).success).toBe(true);
  return Object.fromEntries(body.integrations.map((entry) => [entry.name, entry]));
}

describe('GET /integrations', () => {
  it('lists every integration of the project with its names and provider', async () => {
    const entries = await catalog('alice');
    expect(Object.keys(entries)).toEqual(['contact-sync', 'deal-feed']);
    expect(entries['deal-feed']).toMatchObject({
      displayName: 'Deal feed',
      provider: 'hubspot',
      providerDisplayName: 'HubSpot',
      connection: 'connected',
      installation: 'not_installed',
    });
  });

  it('says a group without a connection has none', async () => {
    const entries = await catalog('ivan');
    expect(entries['contact-sync']?.connection).toBe('none');
    expect(entries['deal-feed']?.connection).toBe('none');
  });

  it("shows the session's group's installation, paused once its one object is paused, and no other group's", async () => {
    const created = await fetch(`${bff.url}/integrations/deal-feed/installations`, {
      method: 'POST',
      headers: browserHeaders('alice', { 'Idempotency-Key': `catalog-${Date.now()}` }),
      body: JSON.stringify({
        config: {
          content: {
            provider: 'hubspot',
            read: { objects: { deals: { objectName: 'deals', selectedFields: { dealname: true } } } },
          },
        },
      }),
    });
    expect(created.status).toBe(201);
    let alice = await catalog('alice');
    expect(alice['deal-feed']?.installation).toBe('installed');
    expect(alice['contact-sync']?.installation).toBe('not_installed');
    expect((await catalog('bob'))['deal-feed']?.installation).toBe('not_installed');

    const paused = await fetch(`${bff.url}/integrations/deal-feed/objects/deals/pause`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: '{}',
    });
    expect(paused.status).toBe(204);
    alice = await catalog('alice');
    expect(alice['deal-feed']?.installation).toBe('paused');
  });

  it('refuses a group named by the browser', async () => {
    const response = await fetch(`${bff.url}/integrations?groupRef=globex`, {
      headers: browserHeaders('alice'),
    });
    expect(response.status).toBe(400);
  });
});
