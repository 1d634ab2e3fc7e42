import { buildProblem, problemContentType } from '@splice/schema';
import type { Context } from 'hono';
import type { ProblemError } from './problem-error.js';

const retryableStatuses = new Set([429, 502, 503, 504]);

/**
 * Renders a problem object. Only the fields listed here ever leave the BFF: whatever else an error carries
 * (an upstream host, a stack, a credential in a message) stays in the logs.
 */
export function renderProblem(c: Context, error: ProblemError): Response {
  const requestId = c.get('requestId') as string | undefined;
  const { init } = error;
  const retryAfter =
    init.retryAfterSeconds === undefined
      ? undefined
      : new Date(Date.now() + init.retryAfterSeconds * 1000).toISOString();
  const body = buildProblem({
    type: error.type,
    title: error.title,
    status: error.status,
    detail: init.detail,
    requestId,
    // An empty list says nothing: the BFF leaves `issues` out rather than send `[]`.
    issues: init.issues?.length ? init.issues : undefined,
    retryable: init.retryable ?? retryableStatuses.has(error.status),
    retryAfter,
  });
  for (const [name, value] of Object.entries(init.headers ?? {})) c.header(name, value);
  if (init.retryAfterSeconds !== undefined) c.header('Retry-After', String(init.retryAfterSeconds));
  c.header('Content-Type', problemContentType);
  return c.body(JSON.stringify(body), error.status);
}
