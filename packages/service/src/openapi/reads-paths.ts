/**
 * The OpenAPI paths and schemas of destinations, reads, operations and progress (the hosted service's
 * paths, plus the `read-status` extension), merged into ./document.
 */
import {
  backfillProgressSchema,
  destinationRequestSchema,
  destinationSchema,
  destinationUpdateSchema,
  operationListSchema,
  operationSchema,
  pauseReadsRequestSchema,
  readStatusSchema,
  triggerReadRequestSchema,
  triggerReadResultSchema,
  webhookMessageSchema,
} from '@splice/schema';
import type { JsonSchema, ProblemEntry } from './builders.js';
import { json, param, problems, security, toSchema } from './builders.js';

const auth: ProblemEntry = [401, ['unauthorized'], 'The credential is missing or wrong.'];
const bad: ProblemEntry = [400, ['validation', 'badRequest'], 'Malformed input.'];
const project = param('projectIdOrName', 'Project ID or project name.');
const integration = param('integrationId', 'Integration ID (or name).');
const installation = param('installationId', 'Installation ID.');

export function readsSchemas(): Record<string, JsonSchema> {
  return {
    DestinationRequest: toSchema(destinationRequestSchema, 'input'),
    DestinationUpdate: toSchema(destinationUpdateSchema, 'input'),
    Destination: toSchema(destinationSchema, 'output'),
    TriggerReadRequest: toSchema(triggerReadRequestSchema, 'input'),
    TriggerReadResult: toSchema(triggerReadResultSchema, 'output'),
    PauseReadsRequest: toSchema(pauseReadsRequestSchema, 'input'),
    Operation: toSchema(operationSchema, 'output'),
    OperationList: toSchema(operationListSchema, 'output'),
    BackfillProgress: toSchema(backfillProgressSchema, 'output'),
    ReadStatus: toSchema(readStatusSchema, 'output'),
    WebhookMessage: toSchema(webhookMessageSchema, 'output'),
  };
}

const pauseOperation = (verb: 'pause' | 'unpause') => ({
  post: {
    operationId: verb === 'pause' ? 'pauseReads' : 'unpauseReads',
    summary: `${verb === 'pause' ? 'Pause' : 'Resume'} scheduled reads of an installation (the named objects, or all).`,
    description:
      'A pause stops scheduled reads; on-demand reads still run. Resuming runs a missed schedule once, reading what changed meanwhile.',
    security,
    parameters: [project, integration],
    requestBody: { required: false, content: json('PauseReadsRequest') },
    responses: {
      '204': { description: verb === 'pause' ? 'Paused.' : 'Resumed.' },
      ...problems(
        bad,
        auth,
        [404, ['installationNotFound'], 'No such installation.'],
        [422, ['objectNotRead'], 'An object the installation does not read.'],
      ),
    },
  },
});

export function readsPaths(): Record<string, unknown> {
  const installationBase =
    '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations/{installationId}';
  return {
    '/v1/projects/{projectIdOrName}/destinations': {
      post: {
        operationId: 'createDestination',
        summary: 'Create a webhook destination. The answer holds its signing secret, shown this once.',
        description:
          'A URL whose host is a loopback, private, link-local or unspecified IP address (or `localhost`) is refused (400 naming `metadata.url`) unless the service allows it (`SPLICE_ALLOW_PRIVATE_DESTINATIONS`); a host name is checked when it is resolved for delivery. Header names the service sets (`webhook-*`, `svix-*`, `content-*`, `host`, hop-by-hop) are refused, naming the header.',
        security,
        parameters: [project],
        requestBody: { required: true, content: json('DestinationRequest') },
        responses: {
          '201': {
            description: 'Created, with `secrets.signingSecret` (`whsec_` + base64).',
            content: json('Destination'),
          },
          ...problems(bad, auth, [409, ['destinationExists'], 'The name is taken.']),
        },
      },
      get: {
        operationId: 'listDestinations',
        summary: 'List destinations (never their secrets).',
        security,
        parameters: [project],
        responses: {
          '200': {
            description: 'The destinations.',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Destination' } },
              },
            },
          },
          ...problems(auth),
        },
      },
    },
    '/v1/projects/{projectIdOrName}/destinations/{destination}': {
      get: {
        operationId: 'getDestination',
        summary:
          'Get a destination. With `rotate=true&includeSecrets=true` the secret is rotated and the new one returned.',
        security,
        parameters: [
          project,
          param('destination', 'Destination name.'),
          param('includeSecrets', '`true` only together with `rotate=true`.', 'query'),
          param('rotate', '`true` replaces the signing secret.', 'query'),
        ],
        responses: {
          '200': { description: 'The destination.', content: json('Destination') },
          ...problems(
            auth,
            [404, ['destinationNotFound'], 'No such destination.'],
            [
              422,
              ['validation'],
              'includeSecrets without rotate: a secret is shown only when created or rotated.',
            ],
          ),
        },
      },
      patch: {
        operationId: 'updateDestination',
        summary:
          'Update name, URL or headers (update mask). Any update enables a destination the service disabled.',
        security,
        parameters: [project, param('destination', 'Destination name.')],
        requestBody: { required: true, content: json('DestinationUpdate') },
        responses: {
          '200': { description: 'Updated.', content: json('Destination') },
          ...problems(bad, auth, [404, ['destinationNotFound'], 'No such destination.']),
        },
      },
      delete: {
        operationId: 'deleteDestination',
        summary: 'Delete a destination. Messages for it wait until a destination of that name exists again.',
        security,
        parameters: [project, param('destination', 'Destination name.')],
        responses: {
          '204': { description: 'Deleted.' },
          ...problems(auth, [404, ['destinationNotFound'], 'No such destination.']),
        },
      },
    },
    '/read/v1/projects/{projectIdOrName}/integrations/{integrationId}/objects/{objectName}': {
      post: {
        operationId: 'triggerRead',
        summary:
          'Read an object now for a group ({read_url}); the records go to its destination as `triggered` messages.',
        security,
        parameters: [project, integration, param('objectName', 'The object to read.')],
        requestBody: { required: true, content: json('TriggerReadRequest') },
        responses: {
          '201': { description: 'The operation started.', content: json('TriggerReadResult') },
          ...problems(
            bad,
            auth,
            [404, ['installationNotFound'], 'The group has no installation.'],
            [409, ['objectDisabled'], 'The object is `disabled: true`.'],
            [422, ['objectNotRead'], 'The installation does not read the object.'],
          ),
        },
      },
    },
    '/read/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations/{installationId}:pause':
      pauseOperation('pause'),
    '/read/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations/{installationId}:unpause':
      pauseOperation('unpause'),
    [`${installationBase}/operations`]: {
      get: {
        operationId: 'listOperations',
        summary: "An installation's read operations, newest first.",
        security,
        parameters: [
          project,
          integration,
          installation,
          param('pageSize', '1 to 1000, default 200.', 'query'),
          param('pageToken', 'The previous page’s nextPageToken.', 'query'),
        ],
        responses: {
          '200': { description: 'A page of operations.', content: json('OperationList') },
          ...problems(bad, auth, [404, ['installationNotFound'], 'No such installation.']),
        },
      },
    },
    [`${installationBase}/objects/{objectName}/backfill-progress`]: {
      get: {
        operationId: 'getBackfillProgress',
        summary: "An object's backfill: records processed, the estimated total, times.",
        security,
        parameters: [project, integration, installation, param('objectName', 'The object.')],
        responses: {
          '200': { description: 'The progress.', content: json('BackfillProgress') },
          ...problems(auth, [
            404,
            ['installationNotFound', 'backfillNotFound'],
            'No installation, or no backfill.',
          ]),
        },
      },
    },
    [`${installationBase}/read-status`]: {
      get: {
        operationId: 'getReadStatus',
        'x-splice-extension': true,
        summary:
          'Extension: per object its pause state, schedule, last and next run, records delivered, backfill and delivery health.',
        security,
        parameters: [project, integration, installation],
        responses: {
          '200': { description: 'The status.', content: json('ReadStatus') },
          ...problems(auth, [404, ['installationNotFound'], 'No such installation.']),
        },
      },
    },
    '/v1/projects/{projectIdOrName}/operations/{operationId}': {
      get: {
        operationId: 'getOperation',
        summary: 'One operation.',
        security,
        parameters: [project, param('operationId', 'Operation ID.')],
        responses: {
          '200': { description: 'The operation.', content: json('Operation') },
          ...problems(auth, [404, ['operationNotFound'], 'No such operation.']),
        },
      },
    },
  };
}
