import { integrationParamsSchema } from '@splice/schema';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { noQuery } from '../middleware/no-query/index.js';
import { classifierFor } from '../upstream/browser-problem.js';
import { pathParams } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';
import { loadWizard } from './load-wizard.js';

const classify = classifierFor({ path: ['integrationId'] });

/** `GET /integrations/:integrationId`: everything the installation wizard needs, in one answer. */
export const wizardRoutes = (deps: RouteDeps) =>
  new Hono<BffEnv>().get('/:integrationId', pathParams(integrationParamsSchema), noQuery(), async (c) => {
    const { integrationId } = c.req.valid('param');
    const details = await retold(
      c,
      deps,
      classify,
      loadWizard({
        service: deps.service,
        ctx: callContext(c),
        integrationId,
        session: c.var.session,
        project: deps.config.project,
        classify,
        previousConfig: deps.config.embeddedExtensions,
      }),
    );
    return c.json(details, 200);
  });
