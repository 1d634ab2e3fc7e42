/**
 * The hosted operations a builder's code and Ampersand's own clients call, at the hosted paths and in the
 * hosted shapes (checked with the schemas of @splice/schema): the project, provider apps, the provider
 * catalog, a revision hydrated for a connection, connections by id, and the project-wide installations.
 */
import {
  connectionSchema,
  hydratedRevisionSchema,
  installationSchema,
  projectSchema,
  providerAppSchema,
} from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  apiKeyHeaders,
  contactsConfig,
  createInstallationUrl,
  demoConnectionIds,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.dispose());

const get = async (path: string, headers: Record<string, string> = apiKeyHeaders(service)) =>
  readJsonResponse(await fetch(`${service.baseUrl}${path}`, { headers }));
const send = async (method: string, path: string, body: unknown) =>
  readJsonResponse(
    await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: apiKeyHeaders(service),
      body: JSON.stringify(body),
    }),
  );
const issueNames = (body: { issues?: { name: string }[] }) => (body.issues ?? []).map((issue) => issue.name);

describe('the project', () => {
  it('answers the project by name or id, in the hosted Project shape', async () => {
    const byName = await get('/projects/demo');
    expect(byName.status).toBe(200);
    const project = projectSchema.parse(byName.body);
    expect(project.name).toBe('demo');
    expect(project.appName).toBe('Northwind Pipeline');
    expect((await get(`/projects/${project.id}?includeEntitlements=true`)).body).toEqual(byName.body);
  });

  it('is a 404 for an unknown project and a 401 without a credential', async () => {
    expect((await get('/projects/nowhere')).body.type).toBe('urn:problem-type:project-not-found');
    expect((await get('/projects/demo', {})).status).toBe(401);
  });

  it('lists a provider app per catalog provider, with its client id and never its secret', async () => {
    const apps = await get('/projects/demo/provider-apps');
    expect(apps.status).toBe(200);
    const parsed = z.array(providerAppSchema).parse(apps.body);
    expect(parsed.map((app) => app.provider).sort()).toEqual(['hubspot', 'salesforce']);
    expect(JSON.stringify(apps.body)).not.toContain('splice-emulator-secret');
  });
});

describe('the provider catalog', () => {
  it('lists every provider by name, each as GET /providers/{provider} answers it', async () => {
    const all = await get('/providers', {});
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(['hubspot', 'salesforce']);
    expect(all.body.hubspot).toEqual((await get('/providers/hubspot', {})).body);
    expect(all.body.hubspot).toMatchObject({ authType: 'oauth2', support: { read: true } });
    expect(all.body.hubspot.baseURL).toBe(service.providers.hubspot.url);
  });
});

describe('a revision hydrated for a connection', () => {
  const revisionPath = async () => {
    const integration = (await get('/projects/demo/integrations/hubspot-sync')).body;
    return `/projects/demo/integrations/hubspot-sync/revisions/${integration.latestRevision.id}:hydrate`;
  };

  it("expands optionalFieldsAuto into the account's fields and keeps the manifest's mappings and values", async () => {
    const answer = await get(`${await revisionPath()}?connectionId=${demoConnectionIds.acme}`);
    expect(answer.status).toBe(200);
    const revision = hydratedRevisionSchema.parse(answer.body);
    const contacts = revision.content.read?.objects.find((o) => o.objectName === 'contacts');
    expect(contacts).toBeDefined();
    const optional = contacts?.optionalFields ?? [];
    const metadata = contacts?.allFieldsMetadata ?? {};
    // Every field of the account is offered once: named in the manifest, or added by optionalFieldsAuto.
    const named = [...(contacts?.requiredFields ?? []), ...optional].flatMap((f) => f.fieldName ?? []);
    expect(new Set(named)).toEqual(new Set(Object.keys(metadata)));
    expect(named).toHaveLength(new Set(named).size);
    expect(optional).toContainEqual({ fieldName: 'jobtitle', displayName: metadata.jobtitle?.displayName });
    const stage = contacts?.requiredFields?.find((f) => f.mapToName === 'stage');
    expect(stage?.mappedValues?.map((v) => v.mappedValue)).toEqual(['new', 'working', 'won', 'lost']);
    expect(stage?.fieldName).toBeUndefined();
    expect(revision.content.write?.objects).toEqual([{ objectName: 'contacts', displayName: 'Contacts' }]);
  });

  it('refuses a missing connectionId (400 naming it), an unknown revision or connection (404), another provider (422)', async () => {
    const path = await revisionPath();
    const missing = await get(path);
    expect(missing.status).toBe(400);
    expect(issueNames(missing.body)).toEqual(['connectionId']);
    expect(
      (
        await get(
          `/projects/demo/integrations/hubspot-sync/revisions/old:hydrate?connectionId=${demoConnectionIds.acme}`,
        )
      ).status,
    ).toBe(404);
    expect((await get(`${path}?connectionId=nobody`)).status).toBe(404);
    const other = await get(`${path}?connectionId=${demoConnectionIds.globex}`);
    expect(other.status).toBe(422);
  });
});

describe('connections by id', () => {
  it('lists by group, provider or consumer, and gets one, with the hosted consumer and no credential', async () => {
    const all = await get('/projects/demo/connections');
    expect(all.status).toBe(200);
    expect(all.body.map((c: { id: string }) => c.id).sort()).toEqual(
      [demoConnectionIds.acme, demoConnectionIds.globex].sort(),
    );
    const hubspot = await get('/projects/demo/connections?provider=hubspot');
    expect(hubspot.body.map((c: { id: string }) => c.id)).toEqual([demoConnectionIds.acme]);
    const one = await get(`/projects/demo/connections/${demoConnectionIds.acme}?includeCreds=true`);
    expect(one.status).toBe(200);
    const connection = connectionSchema.parse(one.body);
    expect(connection.consumer).toMatchObject({
      consumerRef: connection.consumer.consumerRef,
      consumerName: expect.any(String),
      projectId: connection.projectId,
      createTime: connection.createTime,
    });
    expect(JSON.stringify(one.body)).not.toMatch(/accessToken|refreshToken|credentials/);
    expect((await get('/projects/demo/connections/nobody')).status).toBe(404);
  });

  it('updates the provider workspace, and refuses a credential mask or a mask without its value, naming each', async () => {
    const path = `/projects/demo/connections/${demoConnectionIds.acme}`;
    const updated = await send('PATCH', path, {
      updateMask: ['providerWorkspaceRef'],
      connection: { providerWorkspaceRef: 'acme-renamed' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.providerWorkspaceRef).toBe('acme-renamed');
    expect((await get(path)).body.providerWorkspaceRef).toBe('acme-renamed');

    const refused = await send('PATCH', path, {
      updateMask: ['providerWorkspaceRef', 'apiKey'],
      connection: { apiKey: 'k' },
    });
    expect(refused.status).toBe(400);
    expect(issueNames(refused.body)).toEqual(['connection.providerWorkspaceRef', 'updateMask[1]']);
    const malformed = await send('PATCH', path, { updateMask: ['everything'], connection: {} });
    expect(malformed.status).toBe(400);
    expect(issueNames(malformed.body)).toEqual(['updateMask[0]']);
  });

  it('answers connections:generate for an OAuth provider with a problem naming the provider, and nothing is made', async () => {
    const generated = await send('POST', '/projects/demo/connections:generate', {
      groupRef: 'initech',
      consumerRef: 'dana',
      provider: 'hubspot',
      apiKey: 'a-key',
    });
    expect(generated.status).toBe(422);
    expect(generated.body.type).toBe('urn:problem-type:unsupported-auth-type');
    expect(issueNames(generated.body)).toEqual(['provider']);
    const unknown = await send('POST', '/projects/demo/connections:generate', {
      groupRef: 'initech',
      consumerRef: 'dana',
      provider: 'nowhere',
    });
    expect(unknown.status).toBe(400);
    const incomplete = await send('POST', '/projects/demo/connections:generate', { apiKey: 3 });
    expect(issueNames(incomplete.body).sort()).toEqual(['apiKey', 'consumerRef', 'groupRef', 'provider']);
    expect((await get('/projects/demo/connections?groupRef=initech')).body).toEqual([]);
  });
});

describe('operation logs', () => {
  it('are a 404 for an operation the project does not have', async () => {
    const logs = await get('/projects/demo/operations/no-such-operation/logs');
    expect(logs.status).toBe(404);
    expect(logs.body.type).toBe('urn:problem-type:operation-not-found');
  });
});

describe('the project-wide installations', () => {
  it("lists every integration's installations, or one group's", async () => {
    const created = await readJsonResponse(
      await fetch(createInstallationUrl(service), {
        method: 'POST',
        headers: apiKeyHeaders(service),
        body: JSON.stringify({ groupRef: 'acme', config: contactsConfig() }),
      }),
    );
    expect(created.status).toBe(201);
    const all = await get('/projects/demo/installations');
    expect(all.status).toBe(200);
    expect(
      z
        .array(installationSchema)
        .parse(all.body)
        .map((i) => i.id),
    ).toEqual([created.body.id]);
    expect((await get('/projects/demo/installations?groupRef=globex')).body).toEqual([]);
    const bad = await get('/projects/demo/installations?groupRef=');
    expect(issueNames(bad.body)).toEqual(['groupRef']);
  });
});

describe("the service's OpenAPI document", () => {
  it('describes every hosted operation served here', async () => {
    const document = (await readJsonResponse(await fetch(`${service.url}/openapi.json`))).body as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = Object.values(document.paths).flatMap((path) =>
      Object.values(path).flatMap((operation) => operation.operationId ?? []),
    );
    expect(operationIds).toEqual(
      expect.arrayContaining([
        'getProject',
        'listProviderApps',
        'listProviders',
        'getHydratedRevision',
        'listInstallationsForProject',
        'listConnections',
        'getConnection',
        'updateConnection',
        'deleteConnection',
        'generateConnection',
        'listOperationLogs',
      ]),
    );
  });
});
