import {
  connectionSchema,
  installationRequestSchema,
  installationSchema,
  integrationSchema,
  inviteRequestSchema,
  inviteSchema,
  oauthCompleteAnswerSchema,
  oauthCompleteRequestSchema,
  oauthConnectRequestSchema,
  oauthUpdateRequestSchema,
  objectMetadataSchema,
  previousConfigSchema,
  problemSchema,
  problemTypes,
  searchRequestSchema,
  searchResponseSchema,
} from '@splice/schema';
import { common, json, param as pathParam, problems, toSchema } from './builders.js';
import { connectionByIdOperations, hostedClientPaths, hostedClientSchemas } from './hosted-client-paths.js';
import { installationPaths, installationSchemas } from './installation-paths.js';
import { notificationPaths, notificationSchemas } from './notification-paths.js';
import { providerPaths, providerSchemas } from './provider-paths.js';
import { readsPaths, readsSchemas } from './reads-paths.js';
import { writePaths, writeSchemas } from './write-paths.js';

const excludeReadOnly = {
  name: 'excludeReadOnly',
  in: 'query',
  required: false,
  schema: { type: 'boolean' },
  description: 'When true, read-only fields are left out.',
};

const projectParams = [
  pathParam('projectIdOrName', 'Project ID or project name.'),
  pathParam('integrationId', 'Integration ID (or name).'),
];

/** The service's OpenAPI 3.1 document, generated from the shared zod schemas. */
export function openApiDocument() {
  const extension = { 'x-splice-extension': true };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Splice embedded integration service',
      version: '1.0.0',
      description: `The operations of docs/service-interface.md (createInstallation, getInstallation, updateInstallation, deleteInstallation, org invites, search), with the If-Match precondition of updates and deletes as an extension, the hosted service's destinations, read operations (trigger at \`/read/v1\`, pause, resume), operations list and backfill progress, the hosted service's OAuth connect operations (oauth-connect, :oauth-update), and extensions marked \`x-splice-extension\`: read-only metadata paths mirroring the hosted service's, the \`redirectUrl\` and \`browserBinding\` body fields of the OAuth operations and \`oauth-connect/complete\`, the \`read-status\` of an installation's reads, and the browser page of the flow (the service's callback). Every API error is \`application/problem+json\`; while the service cannot reach its database, an operation that needs it answers 503 (\`${problemTypes.storeUnavailable.type}\`) with \`Retry-After\`.`,
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        InstallationRequest: toSchema(installationRequestSchema, 'input'),
        Installation: toSchema(installationSchema, 'output'),
        InviteRequest: toSchema(inviteRequestSchema, 'input'),
        Invite: toSchema(inviteSchema, 'output'),
        SearchRequest: toSchema(searchRequestSchema, 'input'),
        SearchResponse: toSchema(searchResponseSchema, 'output'),
        Integration: toSchema(integrationSchema, 'output'),
        ObjectMetadata: toSchema(objectMetadataSchema, 'output'),
        Connection: toSchema(connectionSchema, 'output'),
        PreviousConfig: toSchema(previousConfigSchema, 'output'),
        OauthConnectRequest: toSchema(oauthConnectRequestSchema, 'input'),
        OauthUpdateRequest: toSchema(oauthUpdateRequestSchema, 'input'),
        OauthCompleteRequest: toSchema(oauthCompleteRequestSchema, 'input'),
        OauthCompleteAnswer: toSchema(oauthCompleteAnswerSchema, 'output'),
        Problem: toSchema(problemSchema, 'output'),
        ...readsSchemas(),
        ...notificationSchemas(),
        ...writeSchemas(),
        ...installationSchemas(),
        ...providerSchemas(),
        ...hostedClientSchemas(),
      },
    },
    paths: {
      ...readsPaths(),
      ...notificationPaths(),
      ...writePaths(),
      ...installationPaths(),
      '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations': {
        post: {
          operationId: 'createInstallation',
          summary: 'Install an integration for a group (docs/service-interface.md#create-installation).',
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            ...projectParams,
            {
              name: 'skipSampling',
              in: 'query',
              required: false,
              schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
              description: 'When true, the sample read that validates the read config is skipped.',
            },
          ],
          requestBody: { required: true, content: json('InstallationRequest') },
          responses: {
            '201': { description: 'The created installation.', content: json('Installation') },
            ...problems(
              common.malformed,
              common.unauthorized,
              [
                404,
                ['projectNotFound', 'integrationNotFound'],
                'The project or the integration does not exist.',
              ],
              [409, ['installationExists'], 'The group already has an installation of this integration.'],
              common.tooLarge,
              common.notJson,
              [
                422,
                [
                  'groupNotFound',
                  'connectionRequired',
                  'connectionNotFound',
                  'connectionUnusable',
                  'invalidConfig',
                  'sampleReadFailed',
                ],
                'The body is well-formed but cannot be installed: unknown group, no (working) connection, a config the manifest or the provider refuses.',
              ],
            ),
          },
        },
        get: {
          operationId: 'listInstallations',
          summary: 'Extension: the installations of an integration, optionally of one group.',
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            ...projectParams,
            { name: 'groupRef', in: 'query', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'The installations.',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Installation' } },
                },
              },
            },
            ...problems(common.malformed, common.unauthorized, [
              404,
              ['projectNotFound', 'integrationNotFound'],
              'Not found.',
            ]),
          },
        },
      },
      '/v1/orgs/{orgId}/invites': {
        post: {
          operationId: 'inviteOrgUser',
          summary: 'Invite a user to an organization by e-mail (docs/service-interface.md#org-invites).',
          security: [{ bearer: [] }],
          parameters: [pathParam('orgId', 'ID of the organization.')],
          requestBody: { required: true, content: json('InviteRequest') },
          responses: {
            '201': { description: 'The new invite, status `pending`.', content: json('Invite') },
            ...problems(
              common.malformed,
              common.unauthorized,
              [404, ['orgNotFound'], 'The organization does not exist.'],
              [409, ['inviteExists'], 'The address already has a pending invite to this organization.'],
              common.tooLarge,
              common.notJson,
            ),
          },
        },
        get: {
          operationId: 'listOrgInvites',
          summary: "Every invite of the organization, oldest first (the hosted service's listOrgInvites).",
          security: [{ bearer: [] }],
          parameters: [pathParam('orgId', 'ID of the organization.')],
          responses: {
            '200': {
              description: "The organization's invites.",
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Invite' } },
                },
              },
            },
            ...problems(common.unauthorized, [404, ['orgNotFound'], 'The organization does not exist.']),
          },
        },
      },
      '/v1/orgs/{orgId}/invites/{inviteId}': {
        delete: {
          operationId: 'deleteOrgInvite',
          summary:
            'Revoke a pending invite: its status becomes `revoked` (the hosted service has this path).',
          security: [{ bearer: [] }],
          parameters: [pathParam('orgId', 'ID of the organization.'), pathParam('inviteId', 'The invite.')],
          responses: {
            '204': { description: 'Revoked.' },
            ...problems(common.unauthorized, [
              404,
              ['orgNotFound', 'notFound'],
              'No such organization, or no pending invite with this id.',
            ]),
          },
        },
      },
      ...providerPaths(),
      ...hostedClientPaths(),
      '/search/v1/projects/{projectIdOrName}/integrations/{integrationId}': {
        post: {
          operationId: 'search',
          summary:
            "Search records in the group's SaaS instance (docs/service-interface.md#search). One page, at most 100 results.",
          security: [{ apiKey: [] }],
          parameters: [
            ...projectParams,
            { name: 'groupRef', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'x-svc-request-type', in: 'header', required: true, schema: { const: 'search' } },
          ],
          requestBody: { required: true, content: json('SearchRequest') },
          responses: {
            '200': { description: 'The matching records, first page only.', content: json('SearchResponse') },
            ...problems(
              common.malformed,
              common.unauthorized,
              [
                404,
                ['projectNotFound', 'integrationNotFound', 'groupNotFound', 'installationNotFound'],
                "The project, integration, group or the group's installation does not exist.",
              ],
              common.tooLarge,
              common.notJson,
              [
                422,
                ['objectNotSearchable', 'unknownField'],
                'The object is not searchable (docs/service-interface.md#search-rules rules) or a filter names no field.',
              ],
            ),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/integrations': {
        get: {
          operationId: 'listIntegrations',
          summary: 'Extension: every integration of the project, each with its latest manifest revision.',
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [pathParam('projectIdOrName', 'Project ID or project name.')],
          responses: {
            '200': {
              description: 'The integrations, by name.',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Integration' } },
                },
              },
            },
            ...problems(common.unauthorized, [404, ['projectNotFound'], 'The project does not exist.']),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/integrations/{integrationId}': {
        get: {
          operationId: 'getIntegration',
          summary: 'Extension: the integration with its latest manifest revision.',
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: projectParams,
          responses: {
            '200': { description: 'The integration.', content: json('Integration') },
            ...problems(common.unauthorized, [404, ['projectNotFound', 'integrationNotFound'], 'Not found.']),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/integrations/{integrationId}/objects/{objectName}/metadata': {
        get: {
          operationId: 'getObjectMetadata',
          summary: "Extension: the provider's fields of an object, as the group's connection sees them.",
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            ...projectParams,
            pathParam('objectName', 'The provider object.'),
            { name: 'groupRef', in: 'query', required: true, schema: { type: 'string' } },
            excludeReadOnly,
          ],
          responses: {
            '200': { description: "The object's metadata.", content: json('ObjectMetadata') },
            ...problems(
              common.malformed,
              common.unauthorized,
              [404, ['projectNotFound', 'integrationNotFound', 'groupNotFound', 'notFound'], 'Not found.'],
              [422, ['connectionRequired'], 'The group has no connection to read metadata through.'],
            ),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/providers/{provider}/objects/{objectName}/metadata': {
        get: {
          operationId: 'getObjectMetadataForConnection',
          summary:
            "Extension: the provider's fields of an object through the group's connection; no installation needed.",
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            pathParam('projectIdOrName', 'Project ID or project name.'),
            pathParam('provider', 'The provider, e.g. hubspot or salesforce.'),
            pathParam('objectName', 'The provider object.'),
            { name: 'groupRef', in: 'query', required: true, schema: { type: 'string' } },
            excludeReadOnly,
          ],
          responses: {
            '200': { description: "The object's metadata.", content: json('ObjectMetadata') },
            ...problems(
              common.malformed,
              common.unauthorized,
              [404, ['projectNotFound', 'groupNotFound', 'notFound'], 'Not found.'],
              [422, ['connectionRequired'], 'The group has no connection to read metadata through.'],
            ),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/integrations/{integrationId}/previous-config': {
        get: {
          operationId: 'getPreviousConfig',
          summary:
            "Extension: the config content the group's installation had when the group last uninstalled it, kept 30 days so a reinstall can start from it.",
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            ...projectParams,
            { name: 'groupRef', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'The kept config and when it is forgotten.',
              content: json('PreviousConfig'),
            },
            ...problems(common.malformed, common.unauthorized, [
              404,
              ['projectNotFound', 'integrationNotFound', 'notFound'],
              'No such project or integration, or nothing kept for the group.',
            ]),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/connections': {
        get: {
          operationId: 'listConnections',
          summary: "The project's connections, by group, provider or consumer, without credentials.",
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            pathParam('projectIdOrName', 'Project ID or project name.'),
            ...['groupRef', 'provider', 'consumerRef'].map((name) => ({
              name,
              in: 'query',
              required: false,
              schema: { type: 'string' },
            })),
          ],
          responses: {
            '200': {
              description: 'The connections.',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Connection' } },
                },
              },
            },
            ...problems(common.malformed, common.unauthorized, [404, ['projectNotFound'], 'Not found.']),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/connections/{connectionId}': {
        ...connectionByIdOperations(),
        delete: {
          operationId: 'deleteConnection',
          summary:
            'Delete a connection. One an installation still uses is refused (409, naming the installation): uninstall it first.',
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            pathParam('projectIdOrName', 'Project ID or project name.'),
            pathParam('connectionId', 'Connection ID.'),
          ],
          responses: {
            '204': { description: 'Deleted.' },
            ...problems(
              common.unauthorized,
              [
                404,
                ['projectNotFound', 'connectionNotFound'],
                'The project or the connection does not exist.',
              ],
              [409, ['connectionInUse'], 'An installation uses the connection; the detail names it.'],
            ),
          },
        },
      },
      '/v1/oauth-connect': {
        post: {
          operationId: 'oauthConnect',
          summary:
            'Start an OAuth connect flow for a group and consumer: answers the provider URL for the browser to open.',
          description:
            "The URL is the provider's own consent page for a catalog provider (HubSpot, Salesforce: its authorize URL with the app's client id, the service's callback as `redirect_uri`, the catalog entry's scopes, and a PKCE S256 challenge where the entry's grant type takes one; the callback exchanges the code at the provider's token URL and takes `providerWorkspaceRef` from its answer), else the sandbox provider's page (always PKCE S256). The state in the URL works once and for 10 minutes, and is bound to the project, group and consumer. Allow creates the group connection (the group too, when the project does not know it) or refreshes the existing one. Tokens are stored sealed and never returned. The `redirectUrl` body field is an extension: where the browser goes when the flow ends, with `outcome` (`connected`, `access_denied`, `expired`, `provider_error`) and, on success, `connectionId` added to its query. `browserBinding` (extension, needs `redirectUrl`) is the SHA-256, base64url, of a secret the caller keeps in the browser that starts the flow: the callback then saves nothing, holds the tokens, and sends the browser to `redirectUrl` with `completion` added instead of `outcome`; `POST /v1/oauth-connect/complete` with that secret saves them.",
          security: [{ apiKey: [] }, { bearer: [] }],
          requestBody: { required: true, content: json('OauthConnectRequest') },
          responses: {
            '200': {
              description: 'The URL to open.',
              content: { 'text/plain': { schema: { type: 'string', format: 'uri' } } },
            },
            ...problems(
              common.malformed,
              common.unauthorized,
              [404, ['projectNotFound'], 'The project does not exist.'],
              common.tooLarge,
              common.notJson,
            ),
          },
        },
      },
      '/v1/oauth-connect/complete': {
        post: {
          operationId: 'oauthComplete',
          summary:
            'Extension: save the result of a flow started with `browserBinding`, for the browser holding its secret.',
          description:
            "`completion` is the value the callback added to the flow's `redirectUrl`; `browserSecret` is the secret whose SHA-256 was the `browserBinding`, as the browser that reached `redirectUrl` holds it. The held result is spent by the first call, right or wrong: a missing or wrong secret drops its tokens and saves nothing. It waits two minutes after the callback at most.",
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          requestBody: { required: true, content: json('OauthCompleteRequest') },
          responses: {
            '200': {
              description: 'The connection created or refreshed.',
              content: json('OauthCompleteAnswer'),
            },
            ...problems(
              common.malformed,
              common.unauthorized,
              [
                404,
                ['projectNotFound', 'connectFlowNotFound'],
                'The project does not exist, or no flow waits for this completion with this secret (unknown, spent, too old, or another browser): nothing was saved.',
              ],
              common.tooLarge,
              common.notJson,
            ),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/connections/{connectionId}:oauth-update': {
        patch: {
          operationId: 'oauthUpdate',
          summary:
            'Start an OAuth flow that refreshes an existing connection (e.g. one with bad credentials).',
          description:
            "Same flow as oauth-connect, for the connection's own group and consumer; Allow keeps the connection id and sets its status to `created`. The body is optional (the hosted operation takes none); its `redirectUrl` and `browserBinding` are the same extensions.",
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            pathParam('projectIdOrName', 'Project ID or project name.'),
            pathParam('connectionId', 'The connection to refresh.'),
          ],
          requestBody: { required: false, content: json('OauthUpdateRequest') },
          responses: {
            '200': {
              description: 'The URL to open.',
              content: { 'text/plain': { schema: { type: 'string', format: 'uri' } } },
            },
            ...problems(
              common.malformed,
              common.unauthorized,
              [404, ['projectNotFound', 'connectionNotFound'], 'Not found.'],
              [405, ['methodNotAllowed'], 'Use PATCH.'],
            ),
          },
        },
      },
      '/callbacks/v1/oauth': {
        get: {
          operationId: 'oauthCallback',
          summary:
            "Extension (a browser page): the service's OAuth redirect URI. Spends the state, trades the code for tokens, then redirects (303) to the flow's redirectUrl with its outcome (a flow with a browserBinding: with `completion`, its tokens held until oauth-connect/complete), or shows a page saying it.",
          ...extension,
          parameters: ['state', 'code', 'error'].map((name) => ({
            name,
            in: 'query',
            required: false,
            schema: { type: 'string' },
          })),
          responses: {
            '303': { description: "To the flow's redirectUrl with `outcome`." },
            '200': { description: 'A page: connected (no redirectUrl was given).' },
            '400': { description: 'A page: the state is unknown, used or expired, or the flow failed.' },
          },
        },
      },
    },
  };
}
