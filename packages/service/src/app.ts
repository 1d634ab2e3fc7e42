import { ProblemError, problemError, renderProblem, requestId } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ServiceDeps } from './deps.js';
import { browserCors } from './middleware/cors/index.js';
import { routeMethods } from './middleware/cors/route-methods.js';
import { openApiDocument } from './openapi/document.js';
import { connectionRoutes } from './routes/connections.js';
import { destinationRoutes } from './routes/destinations.js';
import { installationRoutes } from './routes/installations.js';
import { inviteRoutes } from './routes/invites.js';
import { metadataRoutes } from './routes/metadata.js';
import { notificationRoutes } from './routes/notifications.js';
import { oauthRoutes } from './routes/oauth.js';
import { projectRoutes } from './routes/projects.js';
import { providerRoutes } from './routes/providers.js';
import { proxyPrefix, proxyRoutes } from './routes/proxy.js';
import { operationRoutes, readRoutes } from './routes/reads.js';
import { revisionRoutes } from './routes/revisions.js';
import { searchRoutes } from './routes/search.js';
import { writeStatusRoutes } from './routes/write-status.js';
import { writeRoutes } from './routes/writes.js';
import { unavailableStore } from './store/pg/query.js';

/** A problem answer of this service: it names itself (`subsystem`) and says when it answered. */
function answer(c: Context, error: ProblemError): Response {
  return renderProblem(c, error, { subsystem: 'splice-service' });
}

/** A part of the service mounted only when its dependency is given; an empty router mounts nothing. */
function optional<T extends Hono>(part: T | undefined): T {
  return part ?? (new Hono() as T);
}

/**
 * The embedded service: `{base_url}` is `/v1`, `{search_url}` is `/search/v1`, `{read_url}` is `/read/v1`, `{write_url}`
 * is `/write/v1`, `{proxy_url}` is `/proxy`, all on one port.
 * Every non-2xx answer is a problem object. One chain, so `AppType` carries every route for `hono/client`.
 */
export function createServiceApp(deps: ServiceDeps) {
  const document = openApiDocument();
  const oauth = oauthRoutes(deps);
  const { destinations, reads, writes, notifications } = deps;
  // Read from the finished app on the first preflight: every route is known by then.
  let methodsAt: ((path: string) => string[]) | undefined;
  const app = new Hono()
    .use(
      // Its callers hold the API key: a BFF passes its own request's ID on, so that the two logs join up.
      requestId({ adoptCallers: true }),
    )
    .use(
      browserCors(deps.browserOrigins ?? [], (path) => {
        methodsAt ??= routeMethods(app.routes);
        return methodsAt(path);
      }),
    )
    .onError((error, c) => {
      if (error instanceof ProblemError) return answer(c, error);
      if (error instanceof HTTPException) {
        return answer(c, problemError(error.status as 400, 'badRequest', error.message || 'Bad request.'));
      }
      // The database is down or restarting: nothing is wrong with the request, and it can be sent again.
      if (unavailableStore(error)) {
        return answer(
          c,
          problemError(503, 'storeUnavailable', {
            detail: 'The service cannot reach its database for the moment. Send the request again shortly.',
            retryAfterSeconds: 2,
          }),
        );
      }
      console.error(`[${c.get('requestId')}] unexpected error on ${c.req.method} ${c.req.path}:`, error);
      return answer(
        c,
        problemError(500, 'internal', {
          detail: 'The service failed unexpectedly; the request id is in the log.',
        }),
      );
    })
    .notFound((c) =>
      answer(c, problemError(404, 'notFound', `There is no operation at ${c.req.method} ${c.req.path}.`)),
    )
    .get('/health', (c) => c.json({ status: 'ok' }, 200))
    .get('/openapi.json', (c) => c.json(document, 200))
    .route('/v1', installationRoutes(deps))
    .route('/v1', inviteRoutes(deps))
    .route('/v1', metadataRoutes(deps))
    .route('/v1', connectionRoutes(deps))
    .route('/v1', projectRoutes(deps))
    .route('/v1', providerRoutes(deps))
    .route('/v1', revisionRoutes(deps))
    .route('/v1', oauth.api)
    .route('/search/v1', searchRoutes(deps))
    .route('/write/v1', optional(writes && writeRoutes(deps, writes)))
    .route('/v1', optional(writes && writeStatusRoutes(deps, writes)))
    // The OAuth callback is a browser page, outside the API's prefixes.
    .route('/', oauth.pages)
    .route('/v1', optional(destinations && destinationRoutes(deps, destinations)))
    .route('/v1', optional(reads && operationRoutes(deps, reads)))
    .route('/v1', optional(notifications && notificationRoutes(deps, notifications.store)))
    .route('/read/v1', optional(reads && readRoutes(deps, reads)))
    .route(proxyPrefix, proxyRoutes(deps));
  return app;
}

/** The service's routes, for `hono/client` (`hc<AppType>`) and type tests. */
export type AppType = ReturnType<typeof createServiceApp>;
