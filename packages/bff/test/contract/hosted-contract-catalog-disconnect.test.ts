import type { Problem } from '@splice/schema';
import { integrationCatalogSchema, problemSchema, problemTypes } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { browserHeaders } from '../helpers/sessions.js';
import { testApiKey, testAuthToken } from '../helpers/start-bff.js';
import { useHostedContract } from './contract-setup.js';
import { hostedConnection, hostedInstallation, hostedIntegration } from './hosted-double.js';

/**
 * The integrations catalog and Disconnect against answers shaped as the hosted service's description
 * allows (hosted-double.ts), with the BFF as against the hosted service: every upstream call must be an
 * operation of the description, with its method and parameters, and no credential reaches the browser.
 */

const contract = useHostedContract();

// The workspace (the provider account's name) is not among them: the group's own member is shown it.
const secrets = new RegExp(`SECRET|client-123|access|refresh|${testApiKey}|${testAuthToken}`);

/** A second integration of the project, with no display name of its own (the catalog shows its name). */
const dealsIntegration = {
  ...hostedIntegration,
  id: 'int-nw-deals',
  name: 'nw-deals',
  latestRevision: {
    ...hostedIntegration.latestRevision,
    content: { ...hostedIntegration.latestRevision.content, name: 'nw-deals', displayName: undefined },
  },
};

function catalog(user = 'alice') {
  return fetch(`${contract.bff.url}/integrations`, { headers: browserHeaders(user) });
}

function disconnect(user = 'alice') {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/connection`, {
    method: 'DELETE',
    headers: browserHeaders(user),
  });
}

async function problemOf(response: Response): Promise<Problem> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return problemSchema.parse(await response.json());
}

/** What the double received since `before` (counts per operation), as method and URL. */
function sentSince(before: Record<string, number>, operations: readonly string[]) {
  return operations.flatMap((operation) =>
    contract.upstream
      .calls(operation)
      .slice(before[operation] ?? 0)
      .map((r) => `${r.method} ${r.url}`),
  );
}

function countsOf(operations: readonly string[]): Record<string, number> {
  return Object.fromEntries(operations.map((o) => [o, contract.upstream.calls(o).length]));
}

describe('GET /integrations with hosted answers', () => {
  const operations = ['integrations', 'connections', 'installations', 'provider', 'deleteConnection'];

  it("lists the project's integrations through listIntegrations, each with the group's connection and installation", async () => {
    contract.upstream.scenario.integrations = { status: 200, body: [hostedIntegration, dealsIntegration] };
    contract.upstream.scenario.installations = { status: 200, body: [hostedInstallation()] };
    const before = countsOf(operations);
    const response = await catalog();
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(secrets);
    const { integrations } = integrationCatalogSchema.parse(JSON.parse(text));
    expect(integrations).toEqual([
      {
        id: 'int-nw-sync',
        name: 'nw-sync',
        displayName: 'Northwind sync',
        provider: 'northwind',
        providerDisplayName: 'Northwind CRM',
        connection: 'connected',
        installation: 'installed',
      },
      {
        id: 'int-nw-deals',
        name: 'nw-deals',
        displayName: 'nw-deals',
        provider: 'northwind',
        providerDisplayName: 'Northwind CRM',
        connection: 'connected',
        installation: 'not_installed',
      },
    ]);
    // The description's operations only, each group-scoped one naming the session's group; the provider
    // is named once for both integrations, and nothing is deleted.
    expect(sentSince(before, operations).sort()).toEqual(
      [
        'GET /v1/projects/demo/integrations',
        'GET /v1/projects/demo/connections?groupRef=acme',
        'GET /v1/projects/demo/integrations/int-nw-sync/installations?groupRef=acme',
        'GET /v1/projects/demo/integrations/int-nw-deals/installations?groupRef=acme',
        'GET /v1/providers/northwind',
      ].sort(),
    );
    // The API key goes to the service, never further.
    const listed = contract.upstream.calls('integrations').at(-1);
    expect(listed?.headers['x-api-key']).toBe(testApiKey);
  });

  it('says a group without a connection has none, and one the provider refuses needs a reconnect', async () => {
    contract.upstream.scenario.connections = { status: 200, body: [] };
    const none = integrationCatalogSchema.parse(await (await catalog('bob')).json());
    expect(none.integrations.map((e) => [e.connection, e.installation])).toEqual([['none', 'not_installed']]);
    expect(contract.upstream.calls('connections').at(-1)?.url).toBe(
      '/v1/projects/demo/connections?groupRef=globex',
    );

    contract.upstream.scenario.connections = {
      status: 200,
      body: [{ ...hostedConnection, status: 'bad_credentials' }],
    };
    const refused = await catalog();
    const text = await refused.text();
    expect(text).not.toMatch(secrets);
    expect(integrationCatalogSchema.parse(JSON.parse(text)).integrations[0]?.connection).toBe(
      'needs_reconnect',
    );
  });

  it('names a provider the service cannot name by its id, instead of failing the catalog', async () => {
    contract.upstream.scenario.provider = { status: 404, body: { detail: 'No provider northwind.' } };
    const response = await catalog();
    expect(response.status).toBe(200);
    const { integrations } = integrationCatalogSchema.parse(await response.json());
    expect(integrations[0]?.providerDisplayName).toBe('northwind');
  });

  it('passes a failed listIntegrations (a problem without title or status) on as a problem', async () => {
    contract.upstream.scenario.integrations = { status: 404, body: { detail: 'No project demo.' } };
    const response = await catalog();
    expect(response.status).toBe(404);
    expect((await problemOf(response)).status).toBe(404);
  });
});

describe('DELETE /integrations/:integrationId/connection with hosted answers', () => {
  const operations = ['integration', 'connections', 'installations', 'deleteConnection'];

  it("deletes the group's connection through deleteConnection when no installation reads through it", async () => {
    const before = countsOf(operations);
    const response = await disconnect();
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(sentSince(before, operations)).toEqual([
      'GET /v1/projects/demo/integrations/int-nw-sync',
      'GET /v1/projects/demo/connections?groupRef=acme',
      'GET /v1/projects/demo/integrations/int-nw-sync/installations?groupRef=acme',
      'DELETE /v1/projects/demo/connections/conn-nw-1',
    ]);
    const deleted = contract.upstream.calls('deleteConnection').at(-1);
    expect(deleted?.headers['x-api-key']).toBe(testApiKey);
    expect(deleted?.body).toBe('');
  });

  it('refuses with 409 connection-in-use while the installation reads through it, and deletes nothing', async () => {
    contract.upstream.scenario.installations = { status: 200, body: [hostedInstallation()] };
    const before = countsOf(['deleteConnection']);
    const response = await disconnect();
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(text).not.toMatch(secrets);
    const problem = problemSchema.parse(JSON.parse(text));
    expect(problem).toMatchObject({ type: problemTypes.connectionInUse.type, status: 409 });
    expect(problem.detail).toContain('inst-nw-1');
    expect(contract.upstream.calls('deleteConnection')).toHaveLength(before.deleteConnection ?? 0);
  });

  it('answers 204 with nothing deleted when the group has no connection to the provider', async () => {
    contract.upstream.scenario.connections = {
      status: 200,
      body: [{ ...hostedConnection, id: 'conn-other', provider: 'salesforce' }],
    };
    const before = countsOf(['deleteConnection']);
    const response = await disconnect('bob');
    expect(response.status).toBe(204);
    expect(contract.upstream.calls('connections').at(-1)?.url).toBe(
      '/v1/projects/demo/connections?groupRef=globex',
    );
    expect(contract.upstream.calls('deleteConnection')).toHaveLength(before.deleteConnection ?? 0);
  });

  it('passes a failed deleteConnection (a problem without title or status) on as a problem', async () => {
    contract.upstream.scenario.deleteConnection = {
      status: 404,
      body: { detail: 'No connection conn-nw-1.' },
    };
    const response = await disconnect();
    expect(response.status).toBe(404);
    const problem = await problemOf(response);
    expect(problem.status).toBe(404);
    expect(JSON.stringify(problem)).not.toMatch(secrets);
  });
});
