import type {
  BrowserSearchResponse,
  Config,
  Connection,
  Installation,
  InstallationUpdate,
  Integration,
  Invite,
  ObjectMetadata,
  SearchRequest,
} from '@splice/schema';
import {
  browserSearchResponseSchema,
  installationRequestSchema,
  installationUpdateSchema,
  integrationSchema,
  inviteRequestSchema,
  inviteSchema,
  oauthCompleteAnswerSchema,
  oauthCompleteRequestSchema,
  objectMetadataSchema,
  searchRequestSchema,
  triggerReadResultSchema,
} from '@splice/schema';
import * as z from 'zod/mini';
import { normaliseSearchAnswer } from '../schemas/search-response.js';
import { fillIntegration, fillObjectMetadata } from './answers/hosted-gaps.js';
import { readAnswer, readEach } from './answers/read-answer.js';
import type { CallContext, CallerOptions } from './call.js';
import { createCaller } from './call.js';
import { endpoint } from './endpoint.js';
import type { BackfillProgress, Operation, ReadStatus } from './read-shapes.js';
import { backfillProgressSchema, operationListSchema, readStatusSchema } from './read-shapes.js';
import { readConnection, readInstallation, readInstallationWhatCan } from './sanitise.js';
import { UpstreamFault } from './upstream-fault.js';
import { UpstreamProblem } from './upstream-problem.js';

export type { CallContext } from './call.js';

export interface ServiceClientOptions extends CallerOptions {
  baseUrl: URL;
  searchUrl: URL;
  /** `{read_url}` (trigger a read); without it, triggering is refused before any call. */
  readUrl: URL | undefined;
  project: string;
}

export interface InstallationCreate {
  groupRef: string;
  connectionId?: string;
  config: Config;
}

/**
 * What a create answered. `complete: false` when the service said it created the installation but its
 * answer could not be fully read: the parts that could be, and the create still counts as done.
 */
export type CreatedInstallation =
  | { complete: true; installation: Installation }
  | { complete: false; installation: Partial<Installation> };

/** The OAuth operations answer the URL to open as text: it must be an absolute http(s) URL. */
const authorizationUrlSchema = z.string().check(
  z.refine((value) => {
    try {
      const url = new URL(value.trim());
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'not an absolute http(s) URL'),
);

export interface OauthConnectInput {
  provider: string;
  groupRef: string;
  consumerRef: string;
  /**
   * Extension of the embedded service: where the browser goes when the flow ends. Left out for the
   * hosted service (its flow ends where the project's settings say).
   */
  redirectUrl?: string;
  /**
   * Extension of the embedded service, with `redirectUrl`: the hash of the secret the starting browser
   * holds; the service then holds the flow's result until `oauthComplete` presents that secret.
   */
  browserBinding?: string;
}

/** What `:oauth-update` may carry beyond the hosted operation (embedded extensions, both or neither). */
export interface OauthUpdateExtensions {
  redirectUrl: string;
  browserBinding: string;
}

/**
 * Every request body leaves through its interface schema (strict: no key the interface does not name). A body
 * that fails is a bug in this server, not the browser's fault, so it is a plain error (500), never sent.
 */
function strictBody<S extends z.ZodMiniType>(schema: S, body: unknown, operation: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`${operation}: the request body built for the service does not match its schema`);
  }
  return parsed.data;
}

/**
 * The hosted service requires `selectedFields` and `selectedFieldMappings` on every read object (empty
 * maps are fine; docs/service-interface.md allows them); they are sent as empty maps rather than left out.
 */
function withSelectionMaps(config: Config): Config {
  const read = config.content.read;
  if (!read) return config;
  const objects = Object.fromEntries(
    Object.entries(read.objects).map(([name, object]) => [
      name,
      {
        ...object,
        selectedFields: object.selectedFields ?? {},
        selectedFieldMappings: object.selectedFieldMappings ?? {},
      },
    ]),
  );
  return { ...config, content: { ...config.content, read: { ...read, objects } } };
}

/** The part of the hosted ProviderInfo the BFF uses. */
const providerInfoSchema = z.object({ displayName: z.string().check(z.minLength(1), z.maxLength(200)) });

/** The service's operations, as the BFF uses them; each answer read tolerantly before anything uses it. */
export function createServiceClient(options: ServiceClientOptions) {
  const { baseUrl, searchUrl, readUrl, project } = options;
  const { call, read, settle, noteIgnored } = createCaller(options);

  const integrationPath = (integrationId: string) => ['projects', project, 'integrations', integrationId];
  /** Most reads: a GET with the API key that must answer 200. */
  const getJson = (ctx: CallContext, operation: string, url: URL) =>
    call(ctx, { operation, method: 'GET', url, credential: 'api-key', kind: 'read', expectStatus: 200 });

  return {
    async getIntegration(ctx: CallContext, integrationId: string): Promise<Integration> {
      const operation = 'getIntegration';
      const url = endpoint(baseUrl, integrationPath(integrationId));
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, integrationSchema, fillIntegration(json));
    },

    /**
     * A provider object's fields through the group's connection. The provider-level path works before
     * the group has installed anything; the installation-scoped one (hosted) needs an installation.
     */
    async getObjectMetadata(
      ctx: CallContext,
      provider: string,
      objectName: string,
      groupRef: string,
    ): Promise<ObjectMetadata> {
      const operation = 'getObjectMetadata';
      const url = endpoint(
        baseUrl,
        ['projects', project, 'providers', provider, 'objects', objectName, 'metadata'],
        {
          groupRef,
        },
      );
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, objectMetadataSchema, fillObjectMetadata(json, objectName));
    },

    async listInstallations(
      ctx: CallContext,
      integrationId: string,
      groupRef: string,
    ): Promise<Installation[]> {
      const operation = 'listInstallations';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations'], { groupRef });
      const json = await getJson(ctx, operation, url);
      return settle(ctx, operation, readEach(json, readInstallation));
    },

    async listConnections(ctx: CallContext, groupRef: string): Promise<Connection[]> {
      const operation = 'listConnections';
      const url = endpoint(baseUrl, ['projects', project, 'connections'], { groupRef });
      const json = await getJson(ctx, operation, url);
      return settle(ctx, operation, readEach(json, readConnection));
    },

    /**
     * A create the service reports as done stays done: an answer that cannot be fully read (or is not
     * JSON at all) gives the parts that can be, never an error, so the browser does not retry into a 409.
     */
    async createInstallation(
      ctx: CallContext,
      integrationId: string,
      request: InstallationCreate,
      skipSampling: boolean,
    ): Promise<CreatedInstallation> {
      const operation = 'createInstallation';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations'], {
        skipSampling: String(skipSampling),
      });
      // Built field by field: only what the allowlist names reaches the service.
      const body = strictBody(
        installationRequestSchema,
        {
          groupRef: request.groupRef,
          ...(request.connectionId === undefined ? {} : { connectionId: request.connectionId }),
          config: withSelectionMaps(request.config),
        },
        operation,
      );
      let json: unknown;
      try {
        json = await call(ctx, {
          operation,
          method: 'POST',
          url,
          credential: 'api-key',
          body,
          kind: 'write',
          expectStatus: 201,
        });
      } catch (error) {
        // A 2xx whose body is not JSON: created all the same.
        if (
          !(
            error instanceof UpstreamFault &&
            error.kind === 'malformed' &&
            error.upstreamStatus !== undefined
          )
        ) {
          throw error;
        }
        json = undefined;
      }
      const full = readInstallation(json);
      if (full.ok) {
        noteIgnored(ctx, operation, full.ignored);
        return { complete: true, installation: full.value };
      }
      const partial = readInstallationWhatCan(json);
      options.log({
        level: 'warn',
        msg: 'upstream answer partly unreadable: the create succeeded, answering what could be read',
        requestId: ctx.requestId,
        operation,
        problems: partial.unreadable.slice(0, 10),
      });
      return { complete: false, installation: partial.value };
    },

    /**
     * updateInstallation with the version the edit started from (`If-Match`). Never retried: a lost answer
     * followed by a retry would meet its own change as a 412.
     */
    async updateInstallation(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      update: InstallationUpdate,
      options: { skipSampling: boolean; ifMatch: string },
    ): Promise<Installation> {
      const operation = 'updateInstallation';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations', installationId], {
        skipSampling: String(options.skipSampling),
      });
      const json = await call(ctx, {
        operation,
        method: 'PATCH',
        url,
        credential: 'api-key',
        extraHeaders: { 'if-match': options.ifMatch },
        body: strictBody(installationUpdateSchema, update, operation),
        kind: 'write',
        expectStatus: 200,
      });
      return settle(ctx, operation, readInstallation(json));
    },

    /** deleteInstallation: 204. The connection goes too when no other installation uses it. */
    async deleteInstallation(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      ifMatch: string | undefined,
    ): Promise<void> {
      const operation = 'deleteInstallation';
      await call(ctx, {
        operation,
        method: 'DELETE',
        url: endpoint(baseUrl, [...integrationPath(integrationId), 'installations', installationId]),
        credential: 'api-key',
        ...(ifMatch === undefined ? {} : { extraHeaders: { 'if-match': ifMatch } }),
        kind: 'write',
        expectStatus: 204,
        answer: 'none',
      });
    },

    /** `...installations/{id}:pause` or `:unpause` for the named objects: 204. */
    async pauseObjects(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      objects: string[],
      pause: boolean,
      note?: string,
    ): Promise<void> {
      const operation = pause ? 'pauseReads' : 'resumeReads';
      // The hosted service has these under `{read_url}` only; the embedded one under both bases.
      const url = endpoint(readUrl ?? baseUrl, [
        ...integrationPath(integrationId),
        'installations',
        installationId,
      ]);
      // The custom method's colon stays literal, as in the hosted path.
      url.pathname += pause ? ':pause' : ':unpause';
      await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'api-key',
        body: { objects, ...(note ? { note } : {}) },
        kind: 'write',
        expectStatus: 204,
        answer: 'none',
      });
    },

    /** `POST {base_url}/oauth-connect`: the provider URL for the group and consumer. Never retried. */
    async oauthConnect(ctx: CallContext, input: OauthConnectInput): Promise<string> {
      const operation = 'oauthConnect';
      const text = await call(ctx, {
        operation,
        method: 'POST',
        url: endpoint(baseUrl, ['oauth-connect']),
        credential: 'api-key',
        // Built field by field, as every upstream body: only what the allowlist names leaves.
        body: {
          projectIdOrName: project,
          provider: input.provider,
          groupRef: input.groupRef,
          consumerRef: input.consumerRef,
          ...(input.redirectUrl === undefined ? {} : { redirectUrl: input.redirectUrl }),
          ...(input.browserBinding === undefined ? {} : { browserBinding: input.browserBinding }),
        },
        kind: 'write',
        expectStatus: 200,
        answer: 'text',
      });
      return read(ctx, operation, authorizationUrlSchema, text).trim();
    },

    /**
     * `PATCH {base_url}/projects/{p}/connections/{id}:oauth-update`: the URL that refreshes a connection.
     * The hosted operation takes no body; the embedded extensions are sent only when given.
     */
    async oauthUpdate(
      ctx: CallContext,
      connectionId: string,
      extensions: OauthUpdateExtensions | undefined,
    ): Promise<string> {
      const operation = 'oauthUpdate';
      const url = endpoint(baseUrl, ['projects', project, 'connections', connectionId]);
      // The custom method's colon stays literal, as in the hosted path (an encoded %3A would not route).
      url.pathname += ':oauth-update';
      const text = await call(ctx, {
        operation,
        method: 'PATCH',
        url,
        credential: 'api-key',
        ...(extensions === undefined
          ? {}
          : {
              body: {
                redirectUrl: extensions.redirectUrl,
                browserBinding: extensions.browserBinding,
              },
            }),
        kind: 'write',
        expectStatus: 200,
        answer: 'text',
      });
      return read(ctx, operation, authorizationUrlSchema, text).trim();
    },

    /**
     * `POST {base_url}/oauth-connect/complete` (embedded extension): saves a bound flow's held result for
     * the browser holding its secret. Answers the connection's id; a 404 (unknown, spent, too old, or
     * another browser's secret: nothing saved) is thrown as an upstream problem. Never retried: the first
     * call spends the result.
     */
    async oauthComplete(
      ctx: CallContext,
      completion: string,
      browserSecret: string | undefined,
    ): Promise<string> {
      const operation = 'oauthComplete';
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url: endpoint(baseUrl, ['oauth-connect', 'complete']),
        credential: 'api-key',
        body: strictBody(
          oauthCompleteRequestSchema,
          {
            projectIdOrName: project,
            completion,
            ...(browserSecret === undefined ? {} : { browserSecret }),
          },
          operation,
        ),
        kind: 'write',
        expectStatus: 200,
      });
      return read(ctx, operation, oauthCompleteAnswerSchema, json).connectionId;
    },

    async createInvite(ctx: CallContext, orgId: string, email: string): Promise<Invite> {
      const operation = 'createInvite';
      const url = endpoint(baseUrl, ['orgs', orgId, 'invites']);
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'bearer',
        body: strictBody(inviteRequestSchema, { email }, operation),
        kind: 'write',
        expectStatus: 201,
      });
      return read(ctx, operation, inviteSchema, json);
    },

    /**
     * Every invite of the org (the hosted listOrgInvites, bearer token). Org-wide: the caller narrows it
     * to what the signed-in user may see before anything reaches a browser.
     */
    async listInvites(ctx: CallContext, orgId: string): Promise<Invite[]> {
      const operation = 'listInvites';
      const json = await call(ctx, {
        operation,
        method: 'GET',
        url: endpoint(baseUrl, ['orgs', orgId, 'invites']),
        credential: 'bearer',
        kind: 'read',
        expectStatus: 200,
      });
      return settle(
        ctx,
        operation,
        readEach(json, (item) => readAnswer(inviteSchema, item)),
      );
    },

    /** Revokes an invite (the hosted deleteOrgInvite, bearer token): 204. */
    async revokeInvite(ctx: CallContext, orgId: string, inviteId: string): Promise<void> {
      await call(ctx, {
        operation: 'revokeInvite',
        method: 'DELETE',
        url: endpoint(baseUrl, ['orgs', orgId, 'invites', inviteId]),
        credential: 'bearer',
        kind: 'write',
        expectStatus: 204,
        answer: 'none',
      });
    },

    /**
     * The provider's display name (the hosted `GET /providers/{provider}`, which needs no credentials;
     * the API key sent along is ignored there). Only `displayName` is read.
     */
    async getProviderDisplayName(ctx: CallContext, provider: string): Promise<string> {
      const operation = 'getProvider';
      const json = await getJson(ctx, operation, endpoint(baseUrl, ['providers', provider]));
      return read(ctx, operation, providerInfoSchema, json).displayName;
    },

    /**
     * The embedded service's `read-status` extension: per-object read state (next run, records delivered,
     * delivery health). The hosted service has no such path; it is called only with `embeddedExtensions`.
     */
    async getReadStatus(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
    ): Promise<ReadStatus> {
      const operation = 'getReadStatus';
      const url = endpoint(baseUrl, [
        ...integrationPath(integrationId),
        'installations',
        installationId,
        'read-status',
      ]);
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, readStatusSchema, json);
    },

    /** The installation's latest operations, newest first (one page). */
    async listOperations(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      pageSize: number,
    ): Promise<Operation[]> {
      const operation = 'listOperations';
      const url = endpoint(
        baseUrl,
        [...integrationPath(integrationId), 'installations', installationId, 'operations'],
        { pageSize: String(pageSize) },
      );
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, operationListSchema, json).results;
    },

    /**
     * One object's backfill progress (`getBackfillProgress`, on both services); `null` when the service
     * says there is none (404: no backfill, or none recorded yet).
     */
    async getBackfillProgress(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      objectName: string,
    ): Promise<BackfillProgress | null> {
      const operation = 'getBackfillProgress';
      const url = endpoint(baseUrl, [
        ...integrationPath(integrationId),
        'installations',
        installationId,
        'objects',
        objectName,
        'backfill-progress',
      ]);
      let json: unknown;
      try {
        json = await getJson(ctx, operation, url);
      } catch (error) {
        if (error instanceof UpstreamProblem && error.status === 404) return null;
        throw error;
      }
      return read(ctx, operation, backfillProgressSchema, json);
    },

    /**
     * Starts a read of one object now; never retried, so one click is one read. Without
     * `sinceTimestamp` the service reads the object's whole history.
     */
    async triggerRead(
      ctx: CallContext,
      integrationId: string,
      objectName: string,
      groupRef: string,
      window: { sinceTimestamp?: string } = {},
    ): Promise<{ operationId: string }> {
      const operation = 'triggerRead';
      if (!readUrl) throw new UpstreamFault('malformed', operation, 'readUrl is not configured');
      const url = endpoint(readUrl, [...integrationPath(integrationId), 'objects', objectName]);
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'api-key',
        body: { groupRef, mode: 'async', ...window },
        kind: 'write',
        expectStatus: 201,
      });
      return read(ctx, operation, triggerReadResultSchema, json);
    },

    async search(
      ctx: CallContext,
      integrationId: string,
      groupRef: string,
      request: SearchRequest,
    ): Promise<BrowserSearchResponse> {
      const operation = 'search';
      const url = endpoint(searchUrl, integrationPath(integrationId), { groupRef });
      const body = strictBody(
        searchRequestSchema,
        {
          objectName: request.objectName,
          fieldFilters: request.fieldFilters.map((f) => ({
            fieldName: f.fieldName,
            operator: f.operator,
            value: f.value,
          })),
        },
        operation,
      );
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'api-key',
        extraHeaders: { 'x-svc-request-type': 'search' },
        body,
        kind: 'read',
        expectStatus: 200,
      });
      return settle(ctx, operation, readAnswer(browserSearchResponseSchema, normaliseSearchAnswer(json)));
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
