import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import { readJsonResponse, startTestService } from './harness.js';

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
    expect(res.body.map((i: { name: string }) => i.name)).toEqual([
      'crm-sync',
      'hubspot-sync',
      'salesforce-sync',
    ]);
    for (const integration of res.body as { name: string }[]) {
      expect(integration).toEqual((await get(`/projects/demo/integrations/${integration.name}`)).body);
    }
    expect((await get('/projects/nowhere/integrations')).status).toBe(404);
    expect((await get('/projects/demo/integrations', {})).status).toBe(401);
  });

  it('serves the integration with its manifest revision', async () => {
    const res = await get('/projects/demo/integrations/crm-sync');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: 'crm-sync',
      name: 'crm-sync',
      provider: 'sandboxcrm',
      projectId: 'demo',
    });
    const objects = res.body.latestRevision.content.read.objects;
    expect(objects.map((o: { objectName: string }) => o.objectName)).toEqual([
      'contacts',
      'companies',
      'deals',
    ]);
    expect(objects[2].enabled).toBe('always');
    expect(res.body.latestRevision.content.write.objects).toEqual([
      { objectName: 'contacts', displayName: 'Contacts' },
    ]);
  });

  it('serves the provider fields of an object for a connected group', async () => {
    const res = await get('/projects/demo/integrations/crm-sync/objects/contacts/metadata?groupRef=acme');
    expect(res.status).toBe(200);
    for (const field of [
      'id',
      'email',
      'firstName',
      'lastName',
      'status',
      'score',
      'isCustomer',
      'createdAt',
      'companyId',
    ]) {
      expect(res.body.fields[field]?.fieldName).toBe(field);
    }
    expect(res.body.fields.status.valueType).toBe('singleSelect');
    expect(res.body.fields.status.values.length).toBeGreaterThan(1);
    expect(res.body.fields.score.valueType).toBe('int');
    expect(res.body.fields.isCustomer.valueType).toBe('boolean');
  });

  it('refuses metadata for a group without a connection', async () => {
    const res = await get('/projects/demo/integrations/crm-sync/objects/contacts/metadata?groupRef=initech');
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:connection-required');
  });

  it("lists a group's connections without any credential", async () => {
    const res = await get('/projects/demo/connections?groupRef=acme');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: 'conn-acme', status: 'working', group: { groupRef: 'acme' } });
    expect(JSON.stringify(res.body)).not.toMatch(/sandbox-access|credentials|Token/);
  });

  it('lists no installation for a group that has none', async () => {
    const res = await get('/projects/demo/integrations/crm-sync/installations?groupRef=acme');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('accepts the bearer token too, and refuses no credential', async () => {
    expect(
      (await get('/projects/demo/integrations/crm-sync', { authorization: `Bearer ${service.authToken}` }))
        .status,
    ).toBe(200);
    expect((await get('/projects/demo/integrations/crm-sync', {})).status).toBe(401);
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
    const byProvider = await get(
      '/projects/demo/providers/sandboxcrm/objects/contacts/metadata?groupRef=acme',
    );
    const byIntegration = await get(
      '/projects/demo/integrations/crm-sync/objects/contacts/metadata?groupRef=acme',
    );
    expect(byProvider.status).toBe(200);
    expect(byProvider.body).toEqual(byIntegration.body);
    expect(byProvider.body.fields.status.valueType).toBe('singleSelect');
  });

  it('leaves read-only fields out when asked to', async () => {
    const all = await get('/projects/demo/providers/sandboxcrm/objects/contacts/metadata?groupRef=acme');
    const writable = await get(
      '/projects/demo/providers/sandboxcrm/objects/contacts/metadata?groupRef=acme&excludeReadOnly=true',
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
      '/projects/demo/providers/sandboxcrm/objects/contacts/metadata?groupRef=initech',
    );
    expect(unconnected.status).toBe(422);
    expect(unconnected.body.type).toBe('urn:problem-type:connection-required');
    expect((await get('/projects/demo/providers/nocrm/objects/contacts/metadata?groupRef=acme')).status).toBe(
      404,
    );
    expect(
      (await get('/projects/demo/providers/sandboxcrm/objects/widgets/metadata?groupRef=acme')).status,
    ).toBe(404);
    const missing = await get('/projects/demo/providers/sandboxcrm/objects/contacts/metadata');
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
