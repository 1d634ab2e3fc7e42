import { projectQuerySchema } from '@splice/schema';
import { queryParams } from '@splice/server-kit';
import { Hono } from 'hono';
import type { ServiceDeps } from '../deps.js';
import { installationView } from '../installations/create-installation.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { optionalGroupQuerySchema } from './metadata.js';
import { withProject } from './target-middleware.js';

/**
 * The project-level reads of the hosted service: the project (`getProject`), its provider apps
 * (`listProviderApps`: the client id and scopes of each catalog app, never its secret) and every
 * installation of the project, optionally of one group (`listInstallationsForProject`).
 */
export function projectRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  return new Hono()
    .get('/projects/:projectIdOrName', auth, withProject(repo), queryParams(projectQuerySchema), (c) => {
      const { project } = c.var;
      return c.json(
        {
          id: project.id,
          name: project.name,
          appName: project.displayName ?? project.name,
          // The embedded service keeps no link from a project to an organization: the project stands for its own.
          orgId: project.id,
          createTime: project.createTime,
        },
        200,
      );
    })
    .get('/projects/:projectIdOrName/provider-apps', auth, withProject(repo), (c) => {
      const { project } = c.var;
      return c.json(
        deps.connectors.entries().map((entry) => ({
          id: `${project.id}-${entry.name}`,
          projectId: project.id,
          provider: entry.name,
          clientId: entry.oauth.clientId,
          scopes: [...entry.oauth.scopes],
          createTime: project.createTime,
        })),
        200,
      );
    })
    .get(
      '/projects/:projectIdOrName/installations',
      auth,
      withProject(repo),
      queryParams(optionalGroupQuerySchema),
      async (c) => {
        const { project } = c.var;
        const { groupRef } = c.req.valid('query');
        const integrations = await repo.listIntegrations(project.id);
        const installations = (
          await Promise.all(
            integrations.map((integration) => repo.listInstallations(project.id, integration.id, groupRef)),
          )
        ).flat();
        return c.json(await Promise.all(installations.map((i) => installationView(deps, i))), 200);
      },
    );
}
