import type { ManifestIntegration, ObjectMetadata } from '@splice/schema';
import { problemError, queryParams } from '@splice/server-kit';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { installationView } from '../installations/create-installation.js';
import { findPreviousConfig } from '../installations/previous-config.js';
import { findIntegration } from '../lookups/find-integration.js';
import { parsedManifest } from '../manifest/parsed-manifest.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { knowsProvider, providerCallsFor } from '../provider-calls/provider-calls-for.js';
import { withProviderProblems } from '../provider-calls/provider-problem.js';
import type { Integration, Project } from '../store/index.js';
import { withIntegration, withProject } from './target-middleware.js';

export const groupQuerySchema = z.object({ groupRef: z.string().check(z.minLength(1), z.maxLength(256)) });
export const optionalGroupQuerySchema = z.object({
  groupRef: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
});

/** `excludeReadOnly=true` leaves read-only fields out, as the hosted service's metadata paths do. */
export const metadataQuerySchema = z.object({
  groupRef: groupQuerySchema.shape.groupRef,
  excludeReadOnly: z.optional(z.enum(['true', 'false'])),
});

/** An object's fields as the group's connection to `providerName` sees them. */
async function objectMetadata(
  deps: ServiceDeps,
  project: Project,
  providerName: string,
  objectName: string,
  query: z.infer<typeof metadataQuerySchema>,
): Promise<ObjectMetadata> {
  const { repo } = deps;
  if (!(await repo.getGroup(project.id, query.groupRef))) {
    throw problemError(404, 'groupNotFound', `Project "${project.name}" has no group "${query.groupRef}".`);
  }
  const connection = await repo.getDefaultConnection(project.id, query.groupRef, providerName);
  if (!connection) {
    throw problemError(422, 'connectionRequired', {
      detail: `Group "${query.groupRef}" has no ${providerName} connection: its fields cannot be read yet.`,
    });
  }
  // A catalog provider answers the connection's live fields (custom fields included), not a fixed list.
  const calls = await providerCallsFor(deps, providerName, connection);
  const metadata = await withProviderProblems(() => calls.objectMetadata(objectName));
  if (!metadata) {
    throw problemError(404, 'notFound', `The provider "${providerName}" has no object "${objectName}".`);
  }
  if (query.excludeReadOnly !== 'true') return metadata;
  return {
    ...metadata,
    fields: Object.fromEntries(
      Object.entries(metadata.fields).filter(([, field]) => field.readOnly !== true),
    ),
  };
}

/** An integration as the hosted service answers it: its latest revision carries the manifest entry. */
function integrationView(integration: Integration, manifest: ManifestIntegration) {
  return {
    id: integration.id,
    projectId: integration.projectId,
    name: integration.name,
    provider: integration.provider,
    createTime: integration.createTime,
    ...(integration.updateTime ? { updateTime: integration.updateTime } : {}),
    latestRevision: {
      id: integration.revisionId,
      specVersion: integration.specVersion,
      createTime: integration.updateTime ?? integration.createTime,
      content: manifest,
    },
  };
}

/**
 * Read-only extensions (docs/service-interface.md#extensions) that mirror the hosted service's paths and shapes
 * (so a BFF reads wizard metadata the same way from either).
 */
export function metadataRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  return (
    new Hono()
      // The hosted `listIntegrations`: every integration of the project, so a catalog can list them all.
      .get('/projects/:projectIdOrName/integrations', auth, withProject(repo), async (c) => {
        const integrations = await repo.listIntegrations(c.var.project.id);
        return c.json(
          integrations.map((integration) => integrationView(integration, parsedManifest(integration))),
          200,
        );
      })
      .get('/projects/:projectIdOrName/integrations/:integrationId', auth, async (c) => {
        const { integration, manifest } = await findIntegration(
          repo,
          c.req.param('projectIdOrName'),
          c.req.param('integrationId'),
          { fresh: true },
        );
        return c.json(integrationView(integration, manifest), 200);
      })
      .get(
        '/projects/:projectIdOrName/integrations/:integrationId/objects/:objectName/metadata',
        auth,
        // Each route resolves what its path names (404) before it validates the query (400).
        withIntegration(repo),
        queryParams(metadataQuerySchema),
        async (c) => {
          const { project, integration } = c.var.target;
          const query = c.req.valid('query');
          return c.json(
            await objectMetadata(deps, project, integration.provider, c.req.param('objectName'), query),
            200,
          );
        },
      )
      // The hosted service's provider-level path: the same fields, through the group's connection to the
      // provider, with no integration or installation needed (so a wizard can show fields before install).
      .get(
        '/projects/:projectIdOrName/providers/:provider/objects/:objectName/metadata',
        auth,
        withProject(repo),
        queryParams(metadataQuerySchema),
        async (c) => {
          const { project } = c.var;
          const query = c.req.valid('query');
          const provider = c.req.param('provider');
          if (!knowsProvider(deps, provider)) {
            throw problemError(404, 'notFound', `There is no provider "${provider}".`);
          }
          return c.json(await objectMetadata(deps, project, provider, c.req.param('objectName'), query), 200);
        },
      )
      .get(
        '/projects/:projectIdOrName/integrations/:integrationId/installations',
        auth,
        withIntegration(repo),
        queryParams(optionalGroupQuerySchema),
        async (c) => {
          const { project, integration } = c.var.target;
          const { groupRef } = c.req.valid('query');
          const installations = await repo.listInstallations(project.id, integration.id, groupRef);
          return c.json(await Promise.all(installations.map((i) => installationView(deps, i))), 200);
        },
      )
      // The embedded service's own: the config the group's installation had when the group last
      // uninstalled it, while it is kept, so a reinstall can start from it; 404 when there is none.
      .get(
        '/projects/:projectIdOrName/integrations/:integrationId/previous-config',
        auth,
        withIntegration(repo),
        queryParams(groupQuerySchema),
        async (c) => {
          const { project, integration } = c.var.target;
          const { groupRef } = c.req.valid('query');
          const key = { projectId: project.id, integrationId: integration.id, groupRef };
          const previous = await findPreviousConfig(repo, key, new Date());
          if (!previous) {
            throw problemError(
              404,
              'notFound',
              `Group "${groupRef}" has no recently uninstalled installation of "${integration.name}".`,
            );
          }
          return c.json(previous, 200);
        },
      )
  );
}
