import {
  installationRequestSchema,
  installationUpdateSchema,
  installationWriteQuerySchema,
} from '@splice/schema';
import { jsonBody, queryParams } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServiceDeps } from '../deps.js';
import { createInstallation, installationView } from '../installations/create-installation.js';
import { etagOf, expectedVersion } from '../installations/installation-version.js';
import { deleteInstallation, updateInstallation } from '../installations/update-installation.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import type { Installation } from '../store/index.js';
import { withInstallation, withIntegration } from './target-middleware.js';

// Configs for objects with thousands of fields are large; 1 MiB is far above any real one.
const configBodyLimit = 1024 * 1024;

/** `If-Match` is read before the body, so a bad precondition is told whatever the body holds. */
const withExpectedVersion = createMiddleware<{ Variables: { expectedVersion: string | undefined } }>(
  async (c, next) => {
    c.set('expectedVersion', expectedVersion(c));
    await next();
  },
);

/** An installation answer with its version as ETag (docs/service-interface.md#update-installation). */
async function answer(
  c: Context,
  deps: ServiceDeps,
  installation: Installation,
  status: 200 | 201,
  known?: Parameters<typeof installationView>[2],
) {
  c.header('ETag', etagOf(installation));
  return c.json(await installationView(deps, installation, known), status);
}

/**
 * docs/service-interface.md#create-installation and #update-installation: create, read, update and
 * delete under `{base_url}/projects/{projectIdOrName}/integrations/{integrationId}/installations`.
 */
export function installationRoutes(deps: ServiceDeps) {
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  const one = '/projects/:projectIdOrName/integrations/:integrationId/installations/:installationId';
  return new Hono()
    .post(
      '/projects/:projectIdOrName/integrations/:integrationId/installations',
      auth,
      bodyLimit(configBodyLimit),
      // Answers in this order: 404 for an unknown integration, then a bad query or body (400).
      withIntegration(deps.repo),
      queryParams(installationWriteQuerySchema),
      jsonBody(installationRequestSchema),
      async (c) => {
        const created = await createInstallation(deps, {
          target: c.var.target,
          request: c.req.valid('json'),
          skipSampling: c.req.valid('query').skipSampling === 'true',
        });
        const { installation } = created;
        await deps.notifications?.emitSafely(installation.projectId, 'installation.created', async () => ({
          ...(await deps.notifications!.installationFields(installation)),
          config: installation.config,
        }));
        return answer(c, deps, installation, 201, created);
      },
    )
    .get(one, auth, withInstallation(deps.repo), (c) => answer(c, deps, c.var.installation, 200))
    .patch(
      one,
      auth,
      bodyLimit(configBodyLimit),
      // Answers in this order: 404, then a bad query, `If-Match` or body (400).
      withInstallation(deps.repo),
      queryParams(installationWriteQuerySchema),
      withExpectedVersion,
      jsonBody(installationUpdateSchema),
      async (c) => {
        const updated = await updateInstallation(deps, {
          target: c.var.target,
          installation: c.var.installation,
          update: c.req.valid('json'),
          skipSampling: c.req.valid('query').skipSampling === 'true',
          expectedVersion: c.var.expectedVersion,
        });
        const previous = c.var.installation;
        await deps.notifications?.emitSafely(updated.projectId, 'installation.updated', async () => ({
          ...(await deps.notifications!.installationFields(updated)),
          config: updated.config,
          lastConfig: previous.config,
        }));
        return answer(c, deps, updated, 200);
      },
    )
    .delete(one, auth, withInstallation(deps.repo), withExpectedVersion, async (c) => {
      const { installation } = c.var;
      // Its fields are read before it goes: the group's and the connection's names are looked up by it.
      const fields = await deps.notifications?.installationFields(installation);
      const connection = await deps.repo.getConnection(installation.projectId, installation.connectionId);
      await deleteInstallation(deps, installation, c.var.expectedVersion);
      await deps.notifications?.emitSafely(installation.projectId, 'installation.deleted', async () => ({
        ...fields,
        config: installation.config,
      }));
      // The uninstall also deletes the connection when no other installation uses it.
      if (connection && !(await deps.repo.getConnection(connection.projectId, connection.id))) {
        await deps.notifications?.emitSafely(connection.projectId, 'connection.deleted', async () =>
          deps.notifications!.connectionFields(connection),
        );
      }
      return c.body(null, 204);
    });
}
