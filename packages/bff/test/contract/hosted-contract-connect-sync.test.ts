import type { Problem } from '@splice/schema';
import { connectionAnswerSchema, problemSchema, runNowAnswerSchema, syncStatusSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { browserHeaders } from '../helpers/sessions.js';
import { useHostedContract } from './contract-setup.js';
import { hostedConnection, hostedInstallation } from './hosted-double.js';

/**
 * The connect, status and "Run now" routes against answers shaped as the hosted service's description
 * allows (hosted-double.ts). The BFF runs with its defaults, as against the hosted service: no
 * `read-status` extension, so the double meeting any path the description lacks is a violation.
 */

const contract = useHostedContract();

// The workspace (the provider account's name) is not among them: the group's own member is shown it.
const secrets = /SECRET|client-123|access|refresh/;
const start = { attempt: 'attempt-0123456789abcdef', mode: 'popup' };

function post(path: string, body: unknown = start, user = 'alice') {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/${path}`, {
    method: 'POST',
    headers: browserHeaders(user),
    body: JSON.stringify(body),
  });
}

function get(path: string, user = 'alice') {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/${path}`, { headers: browserHeaders(user) });
}

async function problemOf(response: Response): Promise<Problem> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return problemSchema.parse(await response.json());
}

const installed = () => {
  contract.upstream.scenario.installations = {
    status: 200,
    body: [
      hostedInstallation({
        person: { objectName: 'person', disabled: true, selectedFields: {}, selectedFieldMappings: {} },
      }),
    ],
  };
};

describe('POST /integrations/:integrationId/connect with hosted answers', () => {
  it('answers the URL the service gave as text, and sends the description’s required members', async () => {
    const response = await post('connect');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: 'https://login.northwind.example/authorize?client_id=client-1&state=xyz',
    });
    // The hosted flow never reaches this BFF's result page, so no cookie binds it here.
    expect(response.headers.getSetCookie()).toEqual([]);
    const sent = JSON.parse(contract.upstream.calls('oauthConnect').at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({
      projectIdOrName: 'demo',
      provider: 'northwind',
      groupRef: 'acme',
      consumerRef: 'alice',
    });
    // Nothing the description does not name (the embedded service's `redirectUrl` stays out).
    expect(Object.keys(sent).sort()).toEqual(['consumerRef', 'groupRef', 'projectIdOrName', 'provider']);
  });

  it('passes a 400 about the provider (an issue without `detail` or `in`) on as 400, not 502', async () => {
    contract.upstream.scenario.oauthConnect = {
      status: 400,
      body: { type: 'about:blank', detail: 'No provider app.', issues: [{ name: 'provider' }] },
    };
    const response = await post('connect');
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({ status: 400, detail: 'No provider app.' });
  });

  it('answers 404 for an unknown integration from a problem without title', async () => {
    contract.upstream.scenario.integration = { status: 404, body: { detail: 'No integration nw-sync.' } };
    const before = contract.upstream.calls('oauthConnect').length;
    const response = await post('connect');
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({ status: 404, title: 'Not Found' });
    expect(contract.upstream.calls('oauthConnect')).toHaveLength(before);
  });
});

describe('POST /integrations/:integrationId/reconnect with hosted answers', () => {
  it('refreshes the group’s hosted connection through :oauth-update and answers its URL', async () => {
    const before = contract.upstream.calls('oauthUpdate').length;
    const response = await post('reconnect');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: 'https://login.northwind.example/authorize?client_id=client-1&state=upd',
    });
    const sent = contract.upstream.calls('oauthUpdate').slice(before);
    expect(sent.map((r) => r.url)).toEqual(['/v1/projects/demo/connections/conn-nw-1:oauth-update']);
    // The hosted operation takes no body.
    expect(sent.map((r) => [r.body, r.headers['content-type']])).toEqual([['', undefined]]);
  });

  it('answers 409 when the group has no connection to refresh (an empty hosted list)', async () => {
    contract.upstream.scenario.connections = { status: 200, body: [] };
    const response = await post('reconnect');
    expect(response.status).toBe(409);
    expect((await problemOf(response)).status).toBe(409);
  });

  it('passes a 409 of :oauth-update without title or status on as 409', async () => {
    contract.upstream.scenario.oauthUpdate = {
      status: 409,
      body: { detail: 'An update is already running.' },
    };
    const response = await post('reconnect');
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toMatchObject({
      status: 409,
      title: 'Conflict',
      detail: 'An update is already running.',
    });
  });
});

describe('GET /integrations/:integrationId/connection with hosted answers', () => {
  it('answers the hosted connection with the account it signs in to, without its tokens or provider app', async () => {
    const response = await get('connection');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(secrets);
    expect(connectionAnswerSchema.parse(JSON.parse(text)).connection).toMatchObject({
      id: 'conn-nw-1',
      provider: 'northwind',
      status: 'working',
      providerWorkspaceRef: 'nw-workspace-9',
    });
  });

  it('picks the working connection to the provider among others, members it does not know dropped', async () => {
    contract.upstream.scenario.connections = {
      status: 200,
      body: [
        { ...hostedConnection, id: 'conn-other', provider: 'southwind' },
        { ...hostedConnection, id: 'conn-old', status: 'bad_credentials' },
        { ...hostedConnection, futureMember: { x: 1 } },
      ],
    };
    const response = await get('connection');
    expect(response.status).toBe(200);
    expect(connectionAnswerSchema.parse(await response.json()).connection).toMatchObject({
      id: 'conn-nw-1',
    });
  });

  it('answers null when the group has none', async () => {
    contract.upstream.scenario.connections = { status: 200, body: [] };
    const response = await get('connection');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ connection: null });
  });
});

describe('GET /integrations/:integrationId/status from hosted paths only', () => {
  it('answers an uninstalled group with no objects, asking nothing more', async () => {
    const response = await get('status');
    expect(response.status).toBe(200);
    const body = syncStatusSchema.parse(await response.json());
    expect(body).toMatchObject({ installationId: null, objects: [], running: false });
    expect(contract.upstream.calls('operations')).toHaveLength(0);
  });

  it('builds each object’s state from the config, the operations and backfill progress', async () => {
    installed();
    const response = await get('status');
    expect(response.status).toBe(200);
    const body = syncStatusSchema.parse(await response.json());
    expect(body.installationId).toBe('inst-nw-1');
    expect(body.running).toBe(true);
    // `deal` is not in the config, but the manifest reads it always.
    expect(body.objects.map((o) => o.objectName)).toEqual(['account', 'person', 'deal']);
    const [account, person, deal] = body.objects;
    expect(account).toMatchObject({
      objectName: 'account',
      state: 'reading',
      lastRun: { operationId: 'op-3', status: 'in_progress', time: '2026-10-30T08:10:00Z', readType: null },
      backfill: { operationId: 'op-1', recordsProcessed: 1250, recordsEstimatedTotal: null, done: true },
      // Two successful reads of 40 records each; the operation in an unknown status is left out.
      recordsDelivered: 80,
      problem: null,
      canRunNow: false,
    });
    // `*/30 * * * *`: the next half hour after now.
    const next = new Date(account?.nextRunTime ?? '');
    expect(next.getUTCMinutes() % 30).toBe(0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(person).toMatchObject({
      objectName: 'person',
      // `disabled: true` in the installation's config: turned off by the customer, not paused.
      state: 'turned_off',
      nextRunTime: null,
      backfill: null,
      lastRun: null,
      canRunNow: false,
      runNowBlockedBy: 'turned_off',
    });
    expect(deal).toMatchObject({ state: 'waiting', lastRun: null, recordsDelivered: 0, canRunNow: true });
    expect(new Date(deal?.nextRunTime ?? '').getUTCMinutes()).toBe(0);
    expect(contract.upstream.calls('operations').at(-1)?.url).toBe(
      '/v1/projects/demo/integrations/int-nw-sync/installations/inst-nw-1/operations?pageSize=100',
    );
    expect(
      contract.upstream
        .calls('backfill')
        .map((r) => r.url.split('/objects/')[1])
        .slice(-3)
        .sort(),
    ).toEqual(['account/backfill-progress', 'deal/backfill-progress', 'person/backfill-progress']);
  });

  it('shows a failed last read as a problem with its scrubbed summary', async () => {
    installed();
    const operations = {
      results: [
        {
          projectId: 'proj-1',
          integrationId: 'int-nw-sync',
          installationId: 'inst-nw-1',
          configId: 'cfg-nw-1',
          actionType: 'read',
          id: 'op-5',
          status: 'failure',
          result: '[account] the provider refused the token',
          createTime: '2026-10-30T08:00:00Z',
          metadata: { objects: ['account'] },
        },
      ],
      pagination: { done: true },
    };
    contract.upstream.scenario.operations = { status: 200, body: operations };
    contract.upstream.scenario.backfill = {};
    const response = await get('status');
    expect(response.status).toBe(200);
    const account = syncStatusSchema.parse(await response.json()).objects[0];
    expect(account).toMatchObject({
      state: 'failing',
      problem: { code: 'connection', since: '2026-10-30T08:00:00Z' },
      canRunNow: true,
    });
  });

  it('treats a backfill still running (its operation in progress) as backfilling', async () => {
    installed();
    contract.upstream.scenario.backfill = {
      account: {
        status: 200,
        body: {
          installationId: 'inst-nw-1',
          objectName: 'account',
          operationId: 'op-3',
          recordsProcessed: 9,
        },
      },
    };
    const response = await get('status');
    const account = syncStatusSchema.parse(await response.json()).objects[0];
    expect(account).toMatchObject({
      state: 'backfilling',
      backfill: { operationId: 'op-3', recordsProcessed: 9, done: false, startTime: '2026-10-30T08:10:00Z' },
    });
  });

  it('answers 404 when the installation is gone by the time its operations are read', async () => {
    installed();
    contract.upstream.scenario.operations = { status: 404, body: { detail: 'No installation inst-nw-1.' } };
    const response = await get('status');
    expect(response.status).toBe(404);
    expect((await problemOf(response)).status).toBe(404);
  });
});

describe('POST /integrations/:integrationId/objects/:objectName/read with hosted answers', () => {
  it('answers 201 with the operation id, members it does not know dropped, after sending a ReadRequest', async () => {
    const response = await post('objects/account/read', {});
    expect(response.status).toBe(201);
    expect(runNowAnswerSchema.parse(await response.json())).toEqual({ operationId: 'op-9' });
    const sent = contract.upstream.calls('triggerRead').at(-1);
    expect(sent?.url).toBe('/read/v1/projects/demo/integrations/int-nw-sync/objects/account');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ groupRef: 'acme', mode: 'async' });
  });

  it('passes a 400 sent as plain application/json (as the read description has it) on as 400', async () => {
    contract.upstream.scenario.triggerRead = {
      status: 400,
      body: { detail: 'The object account is not in this installation.' },
      contentType: 'application/json',
    };
    const response = await post('objects/account/read', {}, 'carol');
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({
      detail: 'The object account is not in this installation.',
    });
  });

  it('passes a 409 without title on as 409, and a 422 as 422', async () => {
    contract.upstream.scenario.triggerRead = { status: 409, body: { detail: 'A read is running.' } };
    const conflict = await post('objects/account/read', {}, 'bob');
    expect(conflict.status).toBe(409);
    expect(await problemOf(conflict)).toMatchObject({ title: 'Conflict', detail: 'A read is running.' });
    contract.upstream.scenario.triggerRead = {
      status: 422,
      body: { type: 'urn:problem-type:object-disabled' },
    };
    const refused = await post('objects/person/read', {}, 'bob');
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).type).toBe('urn:problem-type:object-disabled');
  });
});
