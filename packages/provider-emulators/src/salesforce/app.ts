/**
 * The Salesforce emulator's HTTP app: OAuth under `/services/oauth2` (the consent page at its
 * `authorize`), the REST API under `/services/data` behind a bearer token, every error in Salesforce's
 * shape.
 */
import { Hono } from 'hono';
import { type Faults, faultMiddleware, InjectedFault } from '../faults/faults.js';
import type { RollingWindow } from '../limits/rolling-window.js';
import { type AuthorizationServer, OAuthFailure } from '../oauth/authorization-server.js';
import { authorizeRoutes } from '../oauth/authorize-routes.js';
import { salesforceApiLimit } from './api-limit.js';
import { dataRoutes } from './data-routes.js';
import { renderSalesforceError, SalesforceError, salesforceError } from './errors.js';
import { oauthRoutes, type SalesforceOrg, salesforceOAuthError } from './oauth-routes.js';
import type { OrgStore } from './org-store.js';
import type { QueryEngine } from './query.js';

export interface SalesforceAppDeps {
  store: OrgStore;
  queries: QueryEngine;
  oauth: AuthorizationServer;
  org: SalesforceOrg & { username: string };
  apiLimit: RollingWindow;
  faults: Faults;
  faultSeed: number;
}

/** Any other failure of a request as Salesforce would answer it. */
function toSalesforceError(error: Error): SalesforceError {
  if (error instanceof SalesforceError) return error;
  if (error instanceof InjectedFault) {
    return new SalesforceError([{ errorCode: 'SERVER_UNAVAILABLE', message: error.message }], error.status);
  }
  return salesforceError('UNKNOWN_EXCEPTION', 'An unexpected error occurred.');
}

export function createSalesforceApp(deps: SalesforceAppDeps) {
  const { oauth } = deps;
  const data = new Hono()
    .use(async (c, next) => {
      oauth.authenticate(c.req.header('authorization'));
      await next();
    })
    .use(salesforceApiLimit(deps.apiLimit, deps.org.orgId))
    .route('/', dataRoutes(deps.store, deps.queries));

  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof OAuthFailure) {
      const answer = salesforceOAuthError(error);
      return answer instanceof SalesforceError ? renderSalesforceError(c, answer) : c.json(answer, 400);
    }
    return renderSalesforceError(c, toSalesforceError(error));
  });
  app.notFound((c) =>
    renderSalesforceError(c, salesforceError('NOT_FOUND', 'The requested resource does not exist')),
  );
  app.use('/services/data/*', faultMiddleware(deps.faults, deps.faultSeed));
  app.use('/services/oauth2/token', faultMiddleware(deps.faults, deps.faultSeed + 1));
  const consent = { provider: 'Salesforce', account: deps.org.username, path: '/services/oauth2/authorize' };
  app.route('/', authorizeRoutes(oauth, consent));
  app.route('/services/oauth2', oauthRoutes(oauth, deps.org));
  app.route('/services/data', data);
  return app;
}
