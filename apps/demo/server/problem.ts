import type { Issue, ProblemKind } from '@splice/schema';
import { problemError, renderProblem } from '@splice/server-kit';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The demo's own routes answer failures as problem objects too (RFC 9457), from the same catalogue and
 * renderer as the BFF's and the service's, so that a script sees one error shape, and one type for one
 * concept (`unauthenticated`, `forbidden-origin`, ...), on the whole origin.
 */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  kind: ProblemKind,
  detail: string,
  issues?: Issue[],
) {
  return renderProblem(c, problemError(status, kind, { detail, ...(issues ? { issues } : {}) }));
}
