import type { Issue } from '@splice/schema';
import { buildProblem, problemContentType } from '@splice/schema';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The demo's own routes answer failures as problem objects too (RFC 9457), built by the same function
 * as the BFF's and the service's, so that a script sees one error shape on the whole origin.
 */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  detail: string,
  issues?: Issue[],
) {
  return c.body(
    JSON.stringify(buildProblem({ type: 'about:blank', title, status, detail, issues })),
    status,
    {
      'Content-Type': problemContentType,
    },
  );
}
