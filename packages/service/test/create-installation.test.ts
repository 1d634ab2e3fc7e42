import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import {
  apiKeyHeaders,
  bearerHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  postJson,
  readJsonResponse,
  startTestService,
} from './harness.js';

const writeManifestPath = fileURLToPath(new URL('./fixtures/hubspot-write-manifest.yaml', import.meta.url));

/** Globex's CRM is Salesforce: its installations are of `salesforce-sync`, in Salesforce's names. */
const globexUrl = (running: TestService = service, project = 'demo') =>
  createInstallationUrl(running, project, crmIntegration.salesforce);
const globexContacts = (extra: Record<string, unknown> = {}) => contactsConfig(extra, 'salesforce');
const contactPath = 'config.content.read.objects.Contact';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.dispose());

describe('createInstallation: credentials (interface: authentication)', () => {
  it('refuses a request without a credential with a 401 problem', async () => {
    const res = await postJson(
      createInstallationUrl(service),
      { 'content-type': 'application/json' },
      {
        groupRef: 'acme',
        config: contactsConfig(),
      },
    );
    expect(res.status).toBe(401);
    expect(res.contentType).toBe('application/problem+json');
    expect(res.body).toMatchObject({ status: 401, type: 'urn:problem-type:unauthorized' });
    expect(res.body.detail).toMatch(/x-api-key/);
  });

  it('refuses a wrong API key', async () => {
    const res = await postJson(
      createInstallationUrl(service),
      { 'content-type': 'application/json', 'x-api-key': 'wrong' },
      { groupRef: 'acme', config: contactsConfig() },
    );
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/not valid/);
  });
});

describe('createInstallation: success', () => {
  it('creates an installation with a bearer token and returns the record fields of the hosted service', async () => {
    const res = await postJson(createInstallationUrl(service), bearerHeaders(service), {
      groupRef: 'acme',
      config: contactsConfig({ selectedFieldMappings: { stage: 'hs_lead_status' } }),
    });
    expect(res.status).toBe(201);
    const installation = res.body;
    expect(installation).toMatchObject({
      projectId: 'demo',
      integrationId: 'hubspot-sync',
      healthStatus: 'healthy',
      createdBy: 'api:create-installation',
      group: { groupRef: 'acme', groupName: 'Acme Corp' },
      connection: { provider: 'hubspot', status: 'working', group: { groupRef: 'acme' } },
    });
    expect(typeof installation.id).toBe('string');
    expect(new Date(installation.createTime).toISOString()).toBe(installation.createTime);
    expect(installation.config).toMatchObject({ createdBy: 'api:create-installation' });
    expect(typeof installation.config.revisionId).toBe('string');
    expect(installation.config.content.read.objects.contacts).toMatchObject({
      objectName: 'contacts',
      selectedFields: { email: true, firstname: true, hubspotscore: true },
      selectedFieldMappings: { stage: 'hs_lead_status' },
    });
    // Credentials of the connection never leave the service.
    const { accessToken, refreshToken } = service.demoGrant('acme').tokens;
    const text = JSON.stringify(installation);
    for (const secret of [accessToken, refreshToken, 'credentials']) expect(text).not.toContain(secret);
  });

  it('refuses a second installation for the same group and integration with 409', async () => {
    const res = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
      groupRef: 'acme',
      config: contactsConfig(),
    });
    expect(res.status).toBe(409);
    expect(res.body.type).toBe('urn:problem-type:installation-exists');
  });

  it('adds empty selectedFields and selectedFieldMappings maps and keeps an explicit createdBy', async () => {
    const fresh = await startTestService();
    try {
      const res = await postJson(globexUrl(fresh), apiKeyHeaders(fresh), {
        groupRef: 'globex',
        config: {
          createdBy: 'consumer:jane',
          revisionId: 'ignored-revision',
          content: { provider: 'salesforce', read: { objects: { Account: { objectName: 'Account' } } } },
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.createdBy).toBe('consumer:jane');
      expect(res.body.config.revisionId).not.toBe('ignored-revision');
      expect(res.body.config.content.read.objects.Account).toEqual({
        objectName: 'Account',
        selectedFields: {},
        selectedFieldMappings: {},
      });
    } finally {
      await fresh.dispose();
    }
  });
});

describe('createInstallation: what cannot be installed', () => {
  it('answers an unknown project with 404 project-not-found', async () => {
    const res = await postJson(globexUrl(service, 'nope'), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts(),
    });
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('urn:problem-type:project-not-found');
  });

  it('answers an unknown integration with 404 integration-not-found', async () => {
    const res = await postJson(createInstallationUrl(service, 'demo', 'nope'), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts(),
    });
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('urn:problem-type:integration-not-found');
  });

  it('answers an unknown group with 422 group-not-found naming groupRef', async () => {
    const res = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
      groupRef: 'umbrella',
      config: contactsConfig(),
    });
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:group-not-found');
    expect(res.body.issues).toEqual([
      expect.objectContaining({ name: 'groupRef', in: 'body', value: 'umbrella' }),
    ]);
  });

  it('answers a group without a connection with 422 connection-required', async () => {
    const res = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
      groupRef: 'initech',
      config: contactsConfig(),
    });
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:connection-required');
    expect(res.body.detail).toMatch(/initech/);
  });

  it('answers a connection of another group with 422 connection-not-found', async () => {
    const acmeConnection = `conn-acme-hubspot`;
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      connectionId: acmeConnection,
      config: globexContacts(),
    });
    expect(res.status).toBe(422);
    expect(res.body.issues[0]).toMatchObject({ name: 'connectionId', value: acmeConnection });
  });

  it('refuses an object the manifest does not read, whatever skipSampling says', async () => {
    const res = await postJson(`${globexUrl()}?skipSampling=true`, apiKeyHeaders(service), {
      groupRef: 'globex',
      config: {
        content: { provider: 'salesforce', read: { objects: { Case: { objectName: 'Case' } } } },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:invalid-config');
    expect(res.body.issues[0].name).toBe('config.content.read.objects.Case');
  });

  it('refuses a value mapping to an app value the manifest does not list, whatever skipSampling says', async () => {
    const res = await postJson(`${globexUrl()}?skipSampling=true`, apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts({
        selectedFieldMappings: { stage: 'LeadSource' },
        selectedValueMappings: { stage: { champion: 'Web' } },
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.issues).toEqual([
      expect.objectContaining({
        name: `${contactPath}.selectedValueMappings.stage.champion`,
        value: 'champion',
      }),
    ]);
  });

  it('refuses another provider than the integration uses', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: { content: { provider: 'hubspot' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.issues[0]).toMatchObject({ name: 'config.content.provider', value: 'hubspot' });
  });
});

describe('createInstallation: the sample read (skipSampling)', () => {
  it('refuses fields the provider lacks with 422 and one issue per field', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts({
        selectedFields: { Email: true, favouriteColour: true },
        selectedFieldMappings: { stage: 'pipelineStage' },
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:sample-read-failed');
    expect(res.body.issues.map((i: { name: string }) => i.name)).toEqual([
      `${contactPath}.selectedFields.favouriteColour`,
      `${contactPath}.selectedFieldMappings.stage`,
    ]);
  });

  it('refuses a mapped provider value the picklist lacks, naming its place in the list', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts({
        selectedFieldMappings: { stage: 'LeadSource' },
        selectedValueMappings: { stage: { won: ['Partner Referral', 'Trade Show'], new: 'Web' } },
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.issues).toEqual([
      expect.objectContaining({
        name: `${contactPath}.selectedValueMappings.stage.won[1]`,
        value: 'Trade Show',
      }),
    ]);
  });

  it('refuses a read filter whose value does not match the field type', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts({
        fieldFilters: [{ fieldName: 'HasOptedOutOfEmail', operator: 'eq', value: 'yes' }],
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.issues[0].name).toBe(`${contactPath}.fieldFilters[0].value`);
  });

  it('refuses a write default of the wrong type and an unknown write field', async () => {
    // The demo's integrations only read: this one, on Acme's HubSpot, also writes contacts.
    const writing = await startTestService({ manifestPath: writeManifestPath });
    try {
      const res = await postJson(createInstallationUrl(writing), apiKeyHeaders(writing), {
        groupRef: 'acme',
        config: {
          content: {
            provider: 'hubspot',
            write: {
              objects: {
                contacts: {
                  objectName: 'contacts',
                  selectedFieldSettings: { annualrevenue: { default: { stringValue: 'high' } }, mood: {} },
                },
              },
            },
          },
        },
      });
      expect(res.status).toBe(422);
      expect(res.body.issues.map((i: { name: string }) => i.name).sort()).toEqual([
        'config.content.write.objects.contacts.selectedFieldSettings.annualrevenue',
        'config.content.write.objects.contacts.selectedFieldSettings.mood',
      ]);
    } finally {
      await writing.dispose();
    }
  });

  it('saves the same unknown field when skipSampling=true', async () => {
    const fresh = await startTestService();
    try {
      const res = await postJson(`${globexUrl(fresh)}?skipSampling=true`, apiKeyHeaders(fresh), {
        groupRef: 'globex',
        config: globexContacts({ selectedFields: { favouriteColour: true } }),
      });
      expect(res.status).toBe(201);
      expect(res.body.config.content.read.objects.Contact.selectedFields).toEqual({ favouriteColour: true });
    } finally {
      await fresh.dispose();
    }
  });
});

describe('createInstallation: malformed input (interface: errors)', () => {
  it('names each offending property with its full indexed path', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      surprise: true,
      config: globexContacts({
        backfill: { defaultPeriod: { days: -1 } },
        fieldFilters: [
          { fieldName: 'Email', operator: 'eq', value: 'a@b.c' },
          { fieldName: 'Phone', operator: 'gt', value: 3 },
        ],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.contentType).toBe('application/problem+json');
    const names = res.body.issues.map((i: { name: string }) => i.name);
    expect(names).toContain(`${contactPath}.backfill.defaultPeriod.days`);
    expect(names).toContain(`${contactPath}.fieldFilters[1].operator`);
    expect(names).toContain('surprise');
    const days = res.body.issues.find((i: { name: string }) => i.name.endsWith('days'));
    expect(days).toMatchObject({ in: 'body', value: -1 });
  });

  it('refuses a provider value mapped to two app values, naming the second', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts({
        selectedFieldMappings: { stage: 'LeadSource' },
        selectedValueMappings: { stage: { won: ['Partner Referral', 'Other'], lost: 'Other' } },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      expect.objectContaining({
        name: `${contactPath}.selectedValueMappings.stage.lost`,
        value: 'Other',
      }),
    ]);
  });

  it('refuses five fields that are not a cron schedule, naming the schedule', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts({ schedule: 'a b c d e' }),
    });
    expect(res.status).toBe(400);
    expect(res.contentType).toBe('application/problem+json');
    expect(res.body.issues).toMatchObject([
      { in: 'body', name: `${contactPath}.schedule`, value: 'a b c d e' },
    ]);
    expect(res.body.issues[0].detail).toContain('"a" is not a valid minute');
  });

  it('requires groupRef and config', async () => {
    const res = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {});
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { name: string }) => i.name).sort()).toEqual(['config', 'groupRef']);
    expect(res.body.issues[0].detail).toMatch(/required/);
  });

  it('refuses a skipSampling that is not a boolean, naming the query parameter', async () => {
    const res = await postJson(`${globexUrl()}?skipSampling=maybe`, apiKeyHeaders(service), {
      groupRef: 'globex',
      config: globexContacts(),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ in: 'query', name: 'skipSampling', value: 'maybe' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await fetch(createInstallationUrl(service), {
      method: 'POST',
      headers: apiKeyHeaders(service),
      body: '{"groupRef": "globex", ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect((await readJsonResponse(response)).body.detail).toMatch(/not valid JSON/);
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await fetch(createInstallationUrl(service), {
      method: 'POST',
      headers: { 'x-api-key': service.apiKey, 'content-type': 'text/plain' },
      body: 'groupRef=globex',
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('answers an oversize body with 413', async () => {
    const response = await fetch(createInstallationUrl(service), {
      method: 'POST',
      headers: apiKeyHeaders(service),
      body: JSON.stringify({ groupRef: 'globex', padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    const { body } = await readJsonResponse(response);
    expect(body.status).toBe(413);
    expect(body.detail).toMatch(
      /^The body is larger than the \d{1,3}(,\d{3})+ bytes this operation accepts\.$/,
    );
  });
});
