import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import type { RateLimitStore } from '../middleware/rate-limit/store.js';
import { catalogRoutes } from './catalog.js';
import { connectRoutes } from './connect.js';
import type { RouteDeps } from './deps.js';
import { installationRoutes } from './installations.js';
import { manageRoutes } from './manage.js';
import { runHistoryRoutes } from './run-history.js';
import { searchRoutes } from './search.js';
import { syncRoutes } from './sync.js';
import { wizardRoutes } from './wizard.js';

/** Everything under `/integrations` (the catalog at its root), chained so that the app's type carries every route. */
export const integrationRoutes = (deps: RouteDeps, rateLimitStore?: RateLimitStore) =>
  new Hono<BffEnv>()
    .route('/', catalogRoutes(deps))
    .route('/', wizardRoutes(deps))
    .route('/', connectRoutes(deps))
    .route('/', installationRoutes(deps))
    .route('/', manageRoutes(deps))
    .route('/', searchRoutes(deps))
    .route('/', syncRoutes(deps, rateLimitStore))
    .route('/', runHistoryRoutes(deps));
