import type { ProblemError } from '@splice/server-kit';
import { problemError } from '@splice/server-kit';

/**
 * How an upstream call went wrong without a usable answer. `refused`, `reset` and `server-error` may
 * succeed on a retry; a `timeout` may too, but it is not retried (see retry.ts).
 */
export type UpstreamFaultKind =
  | 'refused'
  | 'reset'
  | 'timeout'
  | 'redirect'
  | 'too-large'
  | 'malformed'
  | 'server-error'
  | 'unexpected-status'
  | 'credentials-refused'
  | 'upstream-busy'
  | 'busy';

/**
 * An upstream call that produced no usable answer. `internal` is for the logs only: it may name the
 * upstream path or the low-level error and never reaches a browser.
 */
export class UpstreamFault extends Error {
  override readonly name = 'UpstreamFault';

  constructor(
    readonly kind: UpstreamFaultKind,
    readonly operation: string,
    readonly internal: string,
    readonly upstreamStatus?: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${operation}: ${kind}: ${internal}`);
  }
}

export const retryableFaults: ReadonlySet<UpstreamFaultKind> = new Set([
  'refused',
  'reset',
  'timeout',
  'server-error',
  'upstream-busy',
  'busy',
]);

/** The browser's view of a fault: a status, a sentence, and whether trying again may help. */
export function faultProblem(fault: UpstreamFault): ProblemError {
  const retryable = retryableFaults.has(fault.kind);
  switch (fault.kind) {
    case 'timeout':
      return problemError(504, 'upstreamTimeout', {
        detail: 'The integration service did not answer in time. Try again in a moment.',
        retryable,
      });
    case 'busy':
      return problemError(503, 'busy', {
        detail: 'Too many requests to the integration service are in progress. Try again in a moment.',
        retryable,
        retryAfterSeconds: fault.retryAfterSeconds ?? 1,
      });
    case 'upstream-busy':
      return problemError(503, 'busy', {
        detail: 'The integration service is busy. Try again in a moment.',
        retryable,
        retryAfterSeconds: fault.retryAfterSeconds ?? 5,
      });
    case 'credentials-refused':
      return problemError(502, 'upstreamMisconfigured', {
        detail:
          'The integration service refused this server’s credentials. An administrator must fix the configuration.',
        retryable,
      });
    case 'refused':
      return problemError(502, 'upstreamBadAnswer', {
        detail: 'The integration service could not be reached. Try again in a moment.',
        retryable,
      });
    case 'reset':
      return problemError(502, 'upstreamBadAnswer', {
        detail: 'The connection to the integration service broke off. Try again in a moment.',
        retryable,
      });
    case 'server-error':
      return problemError(502, 'upstreamBadAnswer', {
        detail: 'The integration service failed to answer. Try again in a moment.',
        retryable,
      });
    default:
      return problemError(502, 'upstreamBadAnswer', {
        detail: 'The integration service sent an answer this server cannot use.',
        retryable,
      });
  }
}
