import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ProblemIssue {
  name: string;
  in: 'body' | 'header';
  detail: string;
  value?: unknown;
}

/**
 * The demo's own routes answer failures as problem objects too (RFC 9457), like the BFF beside them, so
 * that a script sees one error shape on the whole origin.
 */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  detail: string,
  issues?: ProblemIssue[],
) {
  return c.body(
    JSON.stringify({ type: 'about:blank', title, status, detail, ...(issues ? { issues } : {}) }),
    status,
    { 'Content-Type': 'application/problem+json' },
  );
}
