/**
 * The write path on a real service: Acme writes contacts to its emulated HubSpot and Globex to its emulated
 * Salesforce, through the connectors over loopback HTTP, with each installation's write settings applied.
 * What each record ends as is read back from the emulator's own API with a token of its own.
 */
import { problemTypes } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  type Json,
  postJson,
  startTestService,
  type TestService,
} from './harness.js';

let service: TestService;
let runId: string;

function writeUrl(integration: string, objectName: string, project = 'demo') {
  return `${service.writeUrl}/projects/${project}/integrations/${integration}/objects/${objectName}`;
}

const writeHubSpot = (body: Json, objectName = 'contacts') =>
  postJson(writeUrl(crmIntegration.hubspot, objectName), apiKeyHeaders(service), body);
const writeSalesforce = (body: Json, objectName = 'Contact') =>
  postJson(writeUrl(crmIntegration.salesforce, objectName), apiKeyHeaders(service), body);

async function providerGet(url: string, token: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: response.status === 200 ? await response.json() : undefined };
}

/** A HubSpot contact's properties as the emulator holds them; undefined once it is gone. */
async function hubSpotContact(id: string): Promise<Record<string, string | null> | undefined> {
  const properties = 'email,firstname,lastname,jobtitle,country,lifecyclestage,hs_lead_status';
  const { status, body } = await providerGet(
    `${service.providers.hubspot.url}/crm/v3/objects/contacts/${id}?properties=${properties}`,
    service.providers.hubspot.issueTokens().accessToken,
  );
  return status === 200 ? body.properties : undefined;
}

/** A Salesforce contact as the emulator holds it; undefined once it is gone. */
async function salesforceContact(id: string): Promise<Record<string, unknown> | undefined> {
  const { status, body } = await providerGet(
    `${service.providers.salesforce.url}/services/data/v60.0/sobjects/Contact/${id}`,
    service.providers.salesforce.issueTokens().accessToken,
  );
  return status === 200 ? body : undefined;
}

const email = (name: string) => `${name}.${runId}@writes.example`;

beforeAll(async () => {
  service = await startTestService();
  runId = Math.random().toString(36).slice(2, 8);
  // Acme's app calls the lead status "stage" (won = CONNECTED); HubSpot's lastname is "surname" in the
  // manifest. Job title is filled on create and on update only where empty; the country only on update;
  // the deprecated lifecycle default only on create.
  const acme = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
    groupRef: 'acme',
    config: {
      content: {
        provider: 'hubspot',
        read: {
          objects: {
            contacts: {
              objectName: 'contacts',
              selectedFieldsAuto: 'all',
              selectedFieldMappings: { stage: 'hs_lead_status' },
              selectedValueMappings: { stage: { won: 'CONNECTED', new: 'NEW' } },
            },
          },
        },
        write: {
          objects: {
            contacts: {
              objectName: 'contacts',
              deletionSettings: { enabled: true },
              selectedFieldSettings: {
                jobtitle: {
                  default: { stringValue: 'Northwind lead' },
                  writeOnCreate: 'always',
                  writeOnUpdate: 'ifEmpty',
                },
                country: { default: { stringValue: 'FR' }, writeOnCreate: 'never', writeOnUpdate: 'always' },
              },
              selectedValueDefaults: { lifecyclestage: { value: 'lead', applyOnUpdate: 'never' } },
            },
          },
        },
      },
    },
  });
  expect(acme.status).toBe(201);
  const globex = await postJson(
    createInstallationUrl(service, 'demo', crmIntegration.salesforce),
    apiKeyHeaders(service),
    {
      groupRef: 'globex',
      config: {
        content: {
          provider: 'salesforce',
          read: {
            objects: {
              Contact: {
                objectName: 'Contact',
                selectedFieldsAuto: 'all',
                selectedFieldMappings: { stage: 'LeadSource' },
                selectedValueMappings: { stage: { won: 'Partner Referral' } },
              },
            },
          },
          write: {
            objects: {
              Contact: {
                objectName: 'Contact',
                deletionSettings: { enabled: false },
                selectedFieldSettings: { Title: { default: { stringValue: 'Globex buyer' } } },
              },
            },
          },
        },
      },
    },
  );
  expect(globex.status).toBe(201);
});

afterAll(async () => {
  await service?.dispose();
});

describe('HubSpot writes', () => {
  it('creates a record named by mapped and provider names, value mappings and create defaults applied', async () => {
    const { status, body } = await writeHubSpot({
      groupRef: 'acme',
      type: 'create',
      mode: 'synchronous',
      record: { email: email('ada'), firstname: 'Ada', surname: 'Lovelace', stage: 'won' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      operationId: expect.any(String),
      result: { success: true, recordId: expect.any(String), data: expect.any(Object) },
    });
    expect(body.result.data.email).toBe(email('ada'));
    expect(await hubSpotContact(body.result.recordId)).toMatchObject({
      email: email('ada'),
      firstname: 'Ada',
      lastname: 'Lovelace',
      hs_lead_status: 'CONNECTED',
      jobtitle: 'Northwind lead',
      lifecyclestage: 'lead',
    });
    // writeOnCreate: never.
    expect((await hubSpotContact(body.result.recordId))?.country ?? null).toBeNull();
  });

  it('updates as writeOnUpdate says: ifEmpty leaves a set field alone and fills an empty one', async () => {
    const created = await writeHubSpot({
      groupRef: 'acme',
      type: 'create',
      batch: [
        { record: { email: email('cto'), jobtitle: 'CTO' } },
        { record: { email: email('blank'), jobtitle: '' } },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ successCount: 2, failureCount: 0 });
    const [withTitle, blank] = created.body.results.map((r: Json) => r.recordId as string);
    // The customer moves one contact on in HubSpot: the create-only lifecycle default must not undo it.
    expect(
      (
        await writeHubSpot({
          groupRef: 'acme',
          type: 'update',
          record: { id: withTitle, lifecyclestage: 'customer' },
        })
      ).status,
    ).toBe(200);

    const updated = await writeHubSpot({
      groupRef: 'acme',
      type: 'update',
      batch: [
        { record: { id: withTitle, firstname: 'Grace' } },
        { record: { id: blank, firstname: 'Alan' } },
      ],
    });
    expect(updated.status).toBe(200);
    expect(await hubSpotContact(withTitle)).toMatchObject({
      firstname: 'Grace',
      jobtitle: 'CTO',
      country: 'FR',
      lifecyclestage: 'customer',
    });
    expect(await hubSpotContact(blank)).toMatchObject({ firstname: 'Alan', jobtitle: 'Northwind lead' });
  });

  it("answers 422 with each failed record's reason in words, and writes the others", async () => {
    const created = await writeHubSpot({
      groupRef: 'acme',
      type: 'create',
      record: { email: email('kept') },
    });
    const id = created.body.result.recordId;
    const { status, body } = await writeHubSpot({
      groupRef: 'acme',
      type: 'update',
      batch: [{ record: { id, firstname: 'Kept' } }, { record: { id: '999999999999', firstname: 'Nobody' } }],
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ successCount: 1, failureCount: 1 });
    expect(body.results[0]).toMatchObject({ success: true, recordId: id });
    expect(body.results[1].success).toBe(false);
    expect(body.results[1].errors[0].message).toMatch(/\w+ \w+/);
    expect((await hubSpotContact(id))?.firstname).toBe('Kept');
  });

  it('refuses unknown and read-only fields by the member that names them, writing nothing', async () => {
    const { status, body } = await writeHubSpot({
      groupRef: 'acme',
      type: 'create',
      batch: [
        { record: { email: email('never') } },
        { record: { email: email('never2'), nosuchfield: 1, hubspotscore: 90 } },
      ],
    });
    expect(status).toBe(422);
    expect(body.issues.map((issue: Json) => issue.name)).toEqual([
      'batch[1].record.nosuchfield',
      'batch[1].record.hubspotscore',
    ]);
    expect(body.issues[1].detail).toContain('read-only');
  });

  it('answers bad input with a problem naming each offending member', async () => {
    const { status, body } = await writeHubSpot({
      type: 'upsert',
      record: { email: email('x') },
      batch: [],
    });
    expect(status).toBe(400);
    expect(body.issues.map((issue: Json) => issue.name).sort()).toEqual(['batch', 'groupRef', 'type']);
    const noId = await writeHubSpot({ groupRef: 'acme', type: 'update', record: { firstname: 'X' } });
    expect(noId.status).toBe(400);
    expect(noId.body.issues.map((issue: Json) => issue.name)).toEqual(['record.id']);
  });

  it('refuses an object outside the write settings, and a group without an installation', async () => {
    const companies = await writeHubSpot(
      { groupRef: 'acme', type: 'create', record: { name: 'X' } },
      'companies',
    );
    expect(companies.status).toBe(422);
    expect(companies.body.type).toBe(problemTypes.objectNotWritable.type);
    expect(companies.body.issues[0]).toMatchObject({ in: 'path', name: 'objectName', value: 'companies' });
    const initech = await writeHubSpot({
      groupRef: 'initech',
      type: 'create',
      record: { email: email('i') },
    });
    expect(initech.status).toBe(404);
    expect(initech.body.detail).toContain('no installation');
  });

  it('deletes a record where deletion is enabled', async () => {
    const created = await writeHubSpot({
      groupRef: 'acme',
      type: 'create',
      record: { email: email('gone') },
    });
    const id = created.body.result.recordId;
    const { status, body } = await writeHubSpot({ groupRef: 'acme', type: 'delete', record: { id } });
    expect(status).toBe(200);
    expect(body.result).toEqual({ success: true, recordId: id });
    expect(await hubSpotContact(id)).toBeUndefined();
  });
});

describe('Salesforce writes', () => {
  it('creates with a provider-named record, a mapped value and the field default', async () => {
    const { status, body } = await writeSalesforce({
      groupRef: 'globex',
      type: 'create',
      mode: 'synchronous',
      record: { LastName: 'Hopper', Email: email('grace'), stage: 'won' },
    });
    expect(status).toBe(200);
    expect(await salesforceContact(body.result.recordId)).toMatchObject({
      LastName: 'Hopper',
      Email: email('grace'),
      LeadSource: 'Partner Referral',
      Title: 'Globex buyer',
    });
  });

  it("answers a refused record with 422 and Salesforce's reason", async () => {
    const { status, body } = await writeSalesforce({
      groupRef: 'globex',
      type: 'create',
      record: { Email: email('nolastname') },
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ operationId: expect.any(String), result: { success: false } });
    expect(body.errors[0].message).toContain('LastName');
  });

  it('refuses a delete where deletion is not enabled, and the record stays', async () => {
    const created = await writeSalesforce({
      groupRef: 'globex',
      type: 'create',
      record: { LastName: 'Kept' },
    });
    const id = created.body.result.recordId;
    const { status, body } = await writeSalesforce({ groupRef: 'globex', type: 'delete', record: { id } });
    expect(status).toBe(422);
    expect(body.type).toBe(problemTypes.deletionDisabled.type);
    expect(body.detail).toContain('not enabled');
    expect(await salesforceContact(id)).toMatchObject({ LastName: 'Kept' });
  });
});
