/**
 * The OpenAPI path and schemas of writes (`{write_url}`, the hosted write API's path), merged into
 * ./document.
 */
import {
  writeAcceptedResponseSchema,
  writeBatchResponseSchema,
  writeRequestSchema,
  writeSingleResponseSchema,
  writeStatusSchema,
} from '@splice/schema';
import type { JsonSchema } from './builders.js';
import { common, json, param, problems, security, toSchema } from './builders.js';

export function writeSchemas(): Record<string, JsonSchema> {
  return {
    WriteRequest: toSchema(writeRequestSchema, 'input'),
    WriteSingleResponse: toSchema(writeSingleResponseSchema, 'output'),
    WriteBatchResponse: toSchema(writeBatchResponseSchema, 'output'),
    WriteAcceptedResponse: toSchema(writeAcceptedResponseSchema, 'output'),
    WriteStatus: toSchema(writeStatusSchema, 'output'),
  };
}

// `anyOf`: an asynchronous write's `{ operationId }` is also a single result whose other members are left
// out, so the answer matches more than one of them.
const answers = {
  'application/json': {
    schema: {
      anyOf: [
        { $ref: '#/components/schemas/WriteSingleResponse' },
        { $ref: '#/components/schemas/WriteBatchResponse' },
        { $ref: '#/components/schemas/WriteAcceptedResponse' },
      ],
    },
  },
};

export function writePaths(): Record<string, unknown> {
  return {
    '/write/v1/projects/{projectIdOrName}/integrations/{integrationId}/objects/{objectName}': {
      post: {
        operationId: 'writeRecords',
        summary:
          "Create, update or delete records in the group's CRM ({write_url}), as the installation's write settings say (docs/service-interface.md#writes).",
        description:
          'A record names fields by mapped or provider name; defaults from `selectedFieldSettings` fill what it leaves out. An `Idempotency-Key` header answers a repeated request with the first answer and writes nothing more.',
        security: [{ apiKey: [] }],
        parameters: [
          param('projectIdOrName', 'Project ID or project name.'),
          param('integrationId', 'Integration ID (or name).'),
          param('objectName', 'The provider object to write.'),
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            schema: { type: 'string', minLength: 1, maxLength: 255 },
            description: 'The same key (per project) answers the first answer again and writes nothing more.',
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WriteRequest' } } },
        },
        responses: {
          '200': {
            description:
              'Every record written (synchronous), or the write queued (asynchronous: `{ operationId }`).',
            content: answers,
          },
          ...problems(
            common.malformed,
            common.unauthorized,
            [
              404,
              ['installationNotFound', 'groupNotFound'],
              'The group has no installation of the integration.',
            ],
            [409, ['idempotencyKeyInFlight'], 'The first request with this key is still running.'],
            [413, ['payloadTooLarge'], 'The body is over 2 MiB.'],
            [
              422,
              [
                'objectNotWritable',
                'deletionDisabled',
                'unknownField',
                'readOnlyField',
                'idempotencyKeyReused',
                'connectionRequired',
                'connectionUnusable',
              ],
              'The write settings or the provider refuse the request as a whole; nothing was written.',
            ],
            [429, ['rateLimited'], 'The provider is limiting the account: retry after the wait.'],
            [503, ['serviceUnavailable'], 'The provider is not answering: retry shortly.'],
          ),
        },
      },
    },
    '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations/{installationId}/write-status':
      {
        get: {
          operationId: 'getWriteStatus',
          'x-splice-extension': true,
          summary:
            'Extension: per written object, the records written, deleted and refused since `since`, and the latest failed write with its reason.',
          security,
          parameters: [
            param('projectIdOrName', 'Project ID or project name.'),
            param('integrationId', 'Integration ID (or name).'),
            param('installationId', 'Installation ID.'),
            {
              ...param('since', 'Count writes that ended at or after this instant (ISO 8601).', 'query'),
              required: true,
            },
          ],
          responses: {
            '200': { description: 'The summary.', content: json('WriteStatus') },
            ...problems(common.malformed, common.unauthorized, [
              404,
              ['installationNotFound'],
              'No such installation.',
            ]),
          },
        },
      },
  };
}
