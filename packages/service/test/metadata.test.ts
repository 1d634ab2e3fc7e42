import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultManifestPath } from '../src/config.js';
import { loadManifest } from '../src/manifest/load-manifest.js';
import type { TestService } from './harness.js';
import { demoConnectionIds, readJsonResponse, startTestService } from './harness.js';

const demoManifest = loadManifest(defaultManifestPath);

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.dispose());

const get = async (path: string, headers: Record<string, string> = { 'x-api-key': service.apiKey }) => {
  return readJsonResponse(await fetch(`${service.baseUrl}${path}`, { headers }));
};

describe('metadata extensions', () => {
  it('lists every integration of the project, each as the single integration answers it', async () => {
    const res = await get('/projects/demo/integrations');
    expect(res.status).toBe(200);
    const names = res.body.map((i: { name: string }) => i.name);
    expect(names).toEqual(demoManifest.integrations.map((integration) => integration.name));
    expect(names).toEqual(expect.arrayContaining(['hubspot-sync', 'salesforce-sync']));
    for (const integration of res.body as { name: string }[]) {
      expect(integration).toEqual((await get(`/projects/demo/integrations/${integration.name}`)).body);
    }
    expect((await get('/projects/nowhere/integrations')).status).toBe(404);
    expect((await get('/projects/demo/integrations', {})).status).toBe(401);
  });

  it('serves the integration with its manifest revision', async () => {
    const res = await get('/projects/demo/integrations/salesforce-sync');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'salesforce-sync',
      name: 'salesforce-sync',
      provider: 'salesforce',
      projectId: 'demo',
    });
    const objects = res.body.latestRevision.content.read.objects;
    expect(objects.map((o: { objectName: string }) => o.objectName)).toEqual([
      'Contact',
      'Account',
      'Opportunity',
    ]);
    expect(objects[0].backfill).toEqual({ defaultPeriod: { fullHistory: true } });
    expect(objects[2].requiredFields.map((f: { fieldName: string }) => f.fieldName)).toEqual([
      'Amount',
      'StageName',
    ]);
    expect(res.body.latestRevision.content).toEqual(
      demoManifest.integrations.find((integration) => integration.name === 'salesforce-sync'),
    );
  });

  it("serves the provider fields of an object for a connected group (Acme's HubSpot)", async () => {
    const res = await get('/projects/demo/integrations/hubspot-sync/objects/contacts/metadata?groupRef=acme');
    expect(res.status).toBe(200);
    for (const field of [
      'hs_object_id',
      'email',
      'firstname',
      'lastname',
      'hs_lead_status',
      'hubspotscore',
      'hs_email_optout',
      'createdate',
      'associatedcompanyid',
    ]) {
      expect(res.body.fields[field]?.fieldName).toBe(field);
    }
    expect(res.body.fields.hs_lead_status.valueType).toBe('singleSelect');
    expect(res.body.fields.hs_lead_status.values.length).toBeGreaterThan(1);
    expect(res.body.fields.hubspotscore.valueType).toBe('float');
    expect(res.body.fields.hs_email_optout.valueType).toBe('boolean');
    expect(res.body.fields.createdate.valueType).toBe('datetime');
  });

  it("serves the provider fields of an object for a connected group (Globex's Salesforce)", async () => {
    const res = await get(
      '/projects/demo/integrations/salesforce-sync/objects/Contact/metadata?groupRef=globex',
    );
    expect(res.status).toBe(200);
    for (const field of [
      'Id',
      'Email',
      'FirstName',
      'LastName',
      'LeadSource',
      'HasOptedOutOfEmail',
      'AccountId',
    ]) {
      expect(res.body.fields[field]?.fieldName).toBe(field);
    }
    expect(res.body.fields.LeadSource.valueType).toBe('singleSelect');
    expect(res.body.fields.LeadSource.values.length).toBeGreaterThan(1);
    expect(res.body.fields.HasOptedOutOfEmail.valueType).toBe('boolean');
    expect(res.body.fields.AccountId.valueType).toBe('reference');
  });

  it('refuses metadata for a group without a connection', async () => {
    const res = await get(
      '/projects/demo/integrations/hubspot-sync/objects/contacts/metadata?groupRef=initech',
    );
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:connection-required');
  });

  it("lists a group's connections without any credential", async () => {
    const res = await get('/projects/demo/connections?groupRef=acme');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      id: demoConnectionIds.acme,
      provider: 'hubspot',
      status: 'working',
      group: { groupRef: 'acme' },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/credentials|Token/);
    const { accessToken, refreshToken } = service.demoGrant('acme').tokens;
    for (const secret of [accessToken, refreshToken]) expect(text).not.toContain(secret);
  });

  it('lists no installation for a group that has none', async () => {
    const res = await get('/projects/demo/integrations/hubspot-sync/installations?groupRef=acme');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('accepts the bearer token too, and refuses no credential', async () => {
    expect(
      (
        await get('/projects/demo/integrations/hubspot-sync', {
          authorization: `Bearer ${service.authToken}`,
        })
      ).status,
    ).toBe(200);
    expect((await get('/projects/demo/integrations/hubspot-sync', {})).status).toBe(401);
  });
});

describe('problems everywhere', () => {
  it('answers an unknown path with a 404 problem', async () => {
    const res = await get('/nothing/here');
    expect(res.status).toBe(404);
    expect(res.contentType).toBe('application/problem+json');
    expect(res.body).toMatchObject({ status: 404, title: 'Not Found' });
    expect(res.body.instance).toMatch(/^urn:uuid:/);
  });
});

describe('OpenAPI document', () => {
  it('lists every operation with every status it returns, extensions marked', async () => {
    const { body: doc } = await readJsonResponse(await fetch(`${service.url}/openapi.json`));
    expect(doc.openapi).toBe('3.1.0');
    const create =
      doc.paths['/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations'].post;
    expect(Object.keys(create.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '404',
      '409',
      '413',
      '415',
      '422',
    ]);
    const search = doc.paths['/search/v1/projects/{projectIdOrName}/integrations/{integrationId}'].post;
    expect(Object.keys(search.responses).sort()).toEqual(['200', '400', '401', '404', '413', '415', '422']);
    const invite = doc.paths['/v1/orgs/{orgId}/invites'].post;
    expect(Object.keys(invite.responses).sort()).toEqual(['201', '400', '401', '404', '409', '413', '415']);
    const metadata =
      doc.paths['/v1/projects/{projectIdOrName}/integrations/{integrationId}/objects/{objectName}/metadata']
        .get;
    expect(metadata['x-splice-extension']).toBe(true);
    expect(create['x-splice-extension']).toBeUndefined();
    expect(doc.components.schemas.InstallationRequest.properties.config).toBeDefined();
  });
});

describe('provider-level object metadata (the hosted service’s path, no installation needed)', () => {
  it('serves the same fields as the integration path, for a connected group without an installation', async () => {
    const byProvider = await get('/projects/demo/providers/hubspot/objects/contacts/metadata?groupRef=acme');
    const byIntegration = await get(
      '/projects/demo/integrations/hubspot-sync/objects/contacts/metadata?groupRef=acme',
    );
    expect(byProvider.status).toBe(200);
    expect(byProvider.body).toEqual(byIntegration.body);
    expect(byProvider.body.fields.hs_lead_status.valueType).toBe('singleSelect');
  });

  it('leaves read-only fields out when asked to', async () => {
    const all = await get('/projects/demo/providers/hubspot/objects/contacts/metadata?groupRef=acme');
    const writable = await get(
      '/projects/demo/providers/hubspot/objects/contacts/metadata?groupRef=acme&excludeReadOnly=true',
    );
    expect(writable.status).toBe(200);
    const readOnly = Object.values(
      all.body.fields as Record<string, { readOnly?: boolean; fieldName: string }>,
    )
      .filter((f) => f.readOnly === true)
      .map((f) => f.fieldName);
    expect(readOnly.length).toBeGreaterThan(0);
    for (const name of readOnly) expect(writable.body.fields[name]).toBeUndefined();
  });

  it('refuses a group without a connection (422), an unknown provider or object (404), a missing groupRef (400)', async () => {
    const unconnected = await get(
      '/projects/demo/providers/hubspot/objects/contacts/metadata?groupRef=initech',
    );
    expect(unconnected.status).toBe(422);
    expect(unconnected.body.type).toBe('urn:problem-type:connection-required');
    expect((await get('/projects/demo/providers/nocrm/objects/contacts/metadata?groupRef=acme')).status).toBe(
      404,
    );
    expect(
      (await get('/projects/demo/providers/hubspot/objects/widgets/metadata?groupRef=acme')).status,
    ).toBe(404);
    const missing = await get('/projects/demo/providers/hubspot/objects/contacts/metadata');
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([expect.objectContaining({ in: 'query', name: 'groupRef' })]);
  });

  it('is documented as an extension', async () => {
    const { body: doc } = await readJsonResponse(await fetch(`${service.url}/openapi.json`));
    const op =
      doc.paths['/v1/projects/{projectIdOrName}/providers/{provider}/objects/{objectName}/metadata'].get;
    expect(op['x-splice-extension']).toBe(true);
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '404', '422']);
  });
});
