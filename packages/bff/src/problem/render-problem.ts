import type { Problem } from '@splice/schema';
import { problemContentType } from '@splice/schema';
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
  const body: Problem = {
    type: error.type,
    title: error.title,
    status: error.status,
    detail: init.detail,
    ...(requestId ? { instance: `urn:uuid:${requestId}`, requestId } : {}),
    ...(init.issues?.length ? { issues: init.issues } : {}),
    retryable: init.retryable ?? retryableStatuses.has(error.status),
    ...(retryAfter ? { retryAfter } : {}),
  };
  for (const [name, value] of Object.entries(init.headers ?? {})) c.header(name, value);
  if (init.retryAfterSeconds !== undefined) c.header('Retry-After', String(init.retryAfterSeconds));
  c.header('Content-Type', problemContentType);
  return c.body(JSON.stringify(body), error.status);
}
