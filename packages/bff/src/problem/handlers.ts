import { ProblemError, problemError, renderProblem } from '@splice/server-kit';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { BffLogger } from '../log/log-entry.js';
import { faultProblem, UpstreamFault } from '../upstream/upstream-fault.js';
import { UpstreamProblem } from '../upstream/upstream-problem.js';

/** Hono's own exceptions (malformed JSON, a body over the limit, ...) told as problem objects. */
function fromHttpException(error: HTTPException): ProblemError {
  switch (error.status) {
    case 400:
      return problemError(400, 'malformedBody', 'The body is not valid JSON.');
    case 413:
      return problemError(413, 'payloadTooLarge', 'The body is too large.');
    case 415:
      return problemError(415, 'unsupportedMediaType', 'Send the body as application/json.');
    case 504:
      return problemError(504, 'deadlineExceeded', 'The request took too long. Try again in a moment.');
    default:
      return problemError(error.status >= 500 ? 500 : 400, error.status >= 500 ? 'internal' : 'validation', {
        detail: error.status >= 500 ? 'Something went wrong on our side.' : 'The request was refused.',
      });
  }
}

/**
 * The one place an error becomes a response: every non-2xx leaves as problem+json with the request ID.
 * Messages of unexpected errors go to the log only; the browser gets a fixed sentence.
 */
export const errorHandler =
  (log: BffLogger): ErrorHandler =>
  (error, c) => {
    if (error instanceof ProblemError) return renderProblem(c, error);
    if (error instanceof UpstreamFault) return renderProblem(c, faultProblem(error));
    if (error instanceof UpstreamProblem) {
      // Routes re-tell upstream problems themselves; one arriving here was not expected by any route.
      log({
        level: 'error',
        msg: 'unmapped upstream problem',
        requestId: c.get('requestId'),
        error: error.message,
      });
      return renderProblem(
        c,
        problemError(502, 'upstreamBadAnswer', 'The integration service refused the request.'),
      );
    }
    if (error instanceof HTTPException) return renderProblem(c, fromHttpException(error));
    log({
      level: 'error',
      msg: 'error',
      requestId: c.get('requestId'),
      error: `${error.name}: ${error.message}`,
    });
    return renderProblem(
      c,
      problemError(500, 'internal', 'Something went wrong on our side. Try again later.'),
    );
  };

export function notFoundProblem(c: Context): Response {
  return renderProblem(c, problemError(404, 'notFound', 'There is nothing at this address.'));
}

export const notFoundHandler: NotFoundHandler = (c) => notFoundProblem(c);

export function methodNotAllowedProblem(c: Context, allowed: string[]): Response {
  return renderProblem(
    c,
    problemError(405, 'methodNotAllowed', {
      detail: `Use ${allowed.join(' or ')} at this address.`,
      headers: { Allow: allowed.join(', ') },
    }),
  );
}
