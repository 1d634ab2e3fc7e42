/**
 * The HubSpot emulator's HTTP app: OAuth under `/oauth`, the CRM under `/crm/v3` behind a bearer token and
 * the per-account rate limit, faults on every API call, every error in HubSpot's shape.
 */
import { Hono } from 'hono';
import { type AuthorizationServer, type Grant, OAuthFailure } from '../oauth/authorization-server.js';
import { authorizeRoutes } from '../oauth/authorize-routes.js';
import { batchRoutes } from './batch-routes.js';
import type { CrmStore } from './crm-store.js';
import { HubSpotError, renderHubSpotError } from './errors.js';
import { type Faults, faultMiddleware } from './faults.js';
import { hubSpotOAuthError } from './oauth-errors.js';
import { type HubSpotAccount, oauthRoutes } from './oauth-routes.js';
import { objectsRoutes } from './objects-routes.js';
import { propertiesRoutes } from './properties-routes.js';
import type { RateLimiter } from './rate-limit.js';

export interface HubSpotAppDeps {
  store: CrmStore;
  oauth: AuthorizationServer;
  account: HubSpotAccount;
  rateLimiter: RateLimiter;
  faults: Faults;
  faultSeed: number;
}

type CrmEnv = { Variables: { grant: Grant } };

export function createHubSpotApp(deps: HubSpotAppDeps) {
  const { oauth, account } = deps;
  const crm = new Hono<CrmEnv>()
    .use(async (c, next) => {
      c.set('grant', oauth.authenticate(c.req.header('authorization')));
      await next();
    })
    // HubSpot counts an app's calls per account; the emulator serves one account.
    .use(deps.rateLimiter.middleware((c) => `${account.hubId}:${(c.get('grant') as Grant).app.appId}`))
    .route('/objects', objectsRoutes(deps.store))
    .route('/objects', batchRoutes(deps.store))
    .route('/properties', propertiesRoutes());

  const app = new Hono();
  app.onError((error, c) =>
    renderHubSpotError(
      c,
      error instanceof HubSpotError
        ? error
        : error instanceof OAuthFailure
          ? hubSpotOAuthError(error)
          : new HubSpotError('INTERNAL_ERROR', 'An internal error occurred.'),
    ),
  );
  app.notFound((c) =>
    renderHubSpotError(c, new HubSpotError('OBJECT_NOT_FOUND', `No route for ${c.req.method} ${c.req.path}`)),
  );
  app.use('/crm/*', faultMiddleware(deps.faults, deps.faultSeed));
  app.use('/oauth/v1/*', faultMiddleware(deps.faults, deps.faultSeed + 1));
  // HubSpot serves its consent page on app.hubspot.com; the emulator serves it beside the API.
  const consent = {
    provider: 'HubSpot',
    account: `${account.hubDomain} (${account.hubId})`,
    path: '/oauth/authorize',
  };
  app.route('/', authorizeRoutes(oauth, consent));
  app.route('/oauth', oauthRoutes(oauth, account));
  app.route('/crm/v3', crm);
  return app;
}
