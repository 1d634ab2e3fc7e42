import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf } from './helpers/read.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;

beforeAll(async () => {
  service = await startRealService();
  bff = await startBff(service, { apiKey: service.apiKey, authToken: service.authToken });
});
afterAll(async () => {
  await bff.close();
  await service.stop();
});

/** Acme's (alice) CRM is HubSpot, Globex's (bob) Salesforce. */
const connectionUrl = (user: string) =>
  `${bff.url}/integrations/${user === 'bob' ? 'salesforce-sync' : 'hubspot-sync'}/connection`;

async function connectionOf(user: string) {
  const response = await fetch(connectionUrl(user), { headers: browserHeaders(user) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { connection: Record<string, unknown> | null }).connection;
}

const disconnect = (user: string, headers: Record<string, string> = {}) =>
  fetch(connectionUrl(user), { method: 'DELETE', headers: browserHeaders(user, headers) });

describe('the connection the browser sees', () => {
  it('names the provider workspace it signs in to', async () => {
    expect(await connectionOf('bob')).toMatchObject({
      id: 'conn-globex-salesforce',
      providerWorkspaceRef: 'Globex',
    });
  });
});

describe('DELETE /integrations/:integrationId/connection', () => {
  it("deletes the session group's connection when nothing uses it; again, there is nothing left to delete", async () => {
    const response = await disconnect('bob');
    expect(response.status).toBe(204);
    expect(await connectionOf('bob')).toBeNull();
    // Another group's connection is untouched.
    expect(await connectionOf('alice')).toMatchObject({ id: 'conn-acme-hubspot' });
    expect((await disconnect('bob')).status).toBe(204);
  });

  it('refuses while the installation reads through it, naming the installation, and keeps it', async () => {
    const install = await fetch(`${bff.url}/integrations/hubspot-sync/installations?skipSampling=true`, {
      method: 'POST',
      headers: browserHeaders('alice', { 'Idempotency-Key': 'disconnect-install-0001' }),
      body: JSON.stringify({
        config: {
          content: {
            provider: 'hubspot',
            read: { objects: { contacts: { objectName: 'contacts', selectedFields: { email: true } } } },
          },
        },
      }),
    });
    expect(install.status, await install.clone().text()).toBe(201);
    const { id } = (await install.json()) as { id: string };
    const response = await disconnect('alice');
    expect(response.status).toBe(409);
    const problem = await problemOf(response);
    expect(problem.type).toBe('urn:problem-type:connection-in-use');
    expect(problem.detail).toContain(id);
    expect(await connectionOf('alice')).toMatchObject({ id: 'conn-acme-hubspot' });
  });

  it('is CSRF-guarded, needs a session and takes no group from the browser', async () => {
    const withoutHeader = await fetch(connectionUrl('alice'), {
      method: 'DELETE',
      headers: { ...browserHeaders('alice'), 'X-Requested-With': '' },
    });
    expect(withoutHeader.status).toBe(403);
    const anonymous = await fetch(connectionUrl('alice'), {
      method: 'DELETE',
      headers: { ...browserHeaders('alice'), Cookie: '' },
    });
    expect(anonymous.status).toBe(401);
    const named = await fetch(`${connectionUrl('alice')}?groupRef=globex`, {
      method: 'DELETE',
      headers: browserHeaders('alice'),
    });
    expect(named.status).toBe(400);
    expect(await connectionOf('alice')).toMatchObject({ id: 'conn-acme-hubspot' });
  });
});
