import { requestId } from '@splice/server-kit';
import { Hono } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { BffEnv } from './env.js';
import { accessLog } from './middleware/access-log/index.js';
import { apiHeaders } from './middleware/api-headers/index.js';
import { csrfGuard } from './middleware/csrf-guard/index.js';
import { deadline } from './middleware/deadline/index.js';
import { rateLimit } from './middleware/rate-limit/index.js';
import type { RateLimitStore } from './middleware/rate-limit/store.js';
import { session } from './middleware/session/index.js';
import { sessionBoundParams } from './middleware/session-bound-params/index.js';
import {
  errorHandler,
  methodNotAllowedProblem,
  notFoundHandler,
  notFoundProblem,
} from './problem/handlers.js';
import { connectDoneRoutes } from './routes/connect-done.js';
import type { RouteDeps } from './routes/deps.js';
import { integrationRoutes } from './routes/integrations.js';
import { inviteRoutes } from './routes/invites.js';
import { openApiRoutes } from './routes/openapi.js';
import type { Session } from './schemas/session.js';

/** The middleware chain and the routes, given their dependencies. */
export function createApp(deps: RouteDeps, rateLimitStore?: RateLimitStore) {
  const { config, log } = deps;
  const app = new Hono<BffEnv>();
  // Order matters: what is registered before `session` (the OpenAPI document) is public; everything
  // after it needs a signed-in user, is refused if it names a group, and counts against the rate limit.
  const routes = app
    .use(requestId())
    .use(accessLog({ log }))
    // The page that ends the connect flow: a document, not an API answer, so it sets its own headers
    // (apiHeaders' CSP forbids scripts), and is reached by a navigation from the provider (a cross-site
    // GET the CSRF guard would refuse). It reads no session: the flow's own cookie says whether this
    // browser started it, and the one upstream call completes the flow with it.
    .route('/', connectDoneRoutes(deps))
    .use(apiHeaders())
    .use(methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedProblem }))
    .use(csrfGuard({ allowedOrigins: config.allowedOrigins }))
    .use(deadline({ ms: config.timeouts.requestMs }))
    .route('/', openApiRoutes())
    .use(session({ resolveSession: config.resolveSession }))
    .use(sessionBoundParams())
    .use(
      rateLimit({
        max: config.limits.requestsPerWindow,
        windowMs: config.limits.rateWindowMs,
        key: (c) => {
          const { consumerRef, groupRef } = c.get('session') as Session;
          return JSON.stringify([consumerRef, groupRef]);
        },
        ...(rateLimitStore ? { store: rateLimitStore } : {}),
      }),
    )
    .route('/integrations', integrationRoutes(deps, rateLimitStore))
    .route('/invites', inviteRoutes(deps));

  // Registered outside the chain so that AppType lists only the real routes. When the BFF is mounted in
  // another Hono app, that app's notFound handler is used, not this one's: the catch-all keeps unknown
  // paths under the BFF's prefix answering with a problem object (405 where another method exists).
  app.all('*', notFoundProblem);
  app.notFound(notFoundHandler);
  app.onError(errorHandler(log));
  return routes;
}

/** The BFF's route types, for a client typed end to end: `hc<AppType>('/api')`. */
export type AppType = ReturnType<typeof createApp>;
