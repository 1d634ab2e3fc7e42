import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { Provider, ServiceDeps } from '../deps.js';
import { requireCredentials } from '../http/credentials.js';
import { problemError } from '../http/problem.js';
import { parseOrThrow } from '../http/read-json.js';
import { installationView } from '../installations/create-installation.js';
import { findIntegration, findProject, publicConnection } from './lookups.js';

export const groupQuerySchema = z.object({ groupRef: z.string().check(z.minLength(1), z.maxLength(256)) });
export const optionalGroupQuerySchema = z.object({
  groupRef: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
});

/**
 * Read-only extensions (docs/service-interface.md#extensions) that mirror the hosted service's paths and shapes
 * (so a BFF reads wizard metadata the same way from either).
 */
export function metadataRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  return new Hono()
    .get('/projects/:projectIdOrName/integrations/:integrationId', auth, (c) => {
      const { integration, manifest } = findIntegration(
        repo,
        c.req.param('projectIdOrName'),
        c.req.param('integrationId'),
      );
      return c.json(
        {
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
        },
        200,
      );
    })
    .get('/projects/:projectIdOrName/integrations/:integrationId/objects/:objectName/metadata', auth, (c) => {
      const { project, integration } = findIntegration(
        repo,
        c.req.param('projectIdOrName'),
        c.req.param('integrationId'),
      );
      const { groupRef } = parseOrThrow(groupQuerySchema, c.req.query(), 'query');
      if (!repo.getGroup(project.id, groupRef)) {
        throw problemError(404, 'groupNotFound', `Project "${project.name}" has no group "${groupRef}".`);
      }
      if (!repo.getDefaultConnection(project.id, groupRef, integration.provider)) {
        throw problemError(422, 'connectionRequired', {
          detail: `Group "${groupRef}" has no ${integration.provider} connection: its fields cannot be read yet.`,
        });
      }
      const provider = deps.providers.get(integration.provider) as Provider;
      const objectName = c.req.param('objectName');
      const metadata = provider.getObjectMetadata(objectName);
      if (!metadata) {
        throw problemError(
          404,
          'notFound',
          `The provider "${integration.provider}" has no object "${objectName}".`,
        );
      }
      return c.json(metadata, 200);
    })
    .get('/projects/:projectIdOrName/integrations/:integrationId/installations', auth, (c) => {
      const { project, integration } = findIntegration(
        repo,
        c.req.param('projectIdOrName'),
        c.req.param('integrationId'),
      );
      const { groupRef } = parseOrThrow(optionalGroupQuerySchema, c.req.query(), 'query');
      const installations = repo.listInstallations(project.id, integration.id, groupRef);
      return c.json(
        installations.map((i) => installationView(deps, i)),
        200,
      );
    })
    .get('/projects/:projectIdOrName/connections', auth, (c) => {
      const project = findProject(repo, c.req.param('projectIdOrName'));
      const { groupRef } = parseOrThrow(groupQuerySchema, c.req.query(), 'query');
      return c.json(
        repo.listConnections(project.id, groupRef).map((connection) => publicConnection(repo, connection)),
        200,
      );
    });
}
