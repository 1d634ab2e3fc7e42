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
