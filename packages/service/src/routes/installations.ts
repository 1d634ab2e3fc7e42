import { installationRequestSchema } from '@splice/schema';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../http/body-limit.js';
import { requireCredentials } from '../http/credentials.js';
import { parseOrThrow, readJson } from '../http/read-json.js';
import { createInstallation, installationView } from '../installations/create-installation.js';
import { findIntegration } from './lookups.js';

export const createInstallationQuerySchema = z.object({
  skipSampling: z.optional(z.enum(['true', 'false'])),
});

/** docs/service-interface.md#create-installation: POST {base_url}/projects/{projectIdOrName}/integrations/{integrationId}/installations. */
export function installationRoutes(deps: ServiceDeps) {
  return new Hono().post(
    '/projects/:projectIdOrName/integrations/:integrationId/installations',
    requireCredentials(deps.credentials, 'apiKeyOrBearer'),
    // Configs for objects with thousands of fields are large; 1 MiB is far above any real one.
    bodyLimit(1024 * 1024),
    async (c) => {
      const target = findIntegration(deps.repo, c.req.param('projectIdOrName'), c.req.param('integrationId'));
      const query = parseOrThrow(createInstallationQuerySchema, c.req.query(), 'query');
      const request = await readJson(c, installationRequestSchema);
      const installation = createInstallation(deps, {
        target,
        request,
        skipSampling: query.skipSampling === 'true',
      });
      // Planned before the answer: a status asked for right after it shows the backfill and next runs.
      await deps.reads?.installationChanged(installation.projectId, installation.id);
      return c.json(installationView(deps, installation), 201);
    },
  );
}
