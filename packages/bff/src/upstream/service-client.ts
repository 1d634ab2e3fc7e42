import type {
  BrowserSearchResponse,
  Config,
  Connection,
  Installation,
  Integration,
  Invite,
  ObjectMetadata,
  SearchRequest,
} from '@splice/schema';
import {
  browserSearchResponseSchema,
  integrationSchema,
  inviteSchema,
  objectMetadataSchema,
} from '@splice/schema';
import * as z from 'zod/mini';
import { normaliseSearchAnswer } from '../schemas/search-response.js';
import type { CallContext, CallerOptions } from './call.js';
import { createCaller } from './call.js';
import { endpoint } from './endpoint.js';
import { sanitiseConnection, sanitiseInstallation } from './sanitise.js';

export type { CallContext } from './call.js';

export interface ServiceClientOptions extends CallerOptions {
  baseUrl: URL;
  searchUrl: URL;
  project: string;
}

export interface InstallationCreate {
  groupRef: string;
  connectionId?: string;
  config: Config;
}

const recordsSchema = z.array(z.unknown());

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
  /** Extension of the embedded service: where the browser goes when the flow ends. */
  redirectUrl: string;
}

/** The service's operations, as the BFF uses them; each answer validated before anything reads it. */
export function createServiceClient(options: ServiceClientOptions) {
  const { baseUrl, searchUrl, project } = options;
  const { call, parse } = createCaller(options);

  const integrationPath = (integrationId: string) => ['projects', project, 'integrations', integrationId];

  return {
    async getIntegration(ctx: CallContext, integrationId: string): Promise<Integration> {
      const operation = 'getIntegration';
      const url = endpoint(baseUrl, integrationPath(integrationId));
      const json = await call(ctx, {
        operation,
        method: 'GET',
        url,
        credential: 'api-key',
        kind: 'read',
        expectStatus: 200,
      });
      return parse(integrationSchema, json, operation);
    },

    async getObjectMetadata(
      ctx: CallContext,
      integrationId: string,
      objectName: string,
      groupRef: string,
    ): Promise<ObjectMetadata> {
      const operation = 'getObjectMetadata';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'objects', objectName, 'metadata'], {
        groupRef,
      });
      const json = await call(ctx, {
        operation,
        method: 'GET',
        url,
        credential: 'api-key',
        kind: 'read',
        expectStatus: 200,
      });
      return parse(objectMetadataSchema, json, operation);
    },

    async listInstallations(
      ctx: CallContext,
      integrationId: string,
      groupRef: string,
    ): Promise<Installation[]> {
      const operation = 'listInstallations';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations'], { groupRef });
      const json = await call(ctx, {
        operation,
        method: 'GET',
        url,
        credential: 'api-key',
        kind: 'read',
        expectStatus: 200,
      });
      return parse(recordsSchema, json, operation).map((raw) => sanitiseInstallation(raw, operation));
    },

    async listConnections(ctx: CallContext, groupRef: string): Promise<Connection[]> {
      const operation = 'listConnections';
      const url = endpoint(baseUrl, ['projects', project, 'connections'], { groupRef });
      const json = await call(ctx, {
        operation,
        method: 'GET',
        url,
        credential: 'api-key',
        kind: 'read',
        expectStatus: 200,
      });
      return parse(recordsSchema, json, operation).map((raw) => sanitiseConnection(raw, operation));
    },

    async createInstallation(
      ctx: CallContext,
      integrationId: string,
      request: InstallationCreate,
      skipSampling: boolean,
    ): Promise<Installation> {
      const operation = 'createInstallation';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations'], {
        skipSampling: String(skipSampling),
      });
      // Built field by field: only what the allowlist names reaches the service.
      const body = {
        groupRef: request.groupRef,
        ...(request.connectionId === undefined ? {} : { connectionId: request.connectionId }),
        config: request.config,
      };
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'api-key',
        body,
        kind: 'write',
        expectStatus: 201,
      });
      return sanitiseInstallation(json, operation);
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
          redirectUrl: input.redirectUrl,
        },
        kind: 'write',
        expectStatus: 200,
        answer: 'text',
      });
      return parse(authorizationUrlSchema, text, operation).trim();
    },

    /** `PATCH {base_url}/projects/{p}/connections/{id}:oauth-update`: the URL that refreshes a connection. */
    async oauthUpdate(ctx: CallContext, connectionId: string, redirectUrl: string): Promise<string> {
      const operation = 'oauthUpdate';
      const url = endpoint(baseUrl, ['projects', project, 'connections', connectionId]);
      // The custom method's colon stays literal, as in the hosted path (an encoded %3A would not route).
      url.pathname += ':oauth-update';
      const text = await call(ctx, {
        operation,
        method: 'PATCH',
        url,
        credential: 'api-key',
        body: { redirectUrl },
        kind: 'write',
        expectStatus: 200,
        answer: 'text',
      });
      return parse(authorizationUrlSchema, text, operation).trim();
    },

    async createInvite(ctx: CallContext, orgId: string, email: string): Promise<Invite> {
      const operation = 'createInvite';
      const url = endpoint(baseUrl, ['orgs', orgId, 'invites']);
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'bearer',
        body: { email },
        kind: 'write',
        expectStatus: 201,
      });
      return parse(inviteSchema, json, operation);
    },

    async search(
      ctx: CallContext,
      integrationId: string,
      groupRef: string,
      request: SearchRequest,
    ): Promise<BrowserSearchResponse> {
      const operation = 'search';
      const url = endpoint(searchUrl, integrationPath(integrationId), { groupRef });
      const body = {
        objectName: request.objectName,
        fieldFilters: request.fieldFilters.map((f) => ({
          fieldName: f.fieldName,
          operator: f.operator,
          value: f.value,
        })),
      };
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
      return parse(browserSearchResponseSchema, normaliseSearchAnswer(json), operation);
    },
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
