/**
 * deleteConnection (`DELETE /projects/{p}/connections/{id}`): a connection no installation uses goes; one
 * an installation uses stays, and the refusal names that installation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  contactsConfig,
  createInstallationUrl,
  demoConnectionIds,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';

const { acme: acmeConnection, globex: globexConnection } = demoConnectionIds;

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.dispose());

const connectionUrl = (id: string) => `${service.baseUrl}/projects/demo/connections/${id}`;
const remove = async (id: string, headers = apiKeyHeaders(service)) =>
  readJsonResponse(await fetch(connectionUrl(id), { method: 'DELETE', headers }));
const listConnections = async (groupRef: string) =>
  readJsonResponse(
    await fetch(`${service.baseUrl}/projects/demo/connections?groupRef=${groupRef}`, {
      headers: apiKeyHeaders(service),
    }),
  );

describe('deleteConnection', () => {
  it('names the provider workspace a connection signs in to (the demo names it after the company)', async () => {
    const listed = await listConnections('acme');
    expect(listed.body[0]).toMatchObject({ id: acmeConnection, providerWorkspaceRef: 'Acme Corp' });
  });

  it('deletes a connection no installation uses: 204, and the group has none left', async () => {
    const res = await remove(globexConnection);
    expect(res.status).toBe(204);
    expect((await listConnections('globex')).body).toEqual([]);
    expect((await remove(globexConnection)).status).toBe(404);
  });

  it('refuses to delete a connection an installation uses, naming the installation, and keeps both', async () => {
    const created = await readJsonResponse(
      await fetch(createInstallationUrl(service), {
        method: 'POST',
        headers: apiKeyHeaders(service),
        body: JSON.stringify({ groupRef: 'acme', config: contactsConfig() }),
      }),
    );
    expect(created.status).toBe(201);
    const res = await remove(acmeConnection);
    expect(res.status).toBe(409);
    expect(res.body.type).toBe('urn:problem-type:connection-in-use');
    expect(res.body.detail).toContain(created.body.id);
    expect((await listConnections('acme')).body).toHaveLength(1);
  });

  it('answers 404 for an unknown connection and 401 without a credential', async () => {
    expect((await remove('no-such-connection')).status).toBe(404);
    expect((await remove(acmeConnection, {})).status).toBe(401);
  });
});
