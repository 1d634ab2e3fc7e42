import { randomUUID } from 'node:crypto';
import { writeRequestSchema } from '@splice/schema';
import { jsonBody } from '@splice/server-kit';
import { Hono } from 'hono';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { withProviderProblems } from '../provider-calls/provider-problem.js';
import { runWrite } from '../writes/run-write.js';
import { findWriteTarget, writeConnector } from '../writes/write-target.js';
import { withIntegration } from './target-middleware.js';

/** docs/service-interface.md#writes: POST {write_url}/projects/{p}/integrations/{i}/objects/{objectName}. */
export function writeRoutes(deps: ServiceDeps) {
  return new Hono().post(
    '/projects/:projectIdOrName/integrations/:integrationId/objects/:objectName',
    requireCredentials(deps.credentials, 'apiKey'),
    // A hundred records of a few kilobytes each.
    bodyLimit(2 * 1024 * 1024),
    // 404 for an unknown project or integration before the body is read (400).
    withIntegration(deps.repo),
    jsonBody(writeRequestSchema),
    async (c) => {
      const request = c.req.valid('json');
      const target = await findWriteTarget(deps, c.var.target, request.groupRef, c.req.param('objectName'));
      const answer = await withProviderProblems(async () =>
        runWrite(await writeConnector(deps, target), target, request, randomUUID()),
      );
      return c.json(answer.body, answer.status);
    },
  );
}
