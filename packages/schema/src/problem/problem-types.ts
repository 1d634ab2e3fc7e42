/** One problem type: what a problem object of this kind says in `type` and `title`, and how it is answered. */
export interface ProblemType {
  /** `about:blank` for a plain HTTP problem (its title is the status's reason phrase), else a URN. */
  readonly type: string;
  readonly title: string;
  /** The status the kind is answered with; a server may answer a kind with another 4xx where it fits. */
  readonly status: number;
  /** Whether the same request may succeed later, unless the answer says otherwise. */
  readonly retryable: boolean;
}

/**
 * Statuses whose problem may pass without any change to the request: too many requests, and the
 * gateway or availability failures of a server between. A 4xx needs a different request; a 500 is an
 * unexpected failure that the same request is likely to meet again.
 */
const retryableStatuses: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Whether a problem with this status may succeed when sent again unchanged (429, 502, 503, 504). */
export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status);
}

const plain = (title: string, status: number): ProblemType => ({
  type: 'about:blank',
  title,
  status,
  retryable: isRetryableStatus(status),
});

const urn = (name: string, title: string, status: number, retryable = isRetryableStatus(status)) => ({
  type: `urn:problem-type:${name}`,
  title,
  status,
  retryable,
});

/**
 * Every problem type the service, the BFF, the webhook receiver and the demo server answer with, under
 * one name each: a URN type's name is its URN in camel case, a plain HTTP problem's its reason phrase.
 * Two 401s stay apart because a client must tell them apart: `unauthorized` is the service refusing the
 * caller's API key (to the BFF, its own misconfiguration), `unauthenticated` is a browser without a
 * session (it must sign in).
 */
export const problemTypes = {
  badRequest: plain('Bad Request', 400),
  notFound: plain('Not Found', 404),
  methodNotAllowed: plain('Method Not Allowed', 405),
  payloadTooLarge: plain('Content Too Large', 413),
  conflict: plain('Conflict', 409),
  unsupportedMediaType: plain('Unsupported Media Type', 415),
  internal: plain('Internal Server Error', 500),
  serviceUnavailable: plain('Service Unavailable', 503),

  validation: urn('validation', 'Bad Request', 400),
  malformedBody: urn('malformed-body', 'Bad Request', 400),
  sessionBoundParameter: urn('session-bound-parameter', 'Bad Request', 400),
  idempotencyKeyMissing: urn('idempotency-key-missing', 'Bad Request', 400),
  invalidMessage: urn('invalid-message', 'Bad Request', 400),
  unauthorized: urn('unauthorized', 'Unauthorized', 401),
  unauthenticated: urn('unauthenticated', 'Unauthorized', 401),
  invalidSignature: urn('invalid-signature', 'Unauthorized', 401),
  forbidden: urn('forbidden', 'Forbidden', 403),
  forbiddenOrigin: urn('forbidden-origin', 'Forbidden', 403),
  proxyDisabled: urn('proxy-disabled', 'Proxy is not enabled', 403),
  missingCsrfHeader: urn('missing-csrf-header', 'Forbidden', 403),
  projectNotFound: urn('project-not-found', 'Project not found', 404),
  integrationNotFound: urn('integration-not-found', 'Integration not found', 404),
  orgNotFound: urn('org-not-found', 'Organization not found', 404),
  groupNotFound: urn('group-not-found', 'Group not found', 404),
  installationNotFound: urn('installation-not-found', 'Installation not found', 404),
  destinationNotFound: urn('destination-not-found', 'Destination not found', 404),
  topicNotFound: urn('topic-not-found', 'Topic not found', 404),
  routeNotFound: urn('route-not-found', 'Route not found', 404),
  operationNotFound: urn('operation-not-found', 'Operation not found', 404),
  backfillNotFound: urn('backfill-not-found', 'No backfill', 404),
  connectFlowNotFound: urn('connect-flow-not-found', 'Connect flow not found', 404),
  installationExists: urn('installation-exists', 'Installation already exists', 409),
  inviteExists: urn('invite-exists', 'Invite already pending', 409),
  destinationExists: urn('destination-exists', 'Destination already exists', 409),
  topicExists: urn('topic-exists', 'Topic already exists', 409),
  objectDisabled: urn('object-disabled', 'Reads of the object are disabled', 409),
  noConnection: urn('no-connection', 'No connection to reconnect', 409),
  connectionBroken: urn('connection-broken', 'Connection no longer works', 409),
  connectionInUse: urn('connection-in-use', 'Connection is in use', 409),
  idempotencyKeyInFlight: urn('idempotency-key-in-flight', 'Request in progress', 409),
  idempotencyKeyReused: urn('idempotency-key-reused', 'Idempotency key reused', 422),
  installationChanged: urn('installation-changed', 'Installation changed meanwhile', 412),
  connectionRequired: urn('connection-required', 'Group has no connection', 422),
  connectionNotFound: urn('connection-not-found', 'Connection not found', 422),
  connectionUnusable: urn('connection-unusable', 'Connection is not working', 422),
  sampleReadFailed: urn('sample-read-failed', 'Sample read failed', 422),
  invalidConfig: urn('invalid-config', 'Config is invalid for the integration', 422),
  objectNotSearchable: urn('object-not-searchable', 'Object is not searchable', 422),
  unknownField: urn('unknown-field', 'Unknown field', 422),
  objectNotRead: urn('object-not-read', 'Object is not read', 422),
  objectNotWritable: urn('object-not-writable', 'Object is not written', 422),
  deletionDisabled: urn('deletion-disabled', 'Deletion is disabled', 422),
  readOnlyField: urn('read-only-field', 'Field is read-only', 422),
  accountNotReady: urn('account-not-ready', 'Account not ready', 422),
  unsupportedAuthType: urn('unsupported-auth-type', 'Provider does not connect this way', 422),
  rateLimited: urn('rate-limited', 'Too Many Requests', 429),
  // The host's handler failed: the sender delivers the message again, and that may well succeed.
  messageNotHandled: urn('message-not-handled', 'Internal Server Error', 500, true),
  notConfigured: urn('not-configured', 'Not Implemented', 501),
  upstreamBadAnswer: urn('upstream-bad-answer', 'Bad Gateway', 502),
  // The service refused a request the BFF built from its own configuration: the same request fails again.
  upstreamMisconfigured: urn('upstream-misconfigured', 'Bad Gateway', 502, false),
  storeUnavailable: urn('store-unavailable', 'Service Unavailable', 503),
  busy: urn('busy', 'Service Unavailable', 503),
  messageInFlight: urn('message-in-flight', 'Message in progress', 503),
  upstreamTimeout: urn('upstream-timeout', 'Gateway Timeout', 504),
  deadlineExceeded: urn('deadline-exceeded', 'Gateway Timeout', 504),
} as const satisfies Record<string, ProblemType>;

export type ProblemKind = keyof typeof problemTypes;

/**
 * The types of issue items (docs/service-interface.md#issues): what is wrong with one parameter or
 * property. A problem type also serves as an issue's type where the issue is that problem at one field
 * (`problemTypes.unknownField.type`, `problemTypes.invalidConfig.type`, ...).
 */
export const issueTypes = {
  unknownProperty: 'urn:problem-type:unknown-property',
  missingProperty: 'urn:problem-type:missing-property',
  invalidProperty: 'urn:problem-type:invalid-property',
  invalidHeader: 'urn:problem-type:invalid-header',
  invalidReference: 'urn:problem-type:invalid-reference',
  secretNotShown: 'urn:problem-type:secret-not-shown',
} as const;
