import { objectParamsSchema, runHistorySchema } from '@splice/schema';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { noQuery } from '../middleware/no-query/index.js';
import { buildRunHistory } from '../sync/build-run-history.js';
import { classifierFor } from '../upstream/browser-problem.js';
import { UpstreamFault } from '../upstream/upstream-fault.js';
import { pathParams } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';
import { operationsPage } from './sync.js';

const classify = classifierFor({ path: ['integrationId', 'objectName'] });

/**
 * `GET /integrations/:integrationId/objects/:objectName/runs`: the object's recent reads (scheduled, Run
 * now, backfill) in the session's group's installation, from the operations the service records (the
 * hosted listOperations), newest first. No installation yet: no runs.
 */
export const runHistoryRoutes = (deps: RouteDeps) =>
  new Hono<BffEnv>().get(
    '/:integrationId/objects/:objectName/runs',
    pathParams(objectParamsSchema),
    noQuery(),
    async (c) => {
      const { integrationId, objectName } = c.req.valid('param');
      const ctx = callContext(c);
      const installations = await retold(
        c,
        deps,
        classify,
        deps.service.listInstallations(ctx, integrationId, c.var.session.groupRef),
      );
      const installation = installations[0];
      const operations = installation
        ? await retold(
            c,
            deps,
            classify,
            deps.service.listOperations(ctx, integrationId, installation.id, operationsPage),
          )
        : [];
      // Checked against its schema before it leaves, like every answer the BFF builds.
      const parsed = runHistorySchema.safeParse(buildRunHistory(objectName, operations));
      if (!parsed.success) throw new UpstreamFault('malformed', 'runHistory', 'built history does not match');
      return c.json(parsed.data, 200);
    },
  );
