/**
 * Search, the metadata paths and the create-time sample read for catalog providers: a real app over a
 * real SQLite store, HubSpot and Salesforce connections whose tokens the emulators issued, every provider
 * call over loopback HTTP through the connectors.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmulatedProviders,
  startEmulatedProviders,
} from '../src/connectors/emulated-providers.fixture.js';
import type { ProviderRecord } from '../src/connectors/provider-record.js';
import { createServiceApp, parseManifest, seedDemoData } from '../src/index.js';
import { SecretBox } from '../src/oauth/crypto.js';
import { SqliteOAuthStore } from '../src/oauth/oauth-store.js';
import type { Connection, Database } from '../src/store/index.js';
import { openDatabase, SqliteRepository } from '../src/store/index.js';
import type { Json } from './harness.js';

const apiKey = 'lookups-test-api-key';
const origin = 'http://localhost';

const manifest = parseManifest(`
specVersion: 1.0.0
integrations:
  - name: hubspot-sync
    displayName: HubSpot sync
    provider: hubspot
    read:
      objects:
        - objectName: contacts
          displayName: Contacts
          destination: contactsWebhook
          schedule: "*/15 * * * *"
          requiredFields:
            - fieldName: email
              displayName: Email
            - mapToName: stage
              mapToDisplayName: Stage
              prompt: Which field holds the contact's stage?
              mappedValues:
                - mappedValue: new
                  mappedDisplayValue: New
                - mappedValue: won
                  mappedDisplayValue: Won
          optionalFieldsAuto: all
  - name: salesforce-sync
    displayName: Salesforce sync
    provider: salesforce
    read:
      objects:
        - objectName: Contact
          displayName: Contacts
          destination: contactsWebhook
          schedule: "*/15 * * * *"
          requiredFields:
            - fieldName: Email
              displayName: Email
            - mapToName: stage
              mapToDisplayName: Stage
              prompt: Which field holds the contact's stage?
              mappedValues:
                - mappedValue: new
                  mappedDisplayValue: New
                - mappedValue: won
                  mappedDisplayValue: Won
          optionalFieldsAuto: all
`);

let dataDir: string;
let db: Database;
let repo: SqliteRepository;
let providers: EmulatedProviders;
let app: ReturnType<typeof createServiceApp>;
/** Every answer's text, to prove no token ever left in one. */
const answers: string[] = [];

/** A stored connection of a catalog provider, its tokens issued by the provider's emulator. */
async function connect(provider: 'hubspot' | 'salesforce', groupRef: string): Promise<Connection> {
  const id = `conn-${groupRef}-${provider}`;
  providers.grant(provider, id);
  return repo.insertConnection({
    id,
    projectId: 'demo',
    provider,
    groupRef,
    consumerRef: `${groupRef}-admin`,
    providerWorkspaceRef: groupRef,
    status: 'working',
    authScheme: 'oauth2/authorizationCode',
    isDefault: true,
    credentials: { accessToken: 'held-by-the-token-source', refreshToken: 'held-by-the-token-source' },
  });
}

async function send(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const response = await app.request(`${origin}${path}`, init);
  const text = await response.text();
  answers.push(text);
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const jsonHeaders = { 'content-type': 'application/json', 'x-api-key': apiKey };

function install(integration: string, groupRef: string, content: Record<string, unknown>) {
  return send(`/v1/projects/demo/integrations/${integration}/installations`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ groupRef, config: { createdBy: 'api:lookups-test', content } }),
  });
}

/** A search by `eq` conditions, each `[fieldName, value]`. */
function search(integration: string, groupRef: string, objectName: string, conditions: [string, unknown][]) {
  const fieldFilters = conditions.map(([fieldName, value]) => ({ fieldName, operator: 'eq', value }));
  return send(`/search/v1/projects/demo/integrations/${integration}?groupRef=${groupRef}`, {
    method: 'POST',
    headers: { ...jsonHeaders, 'x-svc-request-type': 'search' },
    body: JSON.stringify({ objectName, fieldFilters }),
  });
}

const hubspotContent = {
  provider: 'hubspot',
  read: {
    objects: {
      contacts: {
        objectName: 'contacts',
        schedule: '*/15 * * * *',
        destination: 'contactsWebhook',
        selectedFields: { email: true, firstname: true, lastname: true },
        selectedFieldMappings: { stage: 'lifecyclestage' },
        // One app value stands for two CRM values.
        selectedValueMappings: { stage: { won: ['customer', 'evangelist'], new: 'lead' } },
      },
    },
  },
};

const salesforceContent = {
  provider: 'salesforce',
  read: {
    objects: {
      Contact: {
        objectName: 'Contact',
        schedule: '*/15 * * * *',
        destination: 'contactsWebhook',
        selectedFields: { Email: true, FirstName: true, LastName: true },
        selectedFieldMappings: { stage: 'LeadSource' },
        selectedValueMappings: { stage: { won: ['Partner Referral', 'Phone Inquiry'], new: 'Web' } },
      },
    },
  },
};

let hubspotConnection: Connection;
let salesforceConnection: Connection;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'splice-lookups-'));
  db = openDatabase(dataDir);
  repo = new SqliteRepository(db);
  await seedDemoData(repo, manifest);
  providers = await startEmulatedProviders();
  app = createServiceApp({
    repo,
    connectors: providers.source,
    credentials: { apiKey, authToken: 'lookups-test-token' },
    oauth: {
      store: new SqliteOAuthStore(db),
      secrets: new SecretBox(randomBytes(32)),
      now: () => new Date(),
    },
    publicOrigin: () => origin,
  });
  hubspotConnection = await connect('hubspot', 'acme');
  salesforceConnection = await connect('salesforce', 'globex');
});
afterAll(async () => {
  await providers?.close();
  db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every contact as the connector reads it, to pick search values from and to count what should match. */
async function contactsOf(connection: Connection, objectName: string, fields: string[]) {
  const connector = providers.source.forConnection(connection);
  const records: ProviderRecord[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await connector.readPage({ objectName, fields, pageSize: 100, ...(cursor && { cursor }) });
    records.push(...page.records);
    if (page.done) return records;
    cursor = page.nextCursor;
  }
}

describe('createInstallation for a catalog provider', () => {
  it('checks the fields against the connection metadata and reads a sample record through the connector', async () => {
    const res = await install('hubspot-sync', 'acme', hubspotContent);
    expect(res.status).toBe(201);
    expect(res.body.connection.id).toBe(hubspotConnection.id);
    expect(res.body.config.content.read.objects.contacts.selectedFieldMappings).toEqual({
      stage: 'lifecyclestage',
    });
    const sf = await install('salesforce-sync', 'globex', salesforceContent);
    expect(sf.status).toBe(201);
  });

  it('refuses a field the provider does not have, naming where the config uses it', async () => {
    await connect('hubspot', 'initech');
    const contacts = hubspotContent.read.objects.contacts;
    const res = await install('hubspot-sync', 'initech', {
      ...hubspotContent,
      read: {
        objects: {
          contacts: {
            ...contacts,
            selectedFields: { ...contacts.selectedFields, favourite_colour: true },
            selectedFieldMappings: { stage: 'no_such_stage' },
          },
        },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:sample-read-failed');
    const names = res.body.issues.map((issue: { name: string }) => issue.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'config.content.read.objects.contacts.selectedFields.favourite_colour',
        'config.content.read.objects.contacts.selectedFieldMappings.stage',
      ]),
    );
    expect(await repo.getInstallation('demo', 'hubspot-sync', 'initech')).toBeUndefined();
  });
});

describe('updateInstallation for a catalog provider', () => {
  it('samples a replaced read object through the connector: a known field passes, an unknown one is named', async () => {
    const installation = await repo.getInstallation('demo', 'hubspot-sync', 'acme');
    const url = `/v1/projects/demo/integrations/hubspot-sync/installations/${installation!.id}`;
    const contacts = hubspotContent.read.objects.contacts;
    const replace = (selectedFields: Record<string, boolean>) =>
      send(url, {
        method: 'PATCH',
        headers: jsonHeaders,
        body: JSON.stringify({
          updateMask: ['config.content.read.objects.contacts'],
          installation: {
            config: { content: { read: { objects: { contacts: { ...contacts, selectedFields } } } } },
          },
        }),
      });
    const refused = await replace({ ...contacts.selectedFields, shoe_size: true });
    expect(refused.status).toBe(422);
    expect(refused.body.issues).toEqual([
      expect.objectContaining({
        name: 'installation.config.content.read.objects.contacts.selectedFields.shoe_size',
      }),
    ]);
    const accepted = await replace({ ...contacts.selectedFields, phone: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.config.content.read.objects.contacts.selectedFields.phone).toBe(true);
  });
});

describe('search on HubSpot through the connector', () => {
  it('finds records by one eq condition and by two', async () => {
    const [sample] = await contactsOf(hubspotConnection, 'contacts', ['email', 'firstname']);
    const email = sample!.fields.email as string;
    const one = await search('hubspot-sync', 'acme', 'contacts', [['email', email]]);
    expect(one.status).toBe(200);
    expect(one.body.results.map((r: Json) => r.id)).toEqual([sample!.id]);
    // Shaped as every search result: the selected fields, the mapped stage and the raw record.
    expect(Object.keys(one.body.results[0].fields).sort()).toEqual(
      expect.arrayContaining(['email', 'firstname', 'lifecyclestage']),
    );
    expect(one.body.results[0].raw.properties.email).toBe(email);

    const both = await search('hubspot-sync', 'acme', 'contacts', [
      ['email', email],
      ['firstname', sample!.fields.firstname],
    ]);
    expect(both.body.results.map((r: Json) => r.id)).toEqual([sample!.id]);
    const neither = await search('hubspot-sync', 'acme', 'contacts', [
      ['email', email],
      ['firstname', `not-${sample!.fields.firstname}`],
    ]);
    expect(neither.status).toBe(200);
    expect(neither.body.results).toEqual([]);
  });

  it('finds by a mapped app value every record holding any CRM value it stands for', async () => {
    const all = await contactsOf(hubspotConnection, 'contacts', ['lifecyclestage']);
    const expected = all.filter((r) =>
      ['customer', 'evangelist'].includes(r.fields.lifecyclestage as string),
    );
    expect(new Set(expected.map((r) => r.fields.lifecyclestage)).size).toBe(2);
    const res = await search('hubspot-sync', 'acme', 'contacts', [['stage', 'won']]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBe(Math.min(expected.length, 100));
    for (const result of res.body.results) {
      expect(['customer', 'evangelist']).toContain(result.fields.lifecyclestage);
      expect(result.mappedFields.stage).toBe('won');
    }
  });

  it('names an unknown field as the filter that holds it', async () => {
    const res = await search('hubspot-sync', 'acme', 'contacts', [
      ['email', 'a@b.c'],
      ['shoe_size', '42'],
    ]);
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:unknown-field');
    expect(res.body.issues).toEqual([
      expect.objectContaining({ in: 'body', name: 'fieldFilters[1].fieldName', value: 'shoe_size' }),
    ]);
  });
});

describe('search on Salesforce through the connector', () => {
  it('finds records by one eq condition and by two', async () => {
    const [sample] = await contactsOf(salesforceConnection, 'Contact', ['Email', 'FirstName']);
    const email = sample!.fields.Email as string;
    const one = await search('salesforce-sync', 'globex', 'Contact', [['Email', email]]);
    expect(one.status).toBe(200);
    expect(one.body.results.map((r: Json) => r.id)).toEqual([sample!.id]);
    expect(one.body.results[0].fields.Email).toBe(email);
    const both = await search('salesforce-sync', 'globex', 'Contact', [
      ['Email', email],
      ['FirstName', sample!.fields.FirstName],
    ]);
    expect(both.body.results.map((r: Json) => r.id)).toEqual([sample!.id]);
    const neither = await search('salesforce-sync', 'globex', 'Contact', [
      ['Email', email],
      ['FirstName', `not-${sample!.fields.FirstName}`],
    ]);
    expect(neither.body.results).toEqual([]);
  });

  it('finds by a mapped app value every record holding any CRM value it stands for', async () => {
    const won = ['Partner Referral', 'Phone Inquiry'];
    const all = await contactsOf(salesforceConnection, 'Contact', ['LeadSource']);
    const expected = all.filter((r) => won.includes(r.fields.LeadSource as string));
    expect(new Set(expected.map((r) => r.fields.LeadSource)).size).toBe(2);
    const res = await search('salesforce-sync', 'globex', 'Contact', [['stage', 'won']]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBe(Math.min(expected.length, 100));
    for (const result of res.body.results) {
      expect(won).toContain(result.fields.LeadSource);
      expect(result.mappedFields.stage).toBe('won');
    }
  });

  it('names an unknown field as the filter that holds it', async () => {
    const res = await search('salesforce-sync', 'globex', 'Contact', [['ShoeSize__c', '42']]);
    expect(res.status).toBe(422);
    expect(res.body.issues).toEqual([
      expect.objectContaining({ name: 'fieldFilters[0].fieldName', value: 'ShoeSize__c' }),
    ]);
  });
});

describe('object metadata from the connection', () => {
  it("answers HubSpot's live properties on the provider and the integration paths", async () => {
    const byProvider = await send(
      '/v1/projects/demo/providers/hubspot/objects/contacts/metadata?groupRef=acme',
      {
        headers: jsonHeaders,
      },
    );
    expect(byProvider.status).toBe(200);
    const stage = byProvider.body.fields.lifecyclestage;
    expect(stage.valueType).toBe('singleSelect');
    expect(stage.values.map((v: { value: string }) => v.value)).toEqual(
      expect.arrayContaining(['lead', 'customer', 'evangelist']),
    );
    expect(byProvider.body.fields.hubspotscore.readOnly).toBe(true);
    const byIntegration = await send(
      '/v1/projects/demo/integrations/hubspot-sync/objects/contacts/metadata?groupRef=acme&excludeReadOnly=true',
      { headers: jsonHeaders },
    );
    expect(byIntegration.status).toBe(200);
    expect(byIntegration.body.fields.email).toBeDefined();
    expect(byIntegration.body.fields.hubspotscore).toBeUndefined();
  });

  it("answers Salesforce's describe", async () => {
    const res = await send(
      '/v1/projects/demo/providers/salesforce/objects/Contact/metadata?groupRef=globex',
      {
        headers: jsonHeaders,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.fields.Email).toBeDefined();
    expect(res.body.fields.LeadSource.values.map((v: { value: string }) => v.value)).toEqual(
      expect.arrayContaining(['Web', 'Partner Referral']),
    );
  });

  it('says so when the group has no connection to the provider, or the provider no such object', async () => {
    const none = await send('/v1/projects/demo/providers/salesforce/objects/Contact/metadata?groupRef=acme', {
      headers: jsonHeaders,
    });
    expect(none.status).toBe(422);
    expect(none.body.type).toBe('urn:problem-type:connection-required');
    const missing = await send(
      '/v1/projects/demo/providers/salesforce/objects/Spaceship/metadata?groupRef=globex',
      {
        headers: jsonHeaders,
      },
    );
    expect(missing.status).toBe(404);
    const notHubSpot = await send(
      '/v1/projects/demo/providers/hubspot/objects/spaceships/metadata?groupRef=acme',
      {
        headers: jsonHeaders,
      },
    );
    expect(notHubSpot.status).toBe(404);
  });
});

describe('provider trouble as problems', () => {
  it('a rate-limited account is a 429 with Retry-After', async () => {
    const { max } = providers.hubspot.rateLimit;
    providers.hubspot.rateLimit.max = 0;
    try {
      const res = await search('hubspot-sync', 'acme', 'contacts', [['email', 'x@y.z']]);
      expect(res.status).toBe(429);
      expect(res.body.type).toBe('urn:problem-type:rate-limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      providers.hubspot.rateLimit.max = max;
    }
  });

  it('a provider answering 5xx is a 503, one answering HTML where JSON belongs a 502', async () => {
    const { faults } = providers.salesforce;
    const searchOnce = () => search('salesforce-sync', 'globex', 'Contact', [['Email', 'x@y.z']]);
    try {
      faults.errorRate = 1;
      const down = await searchOnce();
      expect(down.status).toBe(503);
      expect(down.body.detail).toMatch(/salesforce/);
      faults.errorRate = 0;
      faults.malformedRate = 1;
      const garbled = await searchOnce();
      expect(garbled.status).toBe(502);
      expect(garbled.body.type).toBe('urn:problem-type:upstream-bad-answer');
    } finally {
      faults.errorRate = 0;
      faults.malformedRate = 0;
    }
    expect((await searchOnce()).status).toBe(200);
  });

  it('a revoked grant asks for a reconnect, and no answer ever carries a token', async () => {
    const tokens = providers.grant('hubspot', hubspotConnection.id);
    const { accessToken, refreshToken } = await tokens.current();
    expect(providers.hubspot.revokeGrant(accessToken)).toBe(true);
    const res = await search('hubspot-sync', 'acme', 'contacts', [['email', 'x@y.z']]);
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:connection-unusable');
    expect(res.body.detail).toMatch(/reconnect/i);
    const metadata = await send(
      '/v1/projects/demo/providers/hubspot/objects/contacts/metadata?groupRef=acme',
      {
        headers: jsonHeaders,
      },
    );
    expect(metadata.status).toBe(422);
    expect(metadata.body.type).toBe('urn:problem-type:connection-unusable');
    for (const text of answers) {
      expect(text).not.toContain(accessToken);
      if (refreshToken) expect(text).not.toContain(refreshToken);
    }
  });
});
