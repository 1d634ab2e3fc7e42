import { installationRequestSchema, installationUpdateSchema } from '@splice/schema';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../http/body-limit.js';
import { requireCredentials } from '../http/credentials.js';
import { problemError } from '../http/problem.js';
import { parseOrThrow, readJson } from '../http/read-json.js';
import { createInstallation, installationView } from '../installations/create-installation.js';
import { etagOf, expectedVersion } from '../installations/installation-version.js';
import { deleteInstallation, updateInstallation } from '../installations/update-installation.js';
import type { Installation } from '../store/index.js';
import { findIntegration } from './lookups.js';

export const createInstallationQuerySchema = z.object({
  skipSampling: z.optional(z.enum(['true', 'false'])),
});

// Configs for objects with thousands of fields are large; 1 MiB is far above any real one.
const configBodyLimit = 1024 * 1024;

/** The installation a path names, within its integration; 404 otherwise. */
function installationOf(deps: ServiceDeps, c: Context) {
  const target = findIntegration(deps.repo, c.req.param('projectIdOrName')!, c.req.param('integrationId')!);
  const installationId = c.req.param('installationId')!;
  const installation = deps.repo.getInstallationById(target.project.id, installationId);
  if (!installation || installation.integrationId !== target.integration.id) {
    throw problemError(
      404,
      'installationNotFound',
      `Integration "${target.integration.name}" has no installation "${installationId}".`,
    );
  }
  return { target, installation };
}

/** An installation answer with its version as ETag (docs/service-interface.md#update-installation). */
function answer(c: Context, deps: ServiceDeps, installation: Installation, status: 200 | 201) {
  c.header('ETag', etagOf(installation));
  return c.json(installationView(deps, installation), status);
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
      async (c) => {
        const target = findIntegration(
          deps.repo,
          c.req.param('projectIdOrName'),
          c.req.param('integrationId'),
        );
        const query = parseOrThrow(createInstallationQuerySchema, c.req.query(), 'query');
        const request = await readJson(c, installationRequestSchema);
        const installation = createInstallation(deps, {
          target,
          request,
          skipSampling: query.skipSampling === 'true',
        });
        // Planned before the answer: a status asked for right after it shows the backfill and next runs.
        await deps.reads?.installationChanged(installation.projectId, installation.id);
        return answer(c, deps, installation, 201);
      },
    )
    .get(one, auth, (c) => answer(c, deps, installationOf(deps, c).installation, 200))
    .patch(one, auth, bodyLimit(configBodyLimit), async (c) => {
      const { target, installation } = installationOf(deps, c);
      const query = parseOrThrow(createInstallationQuerySchema, c.req.query(), 'query');
      const expected = expectedVersion(c);
      const update = await readJson(c, installationUpdateSchema);
      const updated = updateInstallation(deps, {
        target,
        installation,
        update,
        skipSampling: query.skipSampling === 'true',
        expectedVersion: expected,
      });
      // Re-planned before the answer: a disabled object has stopped and a new one's backfill is queued.
      await deps.reads?.installationChanged(updated.projectId, updated.id);
      return answer(c, deps, updated, 200);
    })
    .delete(one, auth, async (c) => {
      const { installation } = installationOf(deps, c);
      await deleteInstallation(deps, installation, expectedVersion(c));
      return c.body(null, 204);
    });
}
