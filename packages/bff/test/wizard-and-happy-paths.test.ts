import type { IntegrationDetails } from '@splice/schema';
import { hc } from 'hono/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { AppType } from '../src/index.js';
import { installationOf, problemOf, searchOf } from './helpers/read.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;

beforeAll(async () => {
  service = await startRealService();
  bff = await startBff(service);
});
afterAll(async () => {
  await bff.close();
  await service.stop();
});

/** Each user's company's CRM integration: Acme's (alice, ivan's Initech too) HubSpot, Globex's (bob) Salesforce. */
const integrationOf = (user: string) => (user === 'bob' ? 'salesforce-sync' : 'hubspot-sync');

async function getWizard(user: string): Promise<{ status: number; body: IntegrationDetails }> {
  const response = await fetch(`${bff.url}/integrations/${integrationOf(user)}`, {
    headers: browserHeaders(user),
  });
  return { status: response.status, body: (await response.json()) as IntegrationDetails };
}

describe('GET /integrations/:integrationId against the embedded service', () => {
  it('gives the wizard everything for the session’s group in one answer', async () => {
    const { status, body } = await getWizard('alice');
    expect(status).toBe(200);
    expect(body.integration).toEqual({
      id: 'hubspot-sync',
      name: 'hubspot-sync',
      displayName: 'HubSpot sync',
      provider: 'hubspot',
      providerDisplayName: 'HubSpot',
    });
    expect(body.readObjects.map((o) => o.objectName)).toEqual(['contacts', 'companies', 'deals']);
    const contacts = body.readObjects[0]!;
    const status_ = contacts.fields.find((f) => f.fieldName === 'hs_lead_status');
    expect(status_?.valueType).toBe('singleSelect');
    expect(status_?.values?.length).toBeGreaterThan(1);
    expect(contacts.fields.find((f) => f.fieldName === 'hubspotscore')?.valueType).toBe('float');
    expect(contacts.fieldsError).toBeNull();
    expect(contacts.manifest.destination).toBe('contactsWebhook');
    expect(body.readObjects.find((o) => o.objectName === 'deals')?.enabledAlways).toBe(true);
    expect(contacts.enabledAlways).toBe(false);
    expect(contacts.mappingInputs.map((m) => [m.mapToName, m.required])).toEqual([
      ['surname', true],
      ['stage', true],
      ['priority', false],
      ['funnelStage', false],
    ]);
    expect(body.writeObjects.map((o) => o.objectName)).toEqual(['contacts']);
    expect(body.writeObjects[0]?.fields.length).toBeGreaterThan(0);
    expect(body.proxy).toEqual({ allowed: true });
    expect(body.installation).toBeNull();
    expect(body.connection).toMatchObject({
      id: 'conn-acme-hubspot',
      status: 'working',
      provider: 'hubspot',
    });
    // Not installed yet: search would answer 404, so nothing is offered.
    expect(body.searchableObjects).toEqual([]);
  });

  it('tells a group without a connection why the fields are missing, in the user’s terms', async () => {
    const { status, body } = await getWizard('ivan');
    expect(status).toBe(200);
    expect(body.connection).toBeNull();
    for (const object of body.readObjects) {
      expect(object.fields).toEqual([]);
      expect(object.fieldsError).toMatch(/connect/i);
      expect(object.fieldsError).not.toMatch(/group|initech/i);
    }
  });

  it('answers 404 as a problem for an unknown integration', async () => {
    const response = await fetch(`${bff.url}/integrations/no-such-integration`, {
      headers: browserHeaders('alice'),
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await problemOf(response)).toMatchObject({
      type: 'urn:problem-type:integration-not-found',
      status: 404,
    });
  });
});

describe('create, search and invite against the embedded service', () => {
  it('installs for the session’s group, recorded as created by the signed-in user', async () => {
    const bobsConfig = {
      config: {
        content: {
          provider: 'salesforce',
          read: {
            objects: {
              Contact: { objectName: 'Contact', selectedFields: { Email: true, HasOptedOutOfEmail: true } },
              Account: { objectName: 'Account', disabled: true },
              Opportunity: { objectName: 'Opportunity', disabled: true },
            },
          },
        },
      },
    };
    const response = await fetch(`${bff.url}/integrations/salesforce-sync/installations?skipSampling=false`, {
      method: 'POST',
      headers: browserHeaders('bob', { 'Idempotency-Key': 'happy-create-1' }),
      body: JSON.stringify(bobsConfig),
    });
    expect(response.status).toBe(201);
    const created = await installationOf(response);
    expect(created).toMatchObject({
      integrationId: 'salesforce-sync',
      createdBy: 'consumer:bob',
      group: { groupRef: 'globex' },
    });
    expect(created.config.content.read?.objects.Contact?.selectedFields).toEqual({
      Email: true,
      HasOptedOutOfEmail: true,
    });

    const { body } = await getWizard('bob');
    expect(body.installation?.id).toBe(created.id);
    // docs/service-interface.md#search-rules: a disabled object is not searchable, unless the manifest enables it always (deals).
    expect(body.searchableObjects).toEqual(['Contact', 'Opportunity']);
  });

  it('refuses a schedule that is not cron with a 400 naming its path', async () => {
    const response = await fetch(`${bff.url}/integrations/salesforce-sync/installations`, {
      method: 'POST',
      headers: browserHeaders('bob', { 'Idempotency-Key': 'bad-schedule-1' }),
      body: JSON.stringify({
        config: {
          content: {
            provider: 'salesforce',
            read: { objects: { Contact: { objectName: 'Contact', schedule: 'a b c d e' } } },
          },
        },
      }),
    });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.issues).toMatchObject([
      { in: 'body', name: 'config.content.read.objects.Contact.schedule', value: 'a b c d e' },
    ]);
  });

  it('searches the session’s group’s installation and returns records with IDs', async () => {
    const response = await fetch(`${bff.url}/integrations/salesforce-sync/search`, {
      method: 'POST',
      headers: browserHeaders('bob'),
      body: JSON.stringify({
        objectName: 'Contact',
        fieldFilters: [{ fieldName: 'HasOptedOutOfEmail', operator: 'eq', value: true }],
      }),
    });
    expect(response.status).toBe(200);
    const { results } = await searchOf(response);
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(typeof result.id).toBe('string');
      expect(result.raw).toMatchObject({ HasOptedOutOfEmail: true });
    }
  });

  it('invites to the session’s organization', async () => {
    const response = await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ email: 'happy-path@example.com' }),
    });
    expect(response.status).toBe(201);
    expect(await problemOf(response)).toMatchObject({
      invitedEmail: 'happy-path@example.com',
      parentType: 'org',
      parentId: 'org-demo',
      status: 'pending',
    });
  });

  it('is typed end to end through hono/client', async () => {
    const client = hc<AppType>(bff.url, { headers: browserHeaders('bob') });
    const response = await client.integrations[':integrationId'].search.$post({
      param: { integrationId: 'salesforce-sync' },
      json: { objectName: 'Opportunity', fieldFilters: [] },
    });
    expect(response.status).toBe(200);
    if (response.status !== 200) return;
    const answer = await response.json();
    expectTypeOf(answer.results[0]!.id).toEqualTypeOf<string | null>();
    expect(answer.results.length).toBeGreaterThan(0);

    const wizard = await client.integrations[':integrationId'].$get({
      param: { integrationId: 'salesforce-sync' },
    });
    if (wizard.status !== 200) throw new Error(`wizard answered ${wizard.status}`);
    const body = await wizard.json();
    expectTypeOf(body.integration.provider).toEqualTypeOf<string>();
    expect(body.installation?.integrationId).toBe('salesforce-sync');
  });
});
