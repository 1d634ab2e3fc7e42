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
import type { FetchLike } from './transport.js';
import { createSpliceSend } from './transport.js';

export interface SpliceClientOptions {
  /** Where the BFF is mounted, e.g. `/api/splice`. */
  baseUrl: string;
  /** Replaces the global `fetch`. Default: `globalThis.fetch`, read per call (SSR and tests). */
  fetch?: FetchLike | undefined;
  /** Deadline for one request. Default 30 000 ms. */
  timeoutMs?: number | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export interface CreateInstallationOptions extends CallOptions {
  /** One key per install attempt; a repeat with the same key and body gets the first answer. */
  idempotencyKey: string;
  /** Skip the sample read that checks the config against the provider. Default false. */
  skipSampling?: boolean | undefined;
}

export interface UpdateInstallationOptions extends CallOptions {
  /** One key per save attempt, as for a create. */
  idempotencyKey: string;
  /** The version the edit started from: `installationVersionTag(installation)`. A stale one is a 412. */
  ifMatch: string;
  skipSampling?: boolean | undefined;
}

export interface UninstallOptions extends CallOptions {
  idempotencyKey: string;
  /** The version the user confirmed; optional. */
  ifMatch?: string | undefined;
}

export interface SpliceClient {
  readonly baseUrl: string;
  /** Every integration of the project, with where the signed-in user's group stands with each. */
  listIntegrations(options?: CallOptions): Promise<IntegrationCatalog>;
  getIntegration(integrationId: string, options?: CallOptions): Promise<IntegrationDetails>;
  createInstallation(
    integrationId: string,
    body: CreateInstallationBodyInput,
    options: CreateInstallationOptions,
  ): Promise<Installation>;
  search(
    integrationId: string,
    request: SearchRequest,
    options?: CallOptions,
  ): Promise<BrowserSearchResponse>;
  createInvite(request: InviteRequest, options?: CallOptions): Promise<Invite>;
  /** The pending invites the session's group sent, newest first. */
  listInvites(options?: CallOptions): Promise<InviteList>;
  /** Revokes one of the group's pending invites; another group's, or a gone one, is a 404 problem. */
  revokeInvite(inviteId: string, options?: CallOptions): Promise<void>;
  /** Starts the connect flow (or, with `reconnect`, the refresh of the group's connection). */
  connect(
    integrationId: string,
    body: ConnectStart,
    options?: CallOptions & { reconnect?: boolean },
  ): Promise<ConnectUrl>;
  /** The group's connection to the integration's provider, and its status. */
  getConnection(integrationId: string, options?: CallOptions): Promise<ConnectionAnswer>;
  /**
   * Deletes the group's connection to the integration's provider. While an installation reads through it,
   * a 409 problem (`connection-in-use`): uninstall first.
   */
  disconnect(integrationId: string, options?: CallOptions): Promise<void>;
  /** How the group's installation runs: per read object its state, progress, last and next run. */
  getSyncStatus(integrationId: string, options?: CallOptions): Promise<SyncStatus>;
  /** One object's recent reads (scheduled, Run now, backfill), newest first. */
  getRunHistory(integrationId: string, objectName: string, options?: CallOptions): Promise<RunHistory>;
  /** Starts a read of one object now ("Run now"). */
  runNow(integrationId: string, objectName: string, options?: CallOptions): Promise<RunNowAnswer>;
  /** Changes the group's installation: the parts `updateMask` names. */
  updateInstallation(
    integrationId: string,
    body: UpdateInstallationBodyInput,
    options: UpdateInstallationOptions,
  ): Promise<Installation>;
  /** Uninstalls the integration for the group. */
  uninstall(integrationId: string, options: UninstallOptions): Promise<void>;
  /** Pauses (or, with `paused: false`, resumes) the scheduled reads of one object. */
  setObjectPaused(
    integrationId: string,
    objectName: string,
    paused: boolean,
    options?: CallOptions,
  ): Promise<void>;
}

interface Call extends CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A client for the BFF's browser-facing routes, typed with the schemas' types from @splice/schema
 * that the BFF validates with. It calls `fetch` itself rather than through `hono/client`: a few fixed
 * routes do not need hono's proxy at runtime, and its 2 KB stays out of the host's bundle.
 * `splice-client.test-d.ts` proves that these paths and types are the ones the BFF's AppType has.
 * Framework-free: React is only one of its users. Failures reject with a `SpliceProblem` or
 * `SpliceNetworkError`.
 */
export function createSpliceClient(options: SpliceClientOptions): SpliceClient {
  const spliceSend = createSpliceSend(options);
  const base = options.baseUrl.replace(/\/+$/, '');
  const integration = (integrationId: string) => `${base}/integrations/${encodeURIComponent(integrationId)}`;

  async function send<T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    call: Call = {},
  ): Promise<T> {
    return (await spliceSend(url, {
      method,
      ...(call.headers ? { headers: call.headers } : {}),
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      ...(call.signal ? { signal: call.signal } : {}),
    })) as T;
  }

  return {
    baseUrl: options.baseUrl,
    listIntegrations: (call) => send('GET', `${base}/integrations`, call),
    getIntegration: (integrationId, call) => send('GET', integration(integrationId), call),
    createInstallation: (integrationId, body, call) =>
      send(
        'POST',
        `${integration(integrationId)}/installations${call.skipSampling ? '?skipSampling=true' : ''}`,
        {
          body,
          headers: { 'Idempotency-Key': call.idempotencyKey },
          signal: call.signal,
        },
      ),
    search: (integrationId, request, call) =>
      send('POST', `${integration(integrationId)}/search`, { body: request, signal: call?.signal }),
    createInvite: (request, call) => send('POST', `${base}/invites`, { body: request, signal: call?.signal }),
    listInvites: (call) => send('GET', `${base}/invites`, call),
    revokeInvite: (inviteId, call) =>
      send('DELETE', `${base}/invites/${encodeURIComponent(inviteId)}`, {
        // No body, but the BFF's CSRF guard wants every unsafe request declared as JSON.
        headers: { 'Content-Type': 'application/json' },
        signal: call?.signal,
      }),
    connect: (integrationId, body, call) =>
      send('POST', `${integration(integrationId)}/${call?.reconnect ? 'reconnect' : 'connect'}`, {
        body,
        signal: call?.signal,
      }),
    getConnection: (integrationId, call) => send('GET', `${integration(integrationId)}/connection`, call),
    disconnect: (integrationId, call) =>
      send('DELETE', `${integration(integrationId)}/connection`, {
        // No body, but the BFF's CSRF guard wants every unsafe request declared as JSON.
        headers: { 'Content-Type': 'application/json' },
        signal: call?.signal,
      }),
    getSyncStatus: (integrationId, call) => send('GET', `${integration(integrationId)}/status`, call),
    getRunHistory: (integrationId, objectName, call) =>
      send('GET', `${integration(integrationId)}/objects/${encodeURIComponent(objectName)}/runs`, call),
    runNow: (integrationId, objectName, call) =>
      send('POST', `${integration(integrationId)}/objects/${encodeURIComponent(objectName)}/read`, {
        body: {},
        signal: call?.signal,
      }),
    updateInstallation: (integrationId, body, call) =>
      send(
        'PATCH',
        `${integration(integrationId)}/installation${call.skipSampling ? '?skipSampling=true' : ''}`,
        {
          body,
          headers: { 'Idempotency-Key': call.idempotencyKey, 'If-Match': call.ifMatch },
          signal: call.signal,
        },
      ),
    uninstall: (integrationId, call) =>
      send('DELETE', `${integration(integrationId)}/installation`, {
        // No body, but the BFF's CSRF guard wants every unsafe request declared as JSON.
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': call.idempotencyKey,
          ...(call.ifMatch ? { 'If-Match': call.ifMatch } : {}),
        },
        signal: call.signal,
      }),
    setObjectPaused: (integrationId, objectName, paused, call) =>
      send(
        'POST',
        `${integration(integrationId)}/objects/${encodeURIComponent(objectName)}/${paused ? 'pause' : 'resume'}`,
        { body: {}, signal: call?.signal },
      ),
  };
}
