import type { WriteStatus } from '@splice/schema';
import { writeStatusQuerySchema } from '@splice/schema';
import { queryParams } from '@splice/server-kit';
import { Hono } from 'hono';
import type { ServiceDeps } from '../deps.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { summariseWrites } from '../write-status/summarise-writes.js';
import { latestFailedWrites, writesEndedSince } from '../write-status/write-status-store.js';
import type { WriteService } from '../writes/write-service.js';
import { withInstallation } from './target-middleware.js';

/**
 * `{base_url}`: the `write-status` extension, the installation's writes per object since `?since=` (records
 * written, deleted and refused) and each object's latest failure with its reason.
 */
export function writeStatusRoutes(deps: ServiceDeps, writes: WriteService) {
  return new Hono().get(
    '/projects/:projectIdOrName/integrations/:integrationId/installations/:installationId/write-status',
    requireCredentials(deps.credentials, 'apiKeyOrBearer'),
    withInstallation(deps.repo),
    queryParams(writeStatusQuerySchema),
    async (c) => {
      const { installation } = c.var;
      const { since } = c.req.valid('query');
      // Stored end times are UTC ISO strings: a `since` with another offset is compared as the same instant.
      const sinceUtc = new Date(since).toISOString();
      const [recent, failures] = await Promise.all([
        writesEndedSince(writes.store.db, installation.id, sinceUtc),
        latestFailedWrites(writes.store.db, installation.id),
      ]);
      const configured = Object.keys(installation.config.content.write?.objects ?? {});
      const status: WriteStatus = {
        installationId: installation.id,
        since: sinceUtc,
        objects: summariseWrites(configured, recent, failures),
      };
      return c.json(status, 200);
    },
  );
}
