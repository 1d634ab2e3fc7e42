/**
 * The HubSpot emulator's HTTP app: OAuth under `/oauth`, the CRM under `/crm/v3` behind a bearer token and
 * the per-account rate limit, faults on every API call, every error in HubSpot's shape.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { type Faults, faultMiddleware, InjectedFault } from '../faults/faults.js';
import type { RollingWindow } from '../limits/rolling-window.js';
import { type AuthorizationServer, type Grant, OAuthFailure } from '../oauth/authorization-server.js';
import { authorizeRoutes } from '../oauth/authorize-routes.js';
import { batchRoutes } from './batch-routes.js';
import type { CrmStore } from './crm-store.js';
import { HubSpotError, renderHubSpotError } from './errors.js';
import { hubSpotOAuthError } from './oauth-errors.js';
import { type HubSpotAccount, oauthRoutes } from './oauth-routes.js';
import { objectsRoutes } from './objects-routes.js';
import { propertiesRoutes } from './properties-routes.js';
import { hubSpotRateLimit } from './rate-limit.js';

export interface HubSpotAppDeps {
  store: CrmStore;
  oauth: AuthorizationServer;
  account: HubSpotAccount;
  rateLimit: RollingWindow;
  /** Each grant its own limit, as if it were an account of its own. */
  rateLimitPerGrant?: boolean;
  /** Run before everything else on every request (a bench counting answers). */
  middleware?: readonly MiddlewareHandler[];
  faults: Faults;
  faultSeed: number;
  /** The search's last reachable result (HubSpot: 10,000). */
  searchResultCap?: number;
}

type CrmEnv = { Variables: { grant: Grant } };

/** Any failure of a request as HubSpot would answer it. */
function toHubSpotError(error: Error): HubSpotError {
  if (error instanceof HubSpotError) return error;
  if (error instanceof OAuthFailure) return hubSpotOAuthError(error);
  if (error instanceof InjectedFault)
    return new HubSpotError('INTERNAL_ERROR', error.message, { status: error.status });
  return new HubSpotError('INTERNAL_ERROR', 'An internal error occurred.');
}

export function createHubSpotApp(deps: HubSpotAppDeps) {
  const { oauth, account } = deps;
  const crm = new Hono<CrmEnv>()
    .use(async (c, next) => {
      c.set('grant', oauth.authenticate(c.req.header('authorization')));
      await next();
    })
    // HubSpot counts an app's calls per account; the emulator serves one account (or stands in for one per grant).
    .use(
      hubSpotRateLimit(deps.rateLimit, (c) => {
        const grant = c.get('grant') as Grant;
        const key = `${account.hubId}:${grant.app.appId}`;
        return deps.rateLimitPerGrant ? `${key}:${grant.id}` : key;
      }),
    )
    .route(
      '/objects',
      objectsRoutes(deps.store, { ...(deps.searchResultCap && { searchResultCap: deps.searchResultCap }) }),
    )
    .route('/objects', batchRoutes(deps.store))
    .route('/properties', propertiesRoutes());

  const app = new Hono();
  for (const handler of deps.middleware ?? []) app.use('*', handler);
  app.onError((error, c) => renderHubSpotError(c, toHubSpotError(error)));
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
