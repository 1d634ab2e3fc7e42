import { problemError } from '@splice/server-kit';
import { Hono } from 'hono';
import type { ServiceDeps } from '../deps.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { withProject } from './target-middleware.js';

/**
 * `DELETE /projects/{p}/connections/{connectionId}` (the hosted deleteConnection): 204. A connection an
 * installation still uses is refused (409, naming the installation): deleting it would leave that
 * installation reading with no provider account, so the installation is uninstalled first (which deletes
 * its connection when no other installation uses it).
 */
export function connectionRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  return new Hono().delete(
    '/projects/:projectIdOrName/connections/:connectionId',
    auth,
    withProject(repo),
    async (c) => {
      const { project } = c.var;
      const connectionId = c.req.param('connectionId');
      const before = await repo.getConnection(project.id, connectionId);
      const { deleted, usedBy } = await repo.deleteUnusedConnection(project.id, connectionId);
      const user = usedBy[0];
      if (user) {
        throw problemError(409, 'connectionInUse', {
          detail: `Installation "${user.id}" of integration "${user.integrationId}" uses connection "${connectionId}": uninstall it first, then delete the connection.`,
          retryable: false,
        });
      }
      if (!deleted) {
        throw problemError(
          404,
          'connectionNotFound',
          `Project "${project.name}" has no connection "${connectionId}".`,
        );
      }
      if (before) {
        await deps.notifications?.emitSafely(project.id, 'connection.deleted', async () =>
          deps.notifications!.connectionFields(before),
        );
      }
      return c.body(null, 204);
    },
  );
}
