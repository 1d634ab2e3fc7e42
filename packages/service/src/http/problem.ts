import type { Issue } from '@splice/schema';
import { buildProblem, problemContentType, validationDetail } from '@splice/schema';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Problem types this service answers with; each is documented in the OpenAPI document. */
export const problemTypes = {
  badRequest: { type: 'about:blank', title: 'Bad Request' },
  validation: { type: 'urn:problem-type:validation', title: 'Bad Request' },
  unauthorized: { type: 'urn:problem-type:unauthorized', title: 'Unauthorized' },
  notFound: { type: 'about:blank', title: 'Not Found' },
  methodNotAllowed: { type: 'about:blank', title: 'Method Not Allowed' },
  projectNotFound: { type: 'urn:problem-type:project-not-found', title: 'Project not found' },
  integrationNotFound: { type: 'urn:problem-type:integration-not-found', title: 'Integration not found' },
  orgNotFound: { type: 'urn:problem-type:org-not-found', title: 'Organization not found' },
  groupNotFound: { type: 'urn:problem-type:group-not-found', title: 'Group not found' },
  connectionRequired: { type: 'urn:problem-type:connection-required', title: 'Group has no connection' },
  connectionNotFound: { type: 'urn:problem-type:connection-not-found', title: 'Connection not found' },
  connectFlowNotFound: { type: 'urn:problem-type:connect-flow-not-found', title: 'Connect flow not found' },
  connectionUnusable: { type: 'urn:problem-type:connection-unusable', title: 'Connection is not working' },
  installationExists: { type: 'urn:problem-type:installation-exists', title: 'Installation already exists' },
  installationNotFound: { type: 'urn:problem-type:installation-not-found', title: 'Installation not found' },
  installationChanged: {
    type: 'urn:problem-type:installation-changed',
    title: 'Installation changed meanwhile',
  },
  inviteExists: { type: 'urn:problem-type:invite-exists', title: 'Invite already pending' },
  sampleReadFailed: { type: 'urn:problem-type:sample-read-failed', title: 'Sample read failed' },
  invalidConfig: { type: 'urn:problem-type:invalid-config', title: 'Config is invalid for the integration' },
  notSearchable: { type: 'urn:problem-type:object-not-searchable', title: 'Object is not searchable' },
  unknownField: { type: 'urn:problem-type:unknown-field', title: 'Unknown field' },
  destinationExists: { type: 'urn:problem-type:destination-exists', title: 'Destination already exists' },
  destinationNotFound: { type: 'urn:problem-type:destination-not-found', title: 'Destination not found' },
  objectNotRead: { type: 'urn:problem-type:object-not-read', title: 'Object is not read' },
  objectDisabled: { type: 'urn:problem-type:object-disabled', title: 'Reads of the object are disabled' },
  operationNotFound: { type: 'urn:problem-type:operation-not-found', title: 'Operation not found' },
  backfillNotFound: { type: 'urn:problem-type:backfill-not-found', title: 'No backfill' },
  unsupportedMediaType: { type: 'about:blank', title: 'Unsupported Media Type' },
  payloadTooLarge: { type: 'about:blank', title: 'Content Too Large' },
  internal: { type: 'about:blank', title: 'Internal Server Error' },
  storeUnavailable: { type: 'urn:problem-type:store-unavailable', title: 'Service Unavailable' },
} as const satisfies Record<string, { type: string; title: string }>;

export type ProblemKind = keyof typeof problemTypes;

export interface ProblemInit {
  detail: string;
  issues?: Issue[];
  retryable?: boolean;
  remedy?: string;
  /** Seconds until a retry makes sense: sent as `Retry-After`, and as `retryAfter` (a time) in the body. */
  retryAfterSeconds?: number;
}

/** Thrown anywhere in a request to answer with a problem object; `app.onError` renders it. */
export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly kind: ProblemKind,
    readonly init: ProblemInit,
  ) {
    super(init.detail);
  }
}

export function problemError(status: ContentfulStatusCode, kind: ProblemKind, init: ProblemInit | string) {
  return new ProblemError(status, kind, typeof init === 'string' ? { detail: init } : init);
}

/** A 400 naming each offending parameter or property (docs/service-interface.md#malformed-input, rule 1). */
export function validationError(issues: Issue[]) {
  return problemError(400, 'validation', { detail: validationDetail(issues), issues });
}

export function renderProblem(c: Context, error: ProblemError): Response {
  const requestId = c.get('requestId') as string | undefined;
  const { type, title } = problemTypes[error.kind];
  const body = buildProblem({
    type,
    title,
    status: error.status,
    detail: error.init.detail,
    requestId,
    issues: error.init.issues,
    retryable: error.init.retryable ?? error.status >= 500,
    remedy: error.init.remedy,
    retryAfter:
      error.init.retryAfterSeconds === undefined
        ? undefined
        : new Date(Date.now() + error.init.retryAfterSeconds * 1000).toISOString(),
    time: new Date().toISOString(),
    subsystem: 'splice-service',
  });
  if (error.init.retryAfterSeconds !== undefined)
    c.header('Retry-After', String(error.init.retryAfterSeconds));
  c.header('Content-Type', problemContentType);
  return c.body(JSON.stringify(body), error.status);
}
