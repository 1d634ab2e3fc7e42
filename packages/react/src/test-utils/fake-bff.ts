import type {
  BrowserSearchResponse,
  ConnectionAnswer,
  ConnectStart,
  ConnectUrl,
  CreateInstallationBodyInput,
  Installation,
  IntegrationCatalog,
  IntegrationDetails,
  Invite,
  InviteList,
  InviteRequest,
  RunHistory,
  RunNowAnswer,
  SearchRequest,
  SyncStatus,
  UpdateInstallationBodyInput,
} from '@splice/schema';
import type { FetchLike } from '../client/transport.js';
import { catalogFixture } from './catalog-fixture.js';
import { runHistoryFixture, syncStatusFixture } from './sync-status-fixture.js';
import { connectedWizard, connection } from './test-wizard.js';

const problemMark = '__fakeBffProblem';

/** An answer that is a problem+json document, made by `problem()`. */
export interface ProblemReply {
  [problemMark]: true;
  status: number;
  body: Record<string, unknown>;
}

/** An answer that never comes: the component stays in its loading or sending state. */
export const pending = 'pending';

/** What one call gets: the route's success body, a problem, or no answer at all. */
export type Reply<T> = T | ProblemReply | typeof pending;

/**
 * How a route answers: always the same reply, a list used in call order (the last one repeats, e.g. a
 * failure then a success for a Retry), or a function of the request body and the call's number (0 first).
 */
export type Answer<T, Request = undefined> =
  | Reply<T>
  | readonly Reply<T>[]
  | ((request: Request, call: number) => Reply<T>);

/** A stand-in BFF for stories and tests: every route answers from fixture data, no server needed. */
export interface FakeBffScenario {
  /** `GET /integrations`. Default: `catalogFixture()` (one integration in each state). */
  catalog?: Answer<IntegrationCatalog>;
  /** `GET /integrations/:integrationId`. Default: `connectedWizard()`. */
  integration?: Answer<IntegrationDetails>;
  /** `POST /integrations/:integrationId/installations`. Default: the installation the body describes. */
  install?: Answer<Installation, CreateInstallationBodyInput>;
  /** `POST /integrations/:integrationId/search`. Default: `searchRecords` filtered by the conditions. */
  search?: Answer<BrowserSearchResponse, SearchRequest>;
  /** `POST /invites`. Default: a pending invite for the address, added to the default list. */
  invite?: Answer<Invite, InviteRequest>;
  /**
   * `GET /invites`. Default: the fake's own list, as a BFF keeps it: `pendingInvites` at first, each
   * invite sent added first, each revoked one gone.
   */
  invites?: Answer<InviteList>;
  /** Where the default list starts. Default: none. */
  pendingInvites?: Invite[];
  /** `DELETE /invites/:inviteId`: `null` for the 204; the request is the ID. Default: 204 for a listed ID, else 404. */
  revokeInvite?: Answer<null, string>;
  /** `GET /integrations/:integrationId/connection`. Default: the integration's connection. */
  connection?: Answer<ConnectionAnswer>;
  /**
   * `DELETE /integrations/:integrationId/connection`: `null` for the 204. Default: 204, and the connection
   * answers null from then on.
   */
  disconnect?: Answer<null>;
  /** `GET .../objects/:objectName/runs`; the request is the object name. Default: `runHistoryFixture`. */
  runs?: Answer<RunHistory, string>;
  /** `POST /integrations/:integrationId/connect` and `/reconnect`. Default: a provider URL. */
  connect?: Answer<ConnectUrl, ConnectStart>;
  /** `GET /integrations/:integrationId/status`. Default: `syncStatusFixture()` (one backfilling object). */
  status?: Answer<SyncStatus>;
  /** `POST /integrations/:integrationId/objects/:objectName/read`; the request is the object name. */
  runNow?: Answer<RunNowAnswer, string>;
  /** `PATCH /integrations/:integrationId/installation`. Default: the installation with the body applied. */
  update?: Answer<Installation, UpdateInstallationBodyInput>;
  /** `DELETE /integrations/:integrationId/installation`: `null` for the 204. Default: 204. */
  uninstall?: Answer<null>;
  /** `POST .../objects/:objectName/pause|resume`: `null` for the 204; the request is `pause:<object>`. */
  pause?: Answer<null, string>;
  /** Milliseconds before every answer, so that spinners show in Storybook. Default 0. */
  delayMs?: number;
}

/** A problem+json reply as the BFF sends it; `issues` name the request parts they are about. */
export function problem(
  status: number,
  fields: {
    title?: string;
    detail?: string;
    type?: string;
    issues?: Array<{ name: string; detail: string; in?: string; type?: string; value?: unknown }>;
    requestId?: string;
    retryable?: boolean;
  } = {},
): ProblemReply {
  const issues = fields.issues?.map((issue) => ({ type: 'about:blank', in: 'body', ...issue }));
  return {
    [problemMark]: true,
    status,
    body: {
      type: fields.type ?? 'about:blank',
      title: fields.title ?? 'Request failed',
      status,
      ...(fields.detail === undefined ? {} : { detail: fields.detail }),
      ...(issues ? { issues } : {}),
      ...(fields.requestId === undefined ? {} : { requestId: fields.requestId }),
      // Stories and tests want the error at once, not after TanStack Query's retries.
      retryable: fields.retryable ?? false,
    },
  };
}

function isProblem(reply: unknown): reply is ProblemReply {
  return typeof reply === 'object' && reply !== null && problemMark in reply;
}

const time = '2026-11-21T10:00:00.000Z';

/** Records the default search answers from, per object; `fields` by provider name. */
export const searchRecords: Record<string, BrowserSearchResponse['results']> = {
  contacts: [
    {
      id: 'c-1',
      fields: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', status: 'customer' },
      mappedFields: { stage: 'customer', surname: 'Lovelace' },
      raw: { Email: 'ada@example.com', FirstName: 'Ada', LastName: 'Lovelace', Status__c: 'customer' },
    },
    {
      id: 'c-2',
      fields: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', status: 'lead' },
      mappedFields: { stage: 'lead', surname: 'Hopper' },
      raw: { Email: 'grace@example.com', FirstName: 'Grace', LastName: 'Hopper', Status__c: 'lead' },
    },
    {
      id: null,
      fields: { email: 'alan@example.com', firstName: 'Alan', lastName: 'Turing', status: 'qualified' },
      mappedFields: { stage: 'qualified', surname: 'Turing' },
      raw: { Email: 'alan@example.com', FirstName: 'Alan', LastName: 'Turing', Status__c: 'qualified' },
    },
  ],
  deals: [
    {
      id: 'd-1',
      fields: { id: 'd-1', amount: 12_000 },
      mappedFields: {},
      raw: { Id: 'd-1', Amount: 12_000 },
    },
  ],
};

function searchAnswer(request: SearchRequest): BrowserSearchResponse {
  const records = searchRecords[request.objectName] ?? [];
  return {
    results: records.filter((record) =>
      request.fieldFilters.every(
        (filter) =>
          (record.mappedFields[filter.fieldName] ?? record.fields[filter.fieldName]) === filter.value,
      ),
    ),
  };
}

function installationFor(details: IntegrationDetails, body: CreateInstallationBodyInput): Installation {
  return {
    id: 'inst_1',
    projectId: 'demo',
    integrationId: details.integration.id,
    healthStatus: 'healthy',
    connection: details.connection ?? connection,
    createTime: time,
    createdBy: 'consumer:ada',
    config: {
      id: 'cfg_1',
      revisionId: 'rev_1',
      createTime: time,
      createdBy: 'consumer:ada',
      content: body.config.content as Installation['config']['content'],
    },
  };
}

/** The group's installation with an update's read objects, write objects and proxy applied. */
function updated(details: IntegrationDetails, body: UpdateInstallationBodyInput): Installation {
  const base = details.installation ?? installationFor(details, { config: { content: { provider: 'x' } } });
  const sent = body.installation.config?.content;
  const content = base.config.content;
  return {
    ...base,
    updateTime: '2026-11-21T11:00:00.000Z',
    config: {
      ...base.config,
      id: 'cfg_2',
      content: {
        ...content,
        ...(sent?.read ? { read: { objects: { ...content.read?.objects, ...sent.read.objects } } } : {}),
        ...(sent?.write ? { write: sent.write } : {}),
        ...(sent?.proxy ? { proxy: sent.proxy } : {}),
      } as Installation['config']['content'],
    },
  };
}

function pick<T, Request>(answer: Answer<T, Request>, request: Request, call: number): Reply<T> {
  if (typeof answer === 'function') return (answer as (r: Request, c: number) => Reply<T>)(request, call);
  if (Array.isArray(answer)) return answer[Math.min(call, answer.length - 1)] as Reply<T>;
  return answer as Reply<T>;
}

function respond(reply: unknown, successStatus: number): Response | null {
  if (reply === pending) return null;
  if (successStatus === 204 && !isProblem(reply)) return new Response(null, { status: 204 });
  if (isProblem(reply)) {
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/problem+json' },
    });
  }
  return new Response(JSON.stringify(reply), {
    status: successStatus,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Waits for `ms`, or rejects as `fetch` does when the request is aborted first. */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal?.reason ?? new DOMException('The request was aborted.', 'AbortError'));
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    if (Number.isFinite(ms)) setTimeout(resolve, ms);
  });
}

/**
 * A `fetch` that answers the BFF's four routes from the scenario, with the statuses and content types
 * the BFF uses. Unknown routes get a 404 problem. Aborts behave as with a real `fetch`.
 */
export function createFakeBff(scenario: FakeBffScenario = {}): FetchLike {
  const calls = {
    catalog: 0,
    integration: 0,
    install: 0,
    search: 0,
    invite: 0,
    invites: 0,
    revokeInvite: 0,
    connection: 0,
    disconnect: 0,
    runs: 0,
    connect: 0,
    status: 0,
    runNow: 0,
    update: 0,
    uninstall: 0,
    pause: 0,
  };
  let invites = [...(scenario.pendingInvites ?? [])];
  let disconnected = false;
  let inviteCount = 0;
  return async (input, init) => {
    const url = new URL(String(input), 'http://splice.test');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const details = () => {
      const reply = pick(scenario.integration ?? connectedWizard(), undefined, 0);
      return isProblem(reply) || reply === pending ? connectedWizard() : reply;
    };
    let reply: unknown;
    let status = 200;
    if (method === 'GET' && url.pathname.endsWith('/integrations')) {
      reply = pick(scenario.catalog ?? catalogFixture(), undefined, calls.catalog++);
    } else if (method === 'GET' && /\/integrations\/[^/]+$/.test(url.pathname)) {
      reply = pick(scenario.integration ?? connectedWizard(), undefined, calls.integration++);
    } else if (method === 'GET' && url.pathname.endsWith('/connection')) {
      reply = pick(
        scenario.connection ?? { connection: disconnected ? null : details().connection },
        undefined,
        calls.connection++,
      );
    } else if (method === 'DELETE' && url.pathname.endsWith('/connection')) {
      reply = pick(scenario.disconnect ?? null, undefined, calls.disconnect++);
      if (reply === null) disconnected = true;
      status = 204;
    } else if (method === 'GET' && /\/objects\/[^/]+\/runs$/.test(url.pathname)) {
      const objectName = decodeURIComponent(url.pathname.split('/').at(-2) ?? '');
      reply = pick(scenario.runs ?? runHistoryFixture(objectName), objectName, calls.runs++);
    } else if (method === 'POST' && /\/(re)?connect$/.test(url.pathname)) {
      const request = body as ConnectStart;
      reply = pick(
        scenario.connect ?? { url: `https://provider.example/authorize?attempt=${request.attempt}` },
        request,
        calls.connect++,
      );
    } else if (method === 'GET' && /\/integrations\/[^/]+\/status$/.test(url.pathname)) {
      reply = pick(scenario.status ?? syncStatusFixture(), undefined, calls.status++);
    } else if (method === 'POST' && /\/objects\/[^/]+\/read$/.test(url.pathname)) {
      const objectName = decodeURIComponent(url.pathname.split('/').at(-2) ?? '');
      reply = pick(scenario.runNow ?? { operationId: 'op-run-1' }, objectName, calls.runNow++);
      status = 201;
    } else if (method === 'PATCH' && url.pathname.endsWith('/installation')) {
      const request = body as UpdateInstallationBodyInput;
      reply = pick(scenario.update ?? updated(details(), request), request, calls.update++);
    } else if (method === 'DELETE' && url.pathname.endsWith('/installation')) {
      reply = pick(scenario.uninstall ?? null, undefined, calls.uninstall++);
      status = 204;
    } else if (method === 'POST' && /\/objects\/[^/]+\/(pause|resume)$/.test(url.pathname)) {
      const [objectName, action] = url.pathname.split('/').slice(-2);
      reply = pick(
        scenario.pause ?? null,
        `${action}:${decodeURIComponent(objectName ?? '')}`,
        calls.pause++,
      );
      status = 204;
    } else if (method === 'POST' && url.pathname.endsWith('/installations')) {
      const request = body as CreateInstallationBodyInput;
      reply = pick(scenario.install ?? installationFor(details(), request), request, calls.install++);
      status = 201;
    } else if (method === 'POST' && url.pathname.endsWith('/search')) {
      const request = body as SearchRequest;
      reply = pick(scenario.search ?? searchAnswer(request), request, calls.search++);
    } else if (method === 'GET' && url.pathname.endsWith('/invites')) {
      reply = pick(scenario.invites ?? { invites }, undefined, calls.invites++);
    } else if (method === 'DELETE' && /\/invites\/[^/]+$/.test(url.pathname)) {
      const inviteId = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
      const listed = invites.some((invite) => invite.id === inviteId);
      const gone = problem(404, { title: 'Not Found', detail: `There is no pending invite "${inviteId}".` });
      reply = pick(scenario.revokeInvite ?? (listed ? null : gone), inviteId, calls.revokeInvite++);
      if (reply === null) invites = invites.filter((invite) => invite.id !== inviteId);
      status = 204;
    } else if (method === 'POST' && url.pathname.endsWith('/invites')) {
      const request = body as InviteRequest;
      const created: Invite = {
        id: `inv_${++inviteCount}`,
        invitedEmail: request.email,
        parentType: 'org',
        parentId: 'org-acme',
        status: 'pending',
        createTime: time,
      };
      const answer = pick(scenario.invite ?? created, request, calls.invite++);
      if (!isProblem(answer) && answer !== pending) invites = [answer, ...invites];
      reply = answer;
      status = 201;
    } else {
      reply = problem(404, { title: 'Not Found', detail: `No route for ${method} ${url.pathname}.` });
    }
    const response = respond(reply, status);
    await wait(response ? (scenario.delayMs ?? 0) : Number.POSITIVE_INFINITY, init?.signal);
    return response as Response;
  };
}
