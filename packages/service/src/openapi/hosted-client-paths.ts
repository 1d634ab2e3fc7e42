/**
 * The OpenAPI paths and schemas of the hosted operations the hosted service's own clients call beyond the
 * interface (the project, provider apps, the provider list, a hydrated revision, connections by id and
 * generate, the project-wide installations, operation logs), merged into ./document.
 */
import {
  connectionUpdateRequestSchema,
  generateConnectionRequestSchema,
  hydratedRevisionSchema,
  operationLogSchema,
  projectSchema,
  providerAppSchema,
} from '@splice/schema';
import type { JsonSchema, ProblemEntry } from './builders.js';
import { common, json, param, problems, security, toSchema } from './builders.js';

export function hostedClientSchemas(): Record<string, JsonSchema> {
  return {
    Project: toSchema(projectSchema, 'output'),
    ProviderApp: toSchema(providerAppSchema, 'output'),
    HydratedRevision: toSchema(hydratedRevisionSchema, 'output'),
    ConnectionUpdateRequest: toSchema(connectionUpdateRequestSchema, 'input'),
    GenerateConnectionRequest: toSchema(generateConnectionRequestSchema, 'input'),
    OperationLog: toSchema(operationLogSchema, 'output'),
  };
}

const project = param('projectIdOrName', 'Project ID or project name.');
const list = (ref: string) => ({
  'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${ref}` } } },
});
const projectMissing: ProblemEntry = [404, ['projectNotFound'], 'No such project.'];
const connectionMissing: ProblemEntry = [404, ['connectionNotFound'], 'No such project or connection.'];

export function hostedClientPaths() {
  return {
    '/v1/projects/{projectIdOrName}': {
      get: {
        operationId: 'getProject',
        summary: 'The project. `includeEntitlements` is accepted; the embedded service has none to add.',
        security,
        parameters: [project, param('includeEntitlements', 'true or false.', 'query')],
        responses: {
          '200': { description: 'The project.', content: json('Project') },
          ...problems(common.malformed, common.unauthorized, projectMissing),
        },
      },
    },
    '/v1/projects/{projectIdOrName}/provider-apps': {
      get: {
        operationId: 'listProviderApps',
        summary: "The builder's app at each catalog provider: its client id and scopes, never its secret.",
        security,
        parameters: [project],
        responses: {
          '200': { description: 'The provider apps.', content: list('ProviderApp') },
          ...problems(common.unauthorized, projectMissing),
        },
      },
    },
    '/v1/providers': {
      get: {
        operationId: 'listProviders',
        summary: 'Every catalog provider by name, each as getProvider answers it. No credentials.',
        security: [],
        responses: {
          '200': {
            description: 'The catalog.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: { $ref: '#/components/schemas/ProviderInfo' },
                },
              },
            },
          },
        },
      },
    },
    '/v1/projects/{projectIdOrName}/integrations/{integrationId}/revisions/{revisionId}:hydrate': {
      get: {
        operationId: 'getHydratedRevision',
        summary:
          "The integration's latest revision expanded against the connection's account: provider fields with their display names, optionalFieldsAuto as the object's remaining fields, every field's metadata; mappings keep their prompts and mappedValues.",
        security,
        parameters: [
          project,
          param('integrationId', 'Integration ID or name.'),
          param('revisionId', 'The latest revision (the only one kept).'),
          { ...param('connectionId', 'The connection whose account expands it.', 'query'), required: true },
        ],
        responses: {
          '200': { description: 'The hydrated revision.', content: json('HydratedRevision') },
          ...problems(
            common.malformed,
            common.unauthorized,
            [404, ['projectNotFound', 'integrationNotFound', 'notFound', 'connectionNotFound'], 'Not found.'],
            [
              422,
              ['invalidConfig', 'connectionUnusable'],
              'The connection is to another provider, or no longer works.',
            ],
          ),
        },
      },
    },
    '/v1/projects/{projectIdOrName}/installations': {
      get: {
        operationId: 'listInstallationsForProject',
        summary: "Every installation of the project's integrations, or of one group.",
        security,
        parameters: [project, param('groupRef', 'Only this group.', 'query')],
        responses: {
          '200': { description: 'The installations.', content: list('Installation') },
          ...problems(common.malformed, common.unauthorized, projectMissing),
        },
      },
    },
    '/v1/projects/{projectIdOrName}/connections:generate': {
      post: {
        operationId: 'generateConnection',
        summary:
          'A connection from credentials the caller holds (API key, basic auth). Every catalog provider here connects by OAuth: refused with 422 naming the provider.',
        security,
        parameters: [project],
        requestBody: { required: true, content: json('GenerateConnectionRequest') },
        responses: problems(common.malformed, common.unauthorized, projectMissing, [
          422,
          ['unsupportedAuthType'],
          'The provider connects by OAuth (POST /oauth-connect).',
        ]),
      },
    },
    '/v1/projects/{projectIdOrName}/operations/{operationId}/logs': {
      get: {
        operationId: 'listOperationLogs',
        summary: "The operation's log: when it started and how it ended, oldest first.",
        security,
        parameters: [project, param('operationId', 'The operation.')],
        responses: {
          '200': { description: 'The log.', content: list('OperationLog') },
          ...problems(common.unauthorized, [404, ['projectNotFound', 'operationNotFound'], 'Not found.']),
        },
      },
    },
  };
}

/** getConnection and updateConnection, beside deleteConnection on the same path. */
export function connectionByIdOperations() {
  const parameters = [project, param('connectionId', 'The connection.')];
  return {
    get: {
      operationId: 'getConnection',
      summary: 'One connection, never with credentials (includeCreds and its kin are accepted and ignored).',
      security,
      parameters: [
        ...parameters,
        param('includeCreds', 'Ignored: no credential leaves the service.', 'query'),
        param('includeRefreshToken', 'Ignored.', 'query'),
        param('refresh', 'Ignored.', 'query'),
      ],
      responses: {
        '200': { description: 'The connection.', content: json('Connection') },
        ...problems(common.malformed, common.unauthorized, connectionMissing),
      },
    },
    patch: {
      operationId: 'updateConnection',
      summary:
        "Updates a connection's providerWorkspaceRef. A credential mask is refused (400 naming it): the connection holds OAuth tokens, renewed through :oauth-update.",
      security,
      parameters,
      requestBody: { required: true, content: json('ConnectionUpdateRequest') },
      responses: {
        '200': { description: 'The updated connection.', content: json('Connection') },
        ...problems(common.malformed, common.unauthorized, common.notJson, connectionMissing),
      },
    },
  };
}
