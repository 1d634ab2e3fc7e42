/**
 * Every problem type the BFF answers with. Types from the upstream service pass through as they are
 * (after sanitising); these are the ones the BFF itself decides.
 */
export const problemTypes = {
  validation: { type: 'urn:problem-type:validation', title: 'Bad Request' },
  malformedBody: { type: 'urn:problem-type:malformed-body', title: 'Bad Request' },
  sessionBound: { type: 'urn:problem-type:session-bound-parameter', title: 'Bad Request' },
  idempotencyKeyMissing: { type: 'urn:problem-type:idempotency-key-missing', title: 'Bad Request' },
  unauthenticated: { type: 'urn:problem-type:unauthenticated', title: 'Unauthorized' },
  forbiddenOrigin: { type: 'urn:problem-type:forbidden-origin', title: 'Forbidden' },
  forbidden: { type: 'urn:problem-type:forbidden', title: 'Forbidden' },
  missingCsrfHeader: { type: 'urn:problem-type:missing-csrf-header', title: 'Forbidden' },
  notFound: { type: 'about:blank', title: 'Not Found' },
  methodNotAllowed: { type: 'about:blank', title: 'Method Not Allowed' },
  payloadTooLarge: { type: 'about:blank', title: 'Content Too Large' },
  unsupportedMediaType: { type: 'about:blank', title: 'Unsupported Media Type' },
  idempotencyKeyReused: { type: 'urn:problem-type:idempotency-key-reused', title: 'Idempotency key reused' },
  idempotencyKeyInFlight: {
    type: 'urn:problem-type:idempotency-key-in-flight',
    title: 'Request in progress',
  },
  noConnection: { type: 'urn:problem-type:no-connection', title: 'No connection to reconnect' },
  connectionBroken: { type: 'urn:problem-type:connection-broken', title: 'Connection no longer works' },
  accountNotReady: { type: 'urn:problem-type:account-not-ready', title: 'Account not ready' },
  rateLimited: { type: 'urn:problem-type:rate-limited', title: 'Too Many Requests' },
  busy: { type: 'urn:problem-type:busy', title: 'Service Unavailable' },
  upstreamBadAnswer: { type: 'urn:problem-type:upstream-bad-answer', title: 'Bad Gateway' },
  upstreamNoAnswer: { type: 'urn:problem-type:upstream-timeout', title: 'Gateway Timeout' },
  upstreamMisconfigured: { type: 'urn:problem-type:upstream-misconfigured', title: 'Bad Gateway' },
  deadline: { type: 'urn:problem-type:deadline-exceeded', title: 'Gateway Timeout' },
  internal: { type: 'about:blank', title: 'Internal Server Error' },
  notConfigured: { type: 'urn:problem-type:not-configured', title: 'Not Implemented' },
  invalidSignature: { type: 'urn:problem-type:invalid-signature', title: 'Unauthorized' },
  invalidMessage: { type: 'urn:problem-type:invalid-message', title: 'Bad Request' },
  messageInFlight: { type: 'urn:problem-type:message-in-flight', title: 'Message in progress' },
  messageNotHandled: { type: 'urn:problem-type:message-not-handled', title: 'Internal Server Error' },
} as const satisfies Record<string, { type: string; title: string }>;

export type ProblemKind = keyof typeof problemTypes;
