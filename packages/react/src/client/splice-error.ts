import type { Issue, Problem } from '@splice/schema';

/** Statuses after which the same request may succeed later (when the server does not say). */
const retryableStatuses = new Set([408, 429, 502, 503, 504]);

/**
 * The BFF answered with a problem object (application/problem+json). Kept whole so that a form can put
 * each issue on the field it names and an alert can quote the request ID to support.
 */
export class SpliceProblem extends Error {
  override readonly name = 'SpliceProblem';
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string | undefined;
  readonly issues: readonly Issue[];
  readonly retryable: boolean;
  readonly requestId: string | undefined;
  /** When a retry makes sense (ISO date-time), if the server said. */
  readonly retryAfter: string | undefined;

  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title);
    this.status = problem.status;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
    this.issues = problem.issues ?? [];
    this.retryable = problem.retryable ?? retryableStatuses.has(problem.status);
    this.requestId = problem.requestId;
    this.retryAfter = problem.retryAfter;
  }
}

/**
 * `offline`: the browser says it has no network. `unreachable`: the request never got an answer (DNS,
 * refused connection, CORS, a proxy reset). `timeout`: no answer within the client's deadline.
 */
export type SpliceNetworkErrorKind = 'offline' | 'unreachable' | 'timeout';

/** English, for logs; also the provider's default `errorOffline`/`errorUnreachable`/`errorTimeout`. */
export const networkMessages: Record<SpliceNetworkErrorKind, string> = {
  offline: 'You appear to be offline. Check your connection and try again.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  timeout: 'The server took too long to answer. Try again in a moment.',
};

/** No HTTP answer at all: distinct from a problem, because nothing is known about what the server did. */
export class SpliceNetworkError extends Error {
  override readonly name = 'SpliceNetworkError';
  /** Always true: a request that got no answer may be repeated (creates carry an idempotency key). */
  readonly retryable = true;

  constructor(
    readonly kind: SpliceNetworkErrorKind,
    options?: { cause?: unknown },
  ) {
    super(networkMessages[kind], options);
  }
}

export type SpliceError = SpliceProblem | SpliceNetworkError;

export function isSpliceProblem(error: unknown): error is SpliceProblem {
  return error instanceof SpliceProblem;
}

export function isSpliceNetworkError(error: unknown): error is SpliceNetworkError {
  return error instanceof SpliceNetworkError;
}

/** Whether repeating the same request may help: network failures, and problems the server marks so. */
export function isRetryableError(error: unknown): boolean {
  return (isSpliceProblem(error) || isSpliceNetworkError(error)) && error.retryable;
}
