import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { ServiceDeps } from './deps.js';
import { ProblemError, problemError, renderProblem } from './http/problem.js';
import { openApiDocument } from './openapi/document.js';
import { destinationRoutes } from './routes/destinations.js';
import { installationRoutes } from './routes/installations.js';
import { inviteRoutes } from './routes/invites.js';
import { metadataRoutes } from './routes/metadata.js';
import { oauthRoutes } from './routes/oauth.js';
import { operationRoutes, readRoutes } from './routes/reads.js';
import { searchRoutes } from './routes/search.js';

/**
 * The embedded service: `{base_url}` is `/v1`, `{search_url}` is `/search/v1`, `{read_url}` is `/read/v1`, all on one port.
 * Every non-2xx answer is a problem object.
 */
export function createServiceApp(deps: ServiceDeps) {
  const document = openApiDocument();
  const app = new Hono();
  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.onError((error, c) => {
    if (error instanceof ProblemError) return renderProblem(c, error);
    if (error instanceof HTTPException) {
      return renderProblem(
        c,
        problemError(error.status as 400, 'badRequest', error.message || 'Bad request.'),
      );
    }
    console.error(`[${c.get('requestId')}] unexpected error on ${c.req.method} ${c.req.path}:`, error);
    return renderProblem(
      c,
      problemError(500, 'internal', {
        detail: 'The service failed unexpectedly; the request id is in the log.',
        retryable: true,
      }),
    );
  });
  app.notFound((c) =>
    renderProblem(
      c,
      problemError(404, 'notFound', `There is no operation at ${c.req.method} ${c.req.path}.`),
    ),
  );
  app.get('/health', (c) => c.json({ status: 'ok' }, 200));
  app.get('/openapi.json', (c) => c.json(document, 200));
  app.route('/v1', installationRoutes(deps));
  app.route('/v1', inviteRoutes(deps));
  app.route('/v1', metadataRoutes(deps));
  const oauth = oauthRoutes(deps);
  app.route('/v1', oauth.api);
  app.route('/search/v1', searchRoutes(deps));
  // The callback and the sandbox provider's pages are browser pages, outside the API's prefixes.
  app.route('/', oauth.pages);
  if (deps.destinations) app.route('/v1', destinationRoutes(deps, deps.destinations));
  if (deps.reads) {
    app.route('/v1', operationRoutes(deps, deps.reads));
    app.route('/read/v1', readRoutes(deps, deps.reads));
  }
  return app;
}
