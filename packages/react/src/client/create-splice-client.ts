import type { AppType } from '@splice/bff';
import { hc } from 'hono/client';
import type {
  BffApi,
  CreateInstallationBody,
  Installation,
  IntegrationDetails,
  Invite,
  InviteRequest,
  SearchAnswer,
  SearchRequest,
} from './bff-routes.js';
import type { FetchLike } from './transport.js';
import { createSpliceFetch } from './transport.js';

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

export interface SpliceClient {
  readonly baseUrl: string;
  getIntegration(integrationId: string, options?: CallOptions): Promise<IntegrationDetails>;
  createInstallation(
    integrationId: string,
    body: CreateInstallationBody,
    options: CreateInstallationOptions,
  ): Promise<Installation>;
  search(integrationId: string, request: SearchRequest, options?: CallOptions): Promise<SearchAnswer>;
  createInvite(request: InviteRequest, options?: CallOptions): Promise<Invite>;
}

/** hono/client puts path parameters into the URL as they are. */
function param(integrationId: string) {
  return { integrationId: encodeURIComponent(integrationId) };
}

/** Only the signal goes in `init`: hono/client spreads `init` last, so headers there would replace its own. */
function init(call: CallOptions | undefined) {
  return call?.signal ? { init: { signal: call.signal } } : undefined;
}

/**
 * A client for the BFF's four browser-facing routes, typed end to end through `hc<AppType>`. Framework-
 * free: React is only one of its users. Failures reject with a `SpliceProblem` or `SpliceNetworkError`.
 */
export function createSpliceClient(options: SpliceClientOptions): SpliceClient {
  const api: BffApi = hc<AppType>(options.baseUrl, {
    fetch: createSpliceFetch(options),
  });
  const integration = api.integrations[':integrationId'];
  return {
    baseUrl: options.baseUrl,
    async getIntegration(integrationId, call) {
      const response = await integration.$get({ param: param(integrationId) }, init(call));
      return (await response.json()) as IntegrationDetails;
    },
    async createInstallation(integrationId, body, call) {
      const response = await integration.installations.$post(
        {
          param: param(integrationId),
          query: call.skipSampling ? { skipSampling: 'true' } : {},
          header: { 'idempotency-key': call.idempotencyKey },
          json: body,
        },
        init(call),
      );
      return (await response.json()) as Installation;
    },
    async search(integrationId, request, call) {
      const response = await integration.search.$post(
        { param: param(integrationId), json: request },
        init(call),
      );
      return (await response.json()) as SearchAnswer;
    },
    async createInvite(request, call) {
      const response = await api.invites.$post({ json: request }, init(call));
      return (await response.json()) as Invite;
    },
  };
}
