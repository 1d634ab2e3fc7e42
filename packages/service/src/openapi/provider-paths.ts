/**
 * The OpenAPI path and schemas of `GET /v1/providers/{provider}` (the hosted service's path), merged into
 * ./document: a catalog provider's entry in the hosted `ProviderInfo` shape (../connectors/provider-info.ts).
 */
import type { JsonSchema } from './builders.js';
import { param, problems } from './builders.js';

const text = { type: 'string' };
const flag = { type: 'boolean' };
const flags = (...names: string[]) => ({
  type: 'object',
  required: names,
  properties: Object.fromEntries(names.map((name) => [name, flag])),
});
const batchSupport = {
  type: 'object',
  required: ['supported'],
  properties: { supported: flag, defaultRecordLimit: { type: 'integer', minimum: 1 } },
};

export function providerSchemas(): Record<string, JsonSchema> {
  return {
    ProviderInfo: {
      type: 'object',
      description:
        "A catalog provider as the hosted service's catalog describes it (no app credential is part of it).",
      required: ['name', 'displayName', 'authType', 'baseURL', 'defaultModule', 'oauth2Opts', 'support'],
      properties: {
        name: text,
        displayName: text,
        authType: { type: 'string', enum: ['oauth2'] },
        baseURL: {
          ...text,
          description: 'The API base URL (Salesforce: the login URL; each connection has its instance URL).',
        },
        defaultModule: text,
        oauth2Opts: {
          type: 'object',
          required: [
            'grantType',
            'authURL',
            'tokenURL',
            'explicitScopesRequired',
            'explicitWorkspaceRequired',
            'tokenMetadataFields',
          ],
          properties: {
            grantType: { type: 'string', enum: ['authorizationCode', 'authorizationCodePKCE'] },
            authURL: text,
            tokenURL: text,
            explicitScopesRequired: flag,
            explicitWorkspaceRequired: flag,
            tokenMetadataFields: {
              type: 'object',
              properties: { workspaceRefField: text, consumerRefField: text, scopesField: text },
            },
          },
        },
        support: {
          type: 'object',
          required: ['read', 'write', 'delete', 'proxy', 'subscribe', 'bulkWrite', 'batchWrite', 'search'],
          properties: {
            read: flag,
            write: flag,
            delete: flag,
            proxy: flag,
            subscribe: flag,
            bulkWrite: flags('insert', 'update', 'upsert', 'delete'),
            batchWrite: {
              type: 'object',
              required: ['create', 'update', 'upsert', 'delete'],
              properties: {
                create: batchSupport,
                update: batchSupport,
                upsert: batchSupport,
                delete: batchSupport,
              },
            },
            search: {
              type: 'object',
              required: ['operators'],
              properties: { operators: flags('equals') },
            },
          },
        },
      },
    },
  };
}

export function providerPaths() {
  return {
    '/v1/providers/{provider}': {
      get: {
        operationId: 'getProvider',
        summary:
          "A provider's catalog entry (HubSpot, Salesforce) as the hosted service answers it. No credentials.",
        security: [],
        parameters: [param('provider', 'The provider, e.g. hubspot or salesforce.')],
        responses: {
          '200': {
            description: 'The provider.',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/ProviderInfo' },
              },
            },
          },
          ...problems([404, ['notFound'], 'No such provider.']),
        },
      },
    },
  };
}
