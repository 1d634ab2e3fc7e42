import { integrationParamsSchema, searchRequestSchema } from '@splice/schema';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { noQuery } from '../middleware/no-query/index.js';
import { classifierFor } from '../upstream/browser-problem.js';
import { jsonBody, pathParams } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classify = classifierFor({ path: ['integrationId'], body: ['objectName', 'fieldFilters'] });

/** `POST /integrations/:integrationId/search`: search in the session's group's installation. */
export const searchRoutes = (deps: RouteDeps) =>
  new Hono<BffEnv>().post(
    '/:integrationId/search',
    bodyLimit({ maxBytes: deps.config.limits.searchBodyBytes }),
    pathParams(integrationParamsSchema),
    noQuery(),
    jsonBody(searchRequestSchema),
    async (c) => {
      const { integrationId } = c.req.valid('param');
      const answer = await retold(
        c,
        deps,
        classify,
        deps.service.search(callContext(c), integrationId, c.var.session.groupRef, c.req.valid('json')),
      );
      return c.json(answer, 200);
    },
  );
