import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeUpstream, RecordedRequest } from '../helpers/fake-upstream.js';
import { json, startFakeUpstream } from '../helpers/fake-upstream.js';

/**
 * An upstream double that answers the way the hosted service's public description allows: optional
 * members absent, members docs/service-interface.md never shows present, problems without `title` or `status`, issues
 * without `detail`, `in` or `name`, search answers under `result` without `id`. The data is made up for
 * these tests (a CRM called "northwind" with accounts, people and deals).
 *
 * It also checks each request the BFF sends against what the description requires of a request, and
 * keeps every breach in `violations`: a contract test fails on any.
 */

export const time = '2026-10-30T08:15:00.123456Z';

/** Answers one request: `status` and a JSON body (a string is sent as it is, not as JSON). */
export interface Answer {
  status: number;
  body: unknown;
  contentType?: string;
}

export interface Scenario {
  integration: Answer;
  /** `GET {base_url}/projects/{p}/integrations` (listIntegrations). */
  integrations: Answer;
  /** Per provider object name. */
  metadata: Record<string, Answer>;
  installations: Answer;
  connections: Answer;
  /** `DELETE {base_url}/projects/{p}/connections/{connectionId}` (deleteConnection). */
  deleteConnection: Answer;
  create: Answer;
  search: Answer;
  invite: Answer;
  /** `GET {base_url}/orgs/{orgId}/invites` (listOrgInvites) and `DELETE .../invites/{inviteId}` (deleteOrgInvite). */
  invites: Answer;
  revokeInvite: Answer;
  /** `GET {base_url}/providers/{provider}` (getProvider; no credentials needed). */
  provider: Answer;
  /** `POST {base_url}/oauth-connect` and `PATCH .../connections/{id}:oauth-update`: a URL as text/plain. */
  oauthConnect: Answer;
  oauthUpdate: Answer;
  /** `GET .../installations/{id}/operations`. */
  operations: Answer;
  /** `GET .../installations/{id}/objects/{objectName}/backfill-progress`, per object name. */
  backfill: Record<string, Answer>;
  /** `POST {read_url}/projects/{p}/integrations/{id}/objects/{objectName}`. */
  triggerRead: Answer;
  /** `PATCH` and `DELETE {base_url}/projects/{p}/integrations/{id}/installations/{installationId}`. */
  update: Answer;
  uninstall: Answer;
  /** `POST {read_url}/projects/{p}/integrations/{id}/installations/{installationId}:pause|:unpause`. */
  pause: Answer;
  unpause: Answer;
  /** `POST {write_url}/projects/{p}/integrations/{id}/objects/{objectName}` (writeRecords). */
  write: Answer;
  /** `GET {base_url}/projects/{p}/operations/{operationId}` (getOperation). */
  operation: Answer;
}

export interface HostedDouble extends FakeUpstream {
  /** `{read_url}` of the double: `/read/v1` beside `/v1` and `/search/v1`. */
  readUrl: string;
  /** `{write_url}` of the double: `/write/v1`. */
  writeUrl: string;
  scenario: Scenario;
  /** Every breach of the description's request rules, one sentence each. */
  violations: string[];
  /** Requests to one operation, by a short name (`create`, `search`, `metadata`, ...). */
  calls(operation: string): RecordedRequest[];
}

const hostedGroup = { groupRef: 'acme', groupName: 'Acme Rockets', projectId: 'proj-1', createTime: time };

/** A hosted connection: consumer with its own project and time, provider app, tokens that must not leak. */
export const hostedConnection = {
  id: 'conn-nw-1',
  projectId: 'proj-1',
  provider: 'northwind',
  providerApp: {
    id: 'app-1',
    projectId: 'proj-1',
    provider: 'northwind',
    clientId: 'client-123',
    createTime: time,
  },
  group: hostedGroup,
  consumer: { consumerRef: 'alice', consumerName: 'Alice A.', projectId: 'proj-1', createTime: time },
  providerWorkspaceRef: 'nw-workspace-9',
  createTime: time,
  authScheme: 'oauth2/authorizationCode',
  status: 'working',
  oauth2AuthorizationCode: {
    accessToken: { token: 'nw-access-SECRET', issuedAt: time },
    refreshToken: { token: 'nw-refresh-SECRET' },
    scopes: ['crm.read'],
  },
  apiKey: 'nw-apikey-SECRET',
  providerMetadata: { instance: { value: 'eu-2', source: 'provider', displayName: 'Region' } },
};

/** A manifest integration as the hosted service keeps it, with keys this BFF does not know. */
export const hostedIntegration = {
  id: 'int-nw-sync',
  projectId: 'proj-1',
  name: 'nw-sync',
  provider: 'northwind',
  createTime: time,
  latestRevision: {
    id: 'rev-7',
    specVersion: '1.0.0',
    createTime: time,
    content: {
      name: 'nw-sync',
      provider: 'northwind',
      displayName: 'Northwind sync',
      module: 'crm',
      read: {
        objects: [
          {
            objectName: 'account',
            destination: 'accountsHook',
            schedule: '*/30 * * * *',
            mapToName: 'companies',
            requiredFields: [
              { fieldName: 'name' },
              {
                mapToName: 'segment',
                mapToDisplayName: 'Segment',
                prompt: 'Where is the segment kept?',
                default: 'smb',
              },
            ],
            optionalFieldsAuto: 'all',
            delivery: { mode: 'auto', pageSize: 100 },
          },
          {
            objectName: 'person',
            destination: 'peopleHook',
            // The description types the schedule as a free string.
            schedule: 'hourly-ish',
            optionalFields: [{ fieldName: 'email', mapToName: 'workEmail' }],
            backfill: { defaultPeriod: { days: 14 } },
          },
          { objectName: 'deal', destination: 'dealsHook', schedule: '0 * * * *', enabled: 'always' },
        ],
      },
      write: {
        objects: [{ objectName: 'person', inheritMapping: true, valueDefaults: { allowAnyFields: true } }],
      },
      proxy: { enabled: true, useModule: false },
      subscribe: {
        objects: [{ objectName: 'deal', destination: 'dealEvents', inheritFieldsAndMapping: true }],
      },
      watchSchema: { destination: 'schemaHook', allObjects: { fieldCreated: { enabled: 'always' } } },
    },
  },
};

/** Provider fields: some without `valueType` or other optional members; one with a type added later. */
export function hostedMetadata(objectName: string) {
  return {
    name: objectName,
    displayName: objectName[0]?.toUpperCase() + objectName.slice(1),
    fields: {
      name: {
        fieldName: 'name',
        displayName: 'Name',
        valueType: 'string',
        providerType: 'text',
        isRequired: true,
      },
      email: { fieldName: 'email', displayName: 'E-mail' },
      tier: {
        fieldName: 'tier',
        displayName: 'Tier',
        valueType: 'singleSelect',
        values: [
          { value: 'gold', displayValue: 'Gold' },
          { value: 'silver', displayValue: 'Silver' },
        ],
      },
      headcount: { fieldName: 'headcount', displayName: 'Headcount', valueType: 'int', readOnly: false },
      region: { fieldName: 'region', displayName: 'Region', valueType: 'geoPoint', isCustom: true },
    },
  };
}

/** A hosted installation: config content with `subscribe`, the connection with its tokens. */
export function hostedInstallation(readObjects: Record<string, unknown> = {}) {
  return {
    id: 'inst-nw-1',
    projectId: 'proj-1',
    integrationId: 'int-nw-sync',
    group: hostedGroup,
    healthStatus: 'healthy',
    connection: hostedConnection,
    createTime: time,
    createdBy: 'consumer:alice',
    config: {
      id: 'cfg-nw-1',
      revisionId: 'rev-7',
      createTime: time,
      createdBy: 'consumer:alice',
      content: {
        provider: 'northwind',
        read: {
          objects: {
            account: {
              objectName: 'account',
              schedule: '*/30 * * * *',
              selectedFields: { name: true },
              selectedFieldMappings: {},
            },
            ...readObjects,
          },
        },
        subscribe: {
          objects: {
            deal: { objectName: 'deal', destination: 'dealEvents', inheritFieldsAndMappings: true },
          },
        },
      },
    },
  };
}

/**
 * Hosted operations, newest first: the description's required members plus `metadata.objects` and
 * `progress`; no `readType`, `updateTime` or `endTime` (the hosted service does not send them).
 */
export function hostedOperations() {
  const op = (id: string, objectName: string, status: string, createTime: string, extra = {}) => ({
    projectId: 'proj-1',
    integrationId: 'int-nw-sync',
    installationId: 'inst-nw-1',
    configId: 'cfg-nw-1',
    actionType: 'read',
    id,
    status,
    createTime,
    metadata: {
      objects: [objectName],
      retry: { attempts: 1 },
      progress: { installationId: 'inst-nw-1', objectName, operationId: id, recordsProcessed: 40 },
    },
    ...extra,
  });
  return {
    results: [
      op('op-3', 'account', 'in_progress', '2026-10-30T08:10:00Z'),
      op('op-2', 'account', 'success', '2026-10-30T07:40:00Z', { result: '[account] 40 records read' }),
      // A status the description does not list: that operation is left out, the others stay.
      op('op-x', 'account', 'queued', '2026-10-30T07:35:00Z'),
      op('op-1', 'account', 'success', '2026-10-30T07:00:00Z'),
    ],
    pagination: { done: true },
  };
}

export function defaultScenario(): Scenario {
  return {
    integration: { status: 200, body: hostedIntegration },
    integrations: { status: 200, body: [hostedIntegration] },
    metadata: {
      account: { status: 200, body: hostedMetadata('account') },
      person: { status: 200, body: hostedMetadata('person') },
      deal: { status: 200, body: hostedMetadata('deal') },
    },
    installations: { status: 200, body: [] },
    connections: { status: 200, body: [hostedConnection] },
    deleteConnection: { status: 204, body: '' },
    create: { status: 201, body: hostedInstallation() },
    search: {
      status: 200,
      body: {
        result: [
          { fields: { name: 'Initrode' }, mappedFields: { companyName: 'Initrode' }, raw: { Id: 'A-17' } },
        ],
      },
    },
    invite: {
      status: 201,
      body: {
        id: 'inv-nw-1',
        invitedEmail: 'dana@example.com',
        parentType: 'org',
        parentId: 'org-demo',
        status: 'pending',
        createTime: time,
        inviter: { id: 'builder-1' },
      },
    },
    invites: {
      status: 200,
      body: [
        {
          id: 'inv-nw-1',
          invitedEmail: 'dana@example.com',
          parentType: 'org',
          parentId: 'org-demo',
          status: 'pending',
          createTime: time,
        },
      ],
    },
    revokeInvite: { status: 204, body: '' },
    // ProviderInfo: far more than the BFF reads (auth, modules, support), as the description has it.
    provider: {
      status: 200,
      body: {
        name: 'northwind',
        displayName: 'Northwind CRM',
        authType: 'oauth2',
        baseURL: 'https://api.northwind.example',
        support: { read: true, write: true, delete: false, subscribe: false, proxy: true },
      },
    },
    oauthConnect: {
      status: 200,
      body: 'https://login.northwind.example/authorize?client_id=client-1&state=xyz',
      contentType: 'text/plain; charset=utf-8',
    },
    oauthUpdate: {
      status: 200,
      body: 'https://login.northwind.example/authorize?client_id=client-1&state=upd',
      contentType: 'text/plain',
    },
    operations: { status: 200, body: hostedOperations() },
    backfill: {
      account: {
        status: 200,
        // No status and no `recordsEstimatedTotal` (only some providers estimate): both optional.
        body: {
          installationId: 'inst-nw-1',
          objectName: 'account',
          operationId: 'op-1',
          recordsProcessed: 1250,
          createTime: '2026-10-30T07:00:00Z',
          updateTime: '2026-10-30T07:05:00Z',
        },
      },
    },
    triggerRead: { status: 201, body: { operationId: 'op-9', queuedBehind: 0 } },
    update: { status: 200, body: { ...hostedInstallation(), updateTime: '2026-10-30T09:00:00Z' } },
    uninstall: { status: 204, body: '' },
    pause: { status: 204, body: '' },
    unpause: { status: 204, body: '' },
    // The description's single-record example: the provider's record comes back in `data`.
    write: {
      status: 200,
      body: {
        operationId: 'acb0d75a-1b59-4aad-a191-48c5b75ea9e4',
        result: { success: true, recordId: '003xx000001', data: { email: 'dana@example.com' } },
      },
    },
    // A finished write as the description shows it: a free-text result and `successfulRecordIds`.
    operation: {
      status: 200,
      body: {
        projectId: 'proj-1',
        integrationId: 'int-nw-sync',
        installationId: 'inst-nw-1',
        configId: 'cfg-nw-1',
        actionType: 'write',
        status: 'success',
        id: 'op-w-1',
        result: 'Batch write completed (2 succeeded, 0 failed)',
        metadata: { objects: ['person'], successfulRecordIds: ['P-1', 'P-2'] },
        createTime: time,
      },
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const wantsTextAnswer = (operation: string) => operation === 'oauthConnect' || operation === 'oauthUpdate';

/** updateInstallation: `updateMask` (names) and `installation` are required; skipSampling a boolean. */
function checkUpdate(req: RecordedRequest, say: (text: string) => void) {
  const skip = new URL(req.url, 'http://double').searchParams.get('skipSampling');
  if (skip !== null && skip !== 'true' && skip !== 'false') say('skipSampling is not a boolean');
  if (req.headers['content-type'] !== 'application/json') return say('a body that is not application/json');
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    return say('a body that is not JSON');
  }
  if (!isRecord(body)) return say('a body that is not an object');
  const mask = body.updateMask;
  if (!Array.isArray(mask) || !mask.every((m) => typeof m === 'string')) say('updateMask is required');
  if (!isRecord(body.installation)) say('installation is required');
}

/** writeRecords: groupRef and type required; one of record or batch (1 to 100); the policies' bounds. */
function checkWrite(body: Record<string, unknown>, say: (text: string) => void) {
  if (typeof body.groupRef !== 'string') say('groupRef is required');
  if (!['create', 'update', 'delete'].includes(body.type as string))
    say('type is not create, update or delete');
  if (body.mode !== undefined && !['synchronous', 'asynchronous'].includes(body.mode as string)) {
    say('mode is not synchronous or asynchronous');
  }
  const { record, batch } = body;
  if ((record === undefined) === (batch === undefined)) say('send one of record and batch');
  if (record !== undefined && !isRecord(record)) say('record is not an object');
  if (batch !== undefined) {
    if (!Array.isArray(batch) || batch.length < 1 || batch.length > 100) say('batch is not 1 to 100 items');
    else if (!batch.every((item) => isRecord(item) && isRecord(item.record)))
      say('a batch item lacks record');
  }
  const hours = (body.retryPolicy as { deadlineHours?: unknown } | undefined)?.deadlineHours;
  if (
    hours !== undefined &&
    !(Number.isInteger(hours) && (hours as number) >= 1 && (hours as number) <= 48)
  ) {
    say('retryPolicy.deadlineHours is not 1 to 48');
  }
  const autoBatch = body.autoBatchPolicy;
  if (autoBatch !== undefined && !(isRecord(autoBatch) && Number.isInteger(autoBatch.maxDelayMinutes))) {
    say('autoBatchPolicy.maxDelayMinutes is required');
  }
}

/** The description's request rules, as far as this BFF's calls go. */
function checkRequest(operation: string, req: RecordedRequest, violations: string[]) {
  const say = (text: string) => violations.push(`${operation}: ${text}`);
  const url = new URL(req.url, 'http://double');
  const apiKey = req.headers['x-api-key'];
  const bearer = req.headers.authorization;
  if (operation === 'invite' || operation === 'invites' || operation === 'revokeInvite') {
    if (!bearer?.startsWith('Bearer ')) say('an invite operation needs a bearer token');
  } else if (operation === 'provider') {
    // getProvider needs no credentials (the description's `security: []`); sending some is harmless.
  } else if (!apiKey && !bearer?.startsWith('Bearer ')) say('no API key or bearer token');
  const accept = req.headers.accept ?? '';
  if (!wantsTextAnswer(operation) && !accept.includes('application/json')) {
    say(`Accept "${accept}" does not take application/json`);
  }
  if (!accept.includes('application/problem+json')) {
    say(`Accept "${accept}" does not take application/problem+json`);
  }
  if (wantsTextAnswer(operation) && !accept.includes('text/plain'))
    say(`Accept "${accept}" does not take text/plain`);
  const needsGroup = ['metadata', 'search', 'installations', 'connections'];
  if (operation === 'operations') {
    const size = url.searchParams.get('pageSize');
    if (size !== null && !(/^\d+$/.test(size) && Number(size) >= 1 && Number(size) <= 1000)) {
      say('pageSize is not an integer from 1 to 1000');
    }
  }
  if (needsGroup.includes(operation) && !url.searchParams.get('groupRef')) say('groupRef is missing');
  if (operation === 'update') checkUpdate(req, say);
  if ((req.method === 'GET' || operation === 'deleteConnection') && req.body !== '') {
    say('a body where the operation takes none');
  }
  if (req.method !== 'POST') return;
  if (req.headers['content-type'] !== 'application/json') say('a body that is not application/json');
  let body: unknown;
  try {
    body = JSON.parse(req.body);
  } catch {
    say('a body that is not JSON');
    return;
  }
  if (!isRecord(body)) return say('a body that is not an object');
  if (operation === 'create') {
    if (typeof body.groupRef !== 'string') say('groupRef is required in the body');
    const skip = url.searchParams.get('skipSampling');
    if (skip !== null && skip !== 'true' && skip !== 'false') say('skipSampling is not a boolean');
    const config = body.config;
    if (!isRecord(config) || !isRecord(config.content)) return say('config.content is required');
    if (typeof config.content.provider !== 'string') say('config.content.provider is required');
    const read = config.content.read;
    if (read !== undefined) {
      if (!isRecord(read) || !isRecord(read.objects))
        return say('read.objects is required when read is sent');
      for (const [name, object] of Object.entries(read.objects)) {
        if (!isRecord(object)) {
          say(`read object ${name} is not an object`);
          continue;
        }
        for (const key of ['objectName', 'selectedFields', 'selectedFieldMappings']) {
          if (object[key] === undefined) say(`read object ${name} lacks ${key}`);
        }
      }
    }
  }
  if (operation === 'search') {
    if (typeof body.objectName !== 'string') say('objectName is required');
    if (!Array.isArray(body.fieldFilters)) return say('fieldFilters is required');
    for (const filter of body.fieldFilters) {
      if (
        !isRecord(filter) ||
        typeof filter.fieldName !== 'string' ||
        filter.operator !== 'eq' ||
        !('value' in filter)
      ) {
        say('a filter lacks fieldName, operator eq or value');
      }
    }
  }
  if (operation === 'invite' && typeof body.email !== 'string') say('email is required');
  if (operation === 'oauthConnect') {
    for (const key of ['projectIdOrName', 'groupRef', 'consumerRef', 'provider']) {
      if (typeof body[key] !== 'string') say(`${key} is required`);
    }
  }
  if (operation === 'pause' || operation === 'unpause') {
    const objects = body.objects;
    if (objects !== undefined && !(Array.isArray(objects) && objects.every((o) => typeof o === 'string'))) {
      say('objects is not a list of names');
    }
  }
  if (operation === 'write') checkWrite(body, say);
  if (operation === 'triggerRead') {
    if (typeof body.groupRef !== 'string') say('groupRef is required');
    if (body.mode !== 'async') say('mode must be async');
    for (const key of ['sinceTimestamp', 'untilTimestamp']) {
      if (body[key] !== undefined && typeof body[key] !== 'string') say(`${key} is not a string`);
    }
  }
}

/** Which operation a request is, from its method and path (the description's paths, with the BFF's project). */
function operationOf(req: IncomingMessage): { operation: string; objectName?: string } {
  const path = new URL(req.url ?? '/', 'http://double').pathname;
  const metadata = path.match(/^\/v1\/projects\/demo\/providers\/([^/]+)\/objects\/([^/]+)\/metadata$/);
  if (req.method === 'GET' && metadata)
    return { operation: 'metadata', objectName: decodeURIComponent(metadata[2] ?? '') };
  if (req.method === 'GET' && /^\/v1\/projects\/demo\/integrations\/[^/]+\/installations$/.test(path)) {
    return { operation: 'installations' };
  }
  if (req.method === 'GET' && /^\/v1\/projects\/demo\/integrations\/[^/]+$/.test(path))
    return { operation: 'integration' };
  if (req.method === 'GET' && path === '/v1/projects/demo/integrations') return { operation: 'integrations' };
  if (req.method === 'GET' && path === '/v1/projects/demo/connections') return { operation: 'connections' };
  if (req.method === 'DELETE' && /^\/v1\/projects\/demo\/connections\/[^/:]+$/.test(path)) {
    return { operation: 'deleteConnection' };
  }
  if (req.method === 'POST' && /^\/v1\/projects\/demo\/integrations\/[^/]+\/installations$/.test(path)) {
    return { operation: 'create' };
  }
  if (req.method === 'POST' && /^\/v1\/orgs\/[^/]+\/invites$/.test(path)) return { operation: 'invite' };
  if (req.method === 'GET' && /^\/v1\/orgs\/[^/]+\/invites$/.test(path)) return { operation: 'invites' };
  if (req.method === 'DELETE' && /^\/v1\/orgs\/[^/]+\/invites\/[^/]+$/.test(path)) {
    return { operation: 'revokeInvite' };
  }
  if (req.method === 'GET' && /^\/v1\/providers\/[^/]+$/.test(path)) return { operation: 'provider' };
  if (req.method === 'POST' && path === '/v1/oauth-connect') return { operation: 'oauthConnect' };
  if (req.method === 'PATCH' && /^\/v1\/projects\/demo\/connections\/[^/]+:oauth-update$/.test(path)) {
    return { operation: 'oauthUpdate' };
  }
  const installation = '^/v1/projects/demo/integrations/[^/]+/installations/[^/]+';
  if (new RegExp(`${installation}$`).test(path)) {
    if (req.method === 'PATCH') return { operation: 'update' };
    if (req.method === 'DELETE') return { operation: 'uninstall' };
  }
  const pause = path.match(
    /^\/read\/v1\/projects\/demo\/integrations\/[^/]+\/installations\/[^/]+:(pause|unpause)$/,
  );
  if (req.method === 'POST' && pause) return { operation: pause[1] as string };
  if (req.method === 'GET' && new RegExp(`${installation}/operations$`).test(path)) {
    return { operation: 'operations' };
  }
  const backfill = path.match(new RegExp(`${installation}/objects/([^/]+)/backfill-progress$`));
  if (req.method === 'GET' && backfill) {
    return { operation: 'backfill', objectName: decodeURIComponent(backfill[1] ?? '') };
  }
  if (
    req.method === 'POST' &&
    /^\/read\/v1\/projects\/demo\/integrations\/[^/]+\/objects\/[^/]+$/.test(path)
  ) {
    return { operation: 'triggerRead' };
  }
  if (
    req.method === 'POST' &&
    /^\/write\/v1\/projects\/demo\/integrations\/[^/]+\/objects\/[^/]+$/.test(path)
  ) {
    return { operation: 'write' };
  }
  if (req.method === 'GET' && /^\/v1\/projects\/demo\/operations\/[^/]+$/.test(path)) {
    return { operation: 'operation' };
  }
  if (req.method === 'POST' && /^\/search\/v1\/projects\/demo\/integrations\/[^/]+$/.test(path)) {
    return { operation: 'search' };
  }
  return { operation: 'unknown' };
}

function send(res: ServerResponse, answer: Answer) {
  if (typeof answer.body === 'string') {
    res.writeHead(answer.status, { 'Content-Type': answer.contentType ?? 'text/plain' });
    res.end(answer.body);
    return;
  }
  const type = answer.contentType ?? (answer.status >= 400 ? 'application/problem+json' : 'application/json');
  json(res, answer.status, answer.body, type);
}

export async function startHostedDouble(): Promise<HostedDouble> {
  const violations: string[] = [];
  const byOperation = new Map<string, RecordedRequest[]>();
  // Read at each request, so a test may replace `scenario` (or change it in place) between requests.
  let double: HostedDouble | undefined;
  const upstream = await startFakeUpstream((req, res, recorded) => {
    const { operation, objectName } = operationOf(req);
    byOperation.set(operation, [...(byOperation.get(operation) ?? []), recorded]);
    if (operation === 'unknown') {
      violations.push(`a path the description does not have: ${req.method} ${req.url}`);
      return json(res, 404, { title: 'Not Found' }, 'application/problem+json');
    }
    checkRequest(operation, recorded, violations);
    const scenario = double?.scenario ?? defaultScenario();
    const answer =
      operation === 'metadata' || operation === 'backfill'
        ? (scenario[operation][objectName ?? ''] ?? {
            status: 404,
            body: { detail: 'Nothing for this object.' },
          })
        : scenario[operation as Exclude<keyof Scenario, 'metadata' | 'backfill'>];
    send(res, answer);
  });
  double = Object.assign(upstream, {
    scenario: defaultScenario(),
    readUrl: `${upstream.url}/read/v1`,
    writeUrl: `${upstream.url}/write/v1`,
    violations,
    calls: (operation: string) => byOperation.get(operation) ?? [],
  });
  return double;
}
