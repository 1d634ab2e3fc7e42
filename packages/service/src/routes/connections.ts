import {
  connectionGetQuerySchema,
  connectionListQuerySchema,
  connectionUpdateRequestSchema,
  generateConnectionRequestSchema,
  type Issue,
  issueTypes,
} from '@splice/schema';
import { jsonBody, problemError, queryParams, validationError } from '@splice/server-kit';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServiceDeps } from '../deps.js';
import { publicConnection } from '../lookups/public-connection.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import type { Connection, Project, Repository } from '../store/index.js';
import { withProject } from './target-middleware.js';

/** The connection `connectionId` names within the path's project, resolved (or 404) before any validator. */
const withConnection = (repo: Repository) =>
  createMiddleware<{ Variables: { connection: Connection } }>(async (c, next) => {
    const project = c.get('project' as never) as Project;
    const connectionId = c.req.param('connectionId') ?? '';
    const connection = await repo.getConnection(project.id, connectionId);
    if (!connection) {
      throw problemError(
        404,
        'connectionNotFound',
        `Project "${project.name}" has no connection "${connectionId}".`,
      );
    }
    c.set('connection', connection);
    await next();
  });

/**
 * The hosted connection operations under `{base_url}/projects/{p}/connections`: list (by group, provider
 * or consumer), get, update (`providerWorkspaceRef`; credential masks are refused, since every provider
 * here connects by OAuth and is updated through `:oauth-update`), delete (204; 409 while an installation
 * uses it) and `connections:generate` (refused for the same reason, naming the provider). No answer
 * carries a credential, whatever `includeCreds` asks.
 */
export function connectionRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  // A segment with a colon is a connection's action (`{id}:oauth-update`), served by the OAuth routes.
  const one = '/projects/:projectIdOrName/connections/:connectionId{[^/:]+}';
  return new Hono()
    .get(
      '/projects/:projectIdOrName/connections',
      auth,
      withProject(repo),
      queryParams(connectionListQuerySchema),
      async (c) => {
        const { project } = c.var;
        const { groupRef, provider, consumerRef } = c.req.valid('query');
        const connections = (await repo.listConnections(project.id, groupRef)).filter(
          (connection) =>
            (provider === undefined || connection.provider === provider) &&
            (consumerRef === undefined || connection.consumerRef === consumerRef),
        );
        return c.json(
          await Promise.all(connections.map((connection) => publicConnection(repo, connection))),
          200,
        );
      },
    )
    .post(
      '/projects/:projectIdOrName/connections:generate',
      auth,
      bodyLimit(16 * 1024),
      withProject(repo),
      jsonBody(generateConnectionRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const entry = deps.connectors.entry(body.provider);
        const detail = entry
          ? `${entry.displayName} connects by OAuth: start its consent flow with POST /oauth-connect instead.`
          : `There is no provider "${body.provider}".`;
        throw problemError(entry ? 422 : 400, entry ? 'unsupportedAuthType' : 'validation', {
          detail,
          issues: [
            {
              name: 'provider',
              type: entry ? issueTypes.invalidProperty : issueTypes.invalidReference,
              in: 'body',
              detail,
              value: body.provider,
            },
          ],
        });
      },
    )
    .get(
      one,
      auth,
      withProject(repo),
      withConnection(repo),
      queryParams(connectionGetQuerySchema),
      async (c) => c.json(await publicConnection(repo, c.var.connection), 200),
    )
    .patch(
      one,
      auth,
      bodyLimit(16 * 1024),
      withProject(repo),
      withConnection(repo),
      jsonBody(connectionUpdateRequestSchema),
      async (c) => {
        const { project, connection } = c.var;
        const { updateMask, connection: changes } = c.req.valid('json');
        const issues = updateMask.flatMap((mask, index): Issue[] => {
          if (mask === 'providerWorkspaceRef') {
            return changes.providerWorkspaceRef === undefined
              ? [
                  {
                    name: 'connection.providerWorkspaceRef',
                    type: issueTypes.missingProperty,
                    in: 'body' as const,
                    detail: 'The mask names providerWorkspaceRef: give its new value.',
                  },
                ]
              : [];
          }
          return [
            {
              name: `updateMask[${index}]`,
              type: issueTypes.invalidProperty,
              in: 'body' as const,
              detail: `A ${connection.provider} connection holds OAuth tokens: "${mask}" cannot be set on it (reconnect with :oauth-update).`,
              value: mask,
            },
          ];
        });
        if (issues.length > 0) throw validationError(issues);
        const updated = await repo.updateConnection(project.id, connection.id, {
          ...(changes.providerWorkspaceRef === undefined
            ? {}
            : { providerWorkspaceRef: changes.providerWorkspaceRef }),
        });
        if (!updated) {
          throw problemError(
            404,
            'connectionNotFound',
            `Project "${project.name}" has no connection "${connection.id}".`,
          );
        }
        return c.json(await publicConnection(repo, updated), 200);
      },
    )
    .delete(one, auth, withProject(repo), async (c) => {
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
    });
}
