import {
  connectionSchema,
  installationRequestSchema,
  installationSchema,
  integrationSchema,
  inviteRequestSchema,
  inviteSchema,
  objectMetadataSchema,
  problemSchema,
  searchRequestSchema,
  searchResponseSchema,
} from '@splice/schema';
import * as z from 'zod/mini';
import { problemTypes } from '../http/problem.js';

type ProblemKind = keyof typeof problemTypes;
type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Problem responses: the status, and which problem types it carries (documented per operation). */
function problems(entries: Array<[number, ProblemKind[], string]>) {
  return Object.fromEntries(
    entries.map(([status, kinds, when]) => [
      String(status),
      {
        description: `${when} Problem types: ${kinds.map((k) => `\`${problemTypes[k].type}\` (${problemTypes[k].title})`).join(', ')}.`,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    ]),
  );
}

const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description,
});

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });

const common = {
  unauthorized: [401, ['unauthorized'], 'The credential is missing or wrong.'],
  malformed: [
    400,
    ['validation', 'badRequest'],
    'Malformed input: one issue per offending parameter or property.',
  ],
  tooLarge: [413, ['payloadTooLarge'], 'The body is over the size this operation accepts.'],
  notJson: [415, ['unsupportedMediaType'], 'The body is not JSON.'],
} as const satisfies Record<string, [number, ProblemKind[], string]>;

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
      description:
        "The seed's three operations (createInstallation, org invites, search) plus read-only extensions marked `x-splice-extension`, which mirror the hosted service's metadata paths. Every error is `application/problem+json`.",
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
        Problem: toSchema(problemSchema, 'output'),
      },
    },
    paths: {
      '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations': {
        post: {
          operationId: 'createInstallation',
          summary: 'Install an integration for a group (seed 4.1).',
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
            ...problems([
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
            ]),
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
            ...problems([
              common.malformed,
              common.unauthorized,
              [404, ['projectNotFound', 'integrationNotFound'], 'Not found.'],
            ]),
          },
        },
      },
      '/v1/orgs/{orgId}/invites': {
        post: {
          operationId: 'inviteOrgUser',
          summary: 'Invite a user to an organization by e-mail (seed 4.2).',
          security: [{ bearer: [] }],
          parameters: [pathParam('orgId', 'ID of the organization.')],
          requestBody: { required: true, content: json('InviteRequest') },
          responses: {
            '201': { description: 'The new invite, status `pending`.', content: json('Invite') },
            ...problems([
              common.malformed,
              common.unauthorized,
              [404, ['orgNotFound'], 'The organization does not exist.'],
              [409, ['inviteExists'], 'The address already has a pending invite to this organization.'],
              common.tooLarge,
              common.notJson,
            ]),
          },
        },
      },
      '/search/v1/projects/{projectIdOrName}/integrations/{integrationId}': {
        post: {
          operationId: 'search',
          summary: "Search records in the group's SaaS instance (seed 4.3). One page, at most 100 results.",
          security: [{ apiKey: [] }],
          parameters: [
            ...projectParams,
            { name: 'groupRef', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'x-svc-request-type', in: 'header', required: true, schema: { const: 'search' } },
          ],
          requestBody: { required: true, content: json('SearchRequest') },
          responses: {
            '200': { description: 'The matching records, first page only.', content: json('SearchResponse') },
            ...problems([
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
                ['notSearchable', 'unknownField'],
                'The object is not searchable (seed 4.3 rules) or a filter names no field.',
              ],
            ]),
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
            ...problems([
              common.unauthorized,
              [404, ['projectNotFound', 'integrationNotFound'], 'Not found.'],
            ]),
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
          ],
          responses: {
            '200': { description: "The object's metadata.", content: json('ObjectMetadata') },
            ...problems([
              common.malformed,
              common.unauthorized,
              [404, ['projectNotFound', 'integrationNotFound', 'groupNotFound', 'notFound'], 'Not found.'],
              [422, ['connectionRequired'], 'The group has no connection to read metadata through.'],
            ]),
          },
        },
      },
      '/v1/projects/{projectIdOrName}/connections': {
        get: {
          operationId: 'listConnections',
          summary: "Extension: a group's connections, without credentials.",
          ...extension,
          security: [{ apiKey: [] }, { bearer: [] }],
          parameters: [
            pathParam('projectIdOrName', 'Project ID or project name.'),
            { name: 'groupRef', in: 'query', required: true, schema: { type: 'string' } },
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
            ...problems([common.malformed, common.unauthorized, [404, ['projectNotFound'], 'Not found.']]),
          },
        },
      },
    },
  };
}
