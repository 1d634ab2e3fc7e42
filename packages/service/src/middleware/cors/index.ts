/**
 * CORS for the browser origins the service's projects allow (`browserOrigins`, default none): a page on
 * one of them may call the API with a key, as the hosted service allows during development. A preflight
 * is answered with exactly the methods the path serves and the headers the operations read; any other
 * origin gets no CORS header, and its preflight a 403.
 */
import { problemError } from '@splice/server-kit';
import type { MiddlewareHandler } from 'hono';

/** Request headers the operations read (credentials, bodies, preconditions, idempotency, the client's name). */
export const corsRequestHeaders = [
  'authorization',
  'content-type',
  'idempotency-key',
  'if-match',
  'x-amp-client',
  'x-amp-client-version',
  'x-api-key',
  'x-request-id',
] as const;

/** Answer headers a page may read: versions, retry hints and the request id that joins the logs. */
const exposedHeaders = ['ETag', 'Retry-After', 'X-Request-Id'];

export function browserCors(
  origins: readonly string[],
  methodsAt: (path: string) => string[],
): MiddlewareHandler {
  const allowed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const preflight =
      c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (origin === undefined || !allowed.has(origin)) {
      if (preflight) {
        throw problemError(403, 'forbiddenOrigin', {
          detail: `The origin ${origin ?? '(none)'} is not one this service's projects allow to call it from a browser.`,
        });
      }
      await next();
      return;
    }
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Vary', 'Origin');
    if (!preflight) {
      c.header('Access-Control-Expose-Headers', exposedHeaders.join(', '));
      await next();
      return;
    }
    const methods = methodsAt(c.req.path);
    if (methods.length === 0) {
      throw problemError(404, 'notFound', `There is no operation at ${c.req.path}.`);
    }
    c.header('Access-Control-Allow-Methods', methods.join(', '));
    c.header('Access-Control-Allow-Headers', corsRequestHeaders.join(', '));
    c.header('Access-Control-Max-Age', '600');
    return c.body(null, 204);
  };
}
