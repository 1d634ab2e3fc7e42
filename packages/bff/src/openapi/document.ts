import {
  browserSearchResponseSchema,
  connectionAnswerSchema,
  connectStartSchema,
  connectUrlSchema,
  createInstallationBodySchema,
  idempotencyHeaderSchema,
  ifMatchSchema,
  installationSchema,
  integrationCatalogSchema,
  integrationDetailsSchema,
  integrationParamsSchema,
  inviteListSchema,
  inviteParamsSchema,
  inviteRequestSchema,
  inviteSchema,
  objectParamsSchema,
  pauseBodySchema,
  problemSchema,
  problemTypes,
  runHistorySchema,
  runNowAnswerSchema,
  runNowBodySchema,
  searchRequestSchema,
  syncStatusSchema,
  updateInstallationBodySchema,
} from '@splice/schema';
import * as z from 'zod/mini';

type JsonSchema = Record<string, unknown>;

/** A component schema from the shared zod/mini schema: the document cannot drift from the validation. */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const statusText: Record<number, string> = {
  400: 'Malformed input, or a group or organization named by the browser (issues name each offending value).',
  401: 'No signed-in session.',
  403: 'Origin not allowed, or the X-Requested-With header missing.',
  404: 'Unknown integration, or nothing at this address.',
  405: 'Method not allowed here (see Allow).',
  409: 'Conflict with the current state (e.g. already installed, invite pending).',
  413: 'Body over the route’s size limit.',
  415: 'Body not application/json.',
  412: 'The installation changed since the version in If-Match: load the current settings and apply the change again.',
  422: 'Refused by the integration service (issues), or the Idempotency-Key reused with another body.',
  429: 'Rate limit of the session reached (see Retry-After).',
  501: 'Not set up on this server (readUrl missing).',
  502: 'The integration service gave no usable answer (retryable says whether to try again).',
  503: 'Too many upstream calls in flight (see Retry-After).',
  504: 'No answer in time.',
};

function problems(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: statusText[status] ?? 'Problem.',
        content: { 'application/problem+json': { schema: ref('Problem') } },
      },
    ]),
  );
}

const csrfHeader = {
  name: 'X-Requested-With',
  in: 'header',
  required: true,
  description:
    'Must be `splice` on every POST, PATCH and DELETE: a cross-site page cannot set it without a CORS preflight.',
  schema: { type: 'string', const: 'splice' },
};

const integrationIdParam = {
  name: 'integrationId',
  in: 'path',
  required: true,
  schema: jsonSchema(integrationParamsSchema.shape.integrationId, 'input'),
};

const objectNameParam = {
  name: 'objectName',
  in: 'path',
  required: true,
  schema: jsonSchema(objectParamsSchema.shape.objectName, 'input'),
};

const idempotencyKeyParam = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'Required. A repeat with the same key and body returns the first answer and does nothing more.',
  schema: jsonSchema(idempotencyHeaderSchema.shape['idempotency-key'], 'input'),
};

const jsonBody = (name: string) => ({
  required: true,
  content: { 'application/json': { schema: ref(name) } },
});
const jsonAnswer = (description: string, name: string) => ({
  description,
  content: { 'application/json': { schema: ref(name) } },
});

const common = [401, 403, 429, 502, 503, 504];

/** The BFF's own OpenAPI 3.1 document; paths are relative to wherever the host mounts the BFF. */
export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Splice BFF',
      version: '0.1.0',
      description:
        'The browser-facing API of @splice/bff. Every call acts for the signed-in user’s group and organization, which come from the host application’s session; a request naming a group or organization is refused. Every error is application/problem+json with a requestId.',
    },
    servers: [{ url: '.', description: 'The mount point of the BFF in the host application (e.g. /api).' }],
    security: [{ hostSession: [] }],
    paths: {
      '/integrations': {
        get: {
          operationId: 'listIntegrations',
          summary:
            'Every integration of the project, each with the session’s group’s connection state (none, connected, needs_reconnect) and installation state (not_installed, installed, paused, unhealthy).',
          responses: {
            '200': jsonAnswer('The catalog, by integration name.', 'IntegrationCatalog'),
            ...problems(400, ...common),
          },
        },
      },
      '/integrations/{integrationId}': {
        get: {
          operationId: 'getWizard',
          summary: 'Everything the installation wizard needs for the session’s group, in one answer.',
          parameters: [integrationIdParam],
          responses: {
            '200': jsonAnswer('The wizard data.', 'IntegrationDetails'),
            ...problems(400, 404, ...common),
          },
        },
      },
      '/integrations/{integrationId}/installations': {
        post: {
          operationId: 'createInstallation',
          summary:
            'Installs the integration for the session’s group (createInstallation, docs/service-interface.md#create-installation).',
          parameters: [
            integrationIdParam,
            {
              name: 'skipSampling',
              in: 'query',
              required: false,
              description: 'Default false. When true, the sample read that checks the config is skipped.',
              schema: { type: 'string', enum: ['true', 'false'] },
            },
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              description:
                'Required. A repeat with the same key and body returns the first answer and creates nothing (Idempotent-Replayed: true); the same key with another body is 422.',
              schema: jsonSchema(idempotencyHeaderSchema.shape['idempotency-key'], 'input'),
            },
            csrfHeader,
          ],
          requestBody: jsonBody('CreateInstallationBody'),
          responses: {
            '201': jsonAnswer('The installation, without credentials.', 'Installation'),
            ...problems(400, 404, 409, 413, 415, 422, ...common),
          },
        },
      },
      '/integrations/{integrationId}/search': {
        post: {
          operationId: 'search',
          summary:
            'Searches the session’s group’s installation (docs/service-interface.md#search). One page only.',
          parameters: [integrationIdParam, csrfHeader],
          requestBody: jsonBody('SearchRequest'),
          responses: {
            '200': jsonAnswer('The matching records.', 'BrowserSearchResponse'),
            ...problems(400, 404, 413, 415, 422, ...common),
          },
        },
      },
      '/integrations/{integrationId}/connect': {
        post: {
          operationId: 'connect',
          summary:
            'Starts the OAuth connect flow for the session’s group and user (the provider comes from the integration): answers the URL for the popup, or the tab in `redirect` mode. Against the embedded service the answer also sets an HttpOnly, SameSite=Lax cookie for `/connect/done` that binds the flow to this browser: the flow saves nothing unless it ends in it.',
          parameters: [integrationIdParam, csrfHeader],
          requestBody: jsonBody('ConnectStart'),
          responses: {
            '200': jsonAnswer('The URL to open.', 'ConnectUrl'),
            ...problems(400, 404, 413, 415, ...common),
          },
        },
      },
      '/integrations/{integrationId}/reconnect': {
        post: {
          operationId: 'reconnect',
          summary:
            'Starts a flow that refreshes the group’s existing connection (e.g. one with bad credentials), bound to this browser as `connect` is.',
          parameters: [integrationIdParam, csrfHeader],
          requestBody: jsonBody('ConnectStart'),
          responses: {
            '200': jsonAnswer('The URL to open.', 'ConnectUrl'),
            ...problems(400, 404, 409, 413, 415, ...common),
          },
        },
      },
      '/integrations/{integrationId}/connection': {
        get: {
          operationId: 'getConnection',
          summary:
            'The session’s group’s connection to the integration’s provider and its status (null: none yet).',
          parameters: [integrationIdParam],
          responses: {
            '200': jsonAnswer('The connection, without credentials.', 'ConnectionAnswer'),
            ...problems(400, 404, ...common),
          },
        },
        delete: {
          operationId: 'disconnect',
          summary:
            'Disconnect: deletes the session’s group’s connection to the integration’s provider (204, also when there is none). Refused with 409 `connection-in-use`, naming the installation, while the group’s installation reads through it: uninstall first, which deletes the connection with it.',
          parameters: [integrationIdParam, csrfHeader],
          responses: {
            '204': { description: 'The group has no connection to the provider any more.' },
            ...problems(400, 404, 409, 415, ...common),
          },
        },
      },
      '/connect/done': {
        get: {
          operationId: 'connectDone',
          summary:
            'The page the connect flow ends on (HTML, public): with `completion`, it presents the secret of this browser’s flow cookie to the service, which saves the connection only for the browser that started the flow (without the cookie nothing is saved and the outcome is `expired`); then it tells the opener the result with postMessage to the exact allowed origin of the builder’s page, and on the BroadcastChannel `splice-connect`; in `redirect` mode it stores the result in sessionStorage and returns to `returnTo`.',
          security: [],
          parameters: ['attempt', 'mode', 'origin', 'returnTo', 'outcome', 'completion'].map((name) => ({
            name,
            in: 'query',
            required: false,
            schema: { type: 'string' },
          })),
          responses: { '200': { description: 'The result page (text/html).' } },
        },
      },
      '/integrations/{integrationId}/status': {
        get: {
          operationId: 'getSyncStatus',
          summary:
            'How the session’s group’s installation runs: per read object its state, backfill progress, last and next read, records delivered. Names no destination, URL, header or secret.',
          parameters: [integrationIdParam],
          responses: {
            '200': jsonAnswer('The status (installationId null when not installed).', 'SyncStatus'),
            ...problems(400, 404, ...common),
          },
        },
      },
      '/integrations/{integrationId}/objects/{objectName}/runs': {
        get: {
          operationId: 'getRunHistory',
          summary:
            'One object’s recent reads (scheduled, Run now, backfill) in the session’s group’s installation, newest first: when, what kind, the outcome and, for a failure, why (no URL, header or secret). Empty without an installation.',
          parameters: [
            integrationIdParam,
            {
              name: 'objectName',
              in: 'path',
              required: true,
              schema: jsonSchema(objectParamsSchema.shape.objectName, 'input'),
            },
          ],
          responses: {
            '200': jsonAnswer('The recent runs.', 'RunHistory'),
            ...problems(400, 404, ...common),
          },
        },
      },
      '/integrations/{integrationId}/objects/{objectName}/read': {
        post: {
          operationId: 'runNow',
          summary:
            'Starts a read of one object of the session’s group’s installation now. Limited per session more tightly than other routes.',
          parameters: [
            integrationIdParam,
            {
              name: 'objectName',
              in: 'path',
              required: true,
              schema: jsonSchema(objectParamsSchema.shape.objectName, 'input'),
            },
            csrfHeader,
          ],
          requestBody: jsonBody('RunNowBody'),
          responses: {
            '201': jsonAnswer('The read started.', 'RunNowAnswer'),
            ...problems(400, 404, 409, 413, 415, 422, 501, ...common),
          },
        },
      },
      '/integrations/{integrationId}/installation': {
        patch: {
          operationId: 'updateInstallation',
          summary:
            'Changes the session’s group’s installation: the parts `updateMask` names (one read object, the write objects or one of them, the proxy switch, the connection), recorded as made by the signed-in user (docs/service-interface.md#update-installation).',
          parameters: [
            integrationIdParam,
            {
              name: 'skipSampling',
              in: 'query',
              required: false,
              description:
                'Default false. When true, the sample read of the changed read objects is skipped.',
              schema: { type: 'string', enum: ['true', 'false'] },
            },
            idempotencyKeyParam,
            {
              name: 'If-Match',
              in: 'header',
              required: true,
              description:
                'The version the edit started from: the installation’s updateTime (its createTime until first updated), quoted. A stale one is 412 and nothing is saved.',
              schema: jsonSchema(ifMatchSchema, 'input'),
            },
            csrfHeader,
          ],
          requestBody: jsonBody('UpdateInstallationBody'),
          responses: {
            '200': jsonAnswer('The installation as saved.', 'Installation'),
            ...problems(400, 404, 412, 413, 415, 422, ...common),
          },
        },
        delete: {
          operationId: 'uninstall',
          summary:
            'Uninstalls the integration for the session’s group: its reads stop, and the connection goes too when nothing else uses it.',
          parameters: [
            integrationIdParam,
            idempotencyKeyParam,
            {
              name: 'If-Match',
              in: 'header',
              required: false,
              description: 'Optional: the version the user confirmed; a stale one is 412.',
              schema: jsonSchema(ifMatchSchema, 'input'),
            },
            csrfHeader,
          ],
          responses: {
            '204': { description: 'Uninstalled.' },
            ...problems(400, 404, 412, ...common),
          },
        },
      },
      ...Object.fromEntries(
        (['pause', 'resume'] as const).map((action) => [
          `/integrations/{integrationId}/objects/{objectName}/${action}`,
          {
            post: {
              operationId: action === 'pause' ? 'pauseObject' : 'resumeObject',
              summary:
                action === 'pause'
                  ? 'Pauses the scheduled reads of one object of the session’s group’s installation.'
                  : 'Resumes the scheduled reads of a paused object.',
              parameters: [integrationIdParam, objectNameParam, csrfHeader],
              requestBody: jsonBody('PauseBody'),
              responses: {
                '204': { description: action === 'pause' ? 'Paused.' : 'Resumed.' },
                ...problems(400, 404, 413, 415, 422, ...common),
              },
            },
          },
        ]),
      ),
      '/invites': {
        post: {
          operationId: 'createInvite',
          summary:
            'Invites a person by e-mail to the session’s organization (docs/service-interface.md#org-invites).',
          parameters: [csrfHeader],
          requestBody: jsonBody('InviteRequest'),
          responses: {
            '201': jsonAnswer('The invite.', 'Invite'),
            ...problems(400, 409, 413, 415, 422, ...common),
          },
        },
        get: {
          operationId: 'listInvites',
          summary:
            'The pending invites the session’s group sent to its organization, newest first; other groups’ invites are never listed.',
          responses: {
            '200': jsonAnswer('The group’s pending invites.', 'InviteList'),
            ...problems(400, ...common),
          },
        },
      },
      '/invites/{inviteId}': {
        delete: {
          operationId: 'revokeInvite',
          summary:
            'Revokes a pending invite the session’s group sent. Any other ID, another group’s included, is 404.',
          parameters: [
            {
              name: 'inviteId',
              in: 'path',
              required: true,
              schema: jsonSchema(inviteParamsSchema.shape.inviteId, 'input'),
            },
            csrfHeader,
          ],
          responses: {
            '204': { description: 'Revoked.' },
            ...problems(400, 404, ...common),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          summary: 'This document.',
          security: [],
          responses: { '200': { description: 'The OpenAPI document.' } },
        },
      },
    },
    components: {
      securitySchemes: {
        hostSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description:
            'The host application’s own session (any mechanism); the BFF reads it through resolveSession.',
        },
      },
      schemas: {
        IntegrationDetails: jsonSchema(integrationDetailsSchema, 'output'),
        CreateInstallationBody: jsonSchema(createInstallationBodySchema, 'input'),
        Installation: jsonSchema(installationSchema, 'output'),
        SearchRequest: jsonSchema(searchRequestSchema, 'input'),
        BrowserSearchResponse: jsonSchema(browserSearchResponseSchema, 'output'),
        InviteRequest: jsonSchema(inviteRequestSchema, 'input'),
        Invite: jsonSchema(inviteSchema, 'output'),
        InviteList: jsonSchema(inviteListSchema, 'output'),
        ConnectStart: jsonSchema(connectStartSchema, 'input'),
        ConnectUrl: jsonSchema(connectUrlSchema, 'output'),
        ConnectionAnswer: jsonSchema(connectionAnswerSchema, 'output'),
        IntegrationCatalog: jsonSchema(integrationCatalogSchema, 'output'),
        SyncStatus: jsonSchema(syncStatusSchema, 'output'),
        RunHistory: jsonSchema(runHistorySchema, 'output'),
        RunNowBody: jsonSchema(runNowBodySchema, 'input'),
        UpdateInstallationBody: jsonSchema(updateInstallationBodySchema, 'input'),
        PauseBody: jsonSchema(pauseBodySchema, 'input'),
        RunNowAnswer: jsonSchema(runNowAnswerSchema, 'output'),
        Problem: jsonSchema(problemSchema, 'output'),
      },
    },
    // The BFF's own problem types and the service's, which it passes through after rewording.
    'x-problem-types': Object.values(problemTypes)
      .filter((t) => t.type !== 'about:blank')
      .map(({ type, title }) => ({ type, title })),
  };
}
