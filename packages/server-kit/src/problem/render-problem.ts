import { buildProblem, problemContentType } from '@splice/schema';
import type { Context } from 'hono';
import type { ProblemError } from './problem-error.js';

export interface RenderOptions {
  /** Names the answering system; given, the body also carries `subsystem` and the `time` of the answer. */
  subsystem?: string;
}

/**
 * Renders a problem object with the request's ID (`c.get('requestId')`). Only the fields listed here
 * ever leave: whatever else an error carries (an upstream host, a stack, a credential in a message)
 * stays in the logs.
 */
export function renderProblem(c: Context, error: ProblemError, options: RenderOptions = {}): Response {
  const requestId = c.get('requestId') as string | undefined;
  const { init } = error;
  const body = buildProblem({
    type: error.type,
    title: error.title,
    status: error.status,
    detail: init.detail,
    requestId,
    // An empty list says nothing: `issues` is left out rather than sent as `[]`.
    issues: init.issues?.length ? init.issues : undefined,
    retryable: error.retryable,
    retryAfter:
      init.retryAfterSeconds === undefined
        ? undefined
        : new Date(Date.now() + init.retryAfterSeconds * 1000).toISOString(),
    remedy: init.remedy,
    time: options.subsystem === undefined ? undefined : new Date().toISOString(),
    subsystem: options.subsystem,
  });
  for (const [name, value] of Object.entries(init.headers ?? {})) c.header(name, value);
  if (init.retryAfterSeconds !== undefined) c.header('Retry-After', String(init.retryAfterSeconds));
  c.header('Content-Type', problemContentType);
  return c.body(JSON.stringify(body), error.status);
}
