import { hydrateQuerySchema, type ObjectMetadata } from '@splice/schema';
import { problemError, queryParams } from '@splice/server-kit';
import { Hono } from 'hono';
import { ProviderError } from '../connectors/provider-error.js';
import type { ServiceDeps } from '../deps.js';
import type { ObjectFields } from '../manifest/hydrate-revision.js';
import { hydrateRevision } from '../manifest/hydrate-revision.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { providerCallsFor } from '../provider-calls/provider-calls-for.js';
import { providerProblem, withProviderProblems } from '../provider-calls/provider-problem.js';
import { withIntegration } from './target-middleware.js';

/**
 * What one object's metadata call came to. A provider that does not know the object is told in that
 * object's `error`, as the hosted service does; a failure of the connection itself fails the request.
 */
async function objectFields(read: () => Promise<ObjectMetadata | undefined>): Promise<ObjectFields> {
  try {
    const metadata = await read();
    return metadata ? { metadata } : { error: 'The provider has no such object.' };
  } catch (error) {
    if (error instanceof ProviderError && (error.kind === 'notFound' || error.kind === 'badRequest')) {
      return { error: providerProblem(error).message };
    }
    throw error;
  }
}

/**
 * `GET {base_url}/projects/{p}/integrations/{i}/revisions/{revisionId}:hydrate?connectionId=` (the hosted
 * `getHydratedRevision`): the integration's latest revision expanded against the connection's account.
 * Only the latest revision is kept, so another revision id is a 404.
 */
export function revisionRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  return new Hono().get(
    '/projects/:projectIdOrName/integrations/:integrationId/revisions/:target{[^/]+:hydrate}',
    auth,
    withIntegration(repo),
    queryParams(hydrateQuerySchema),
    async (c) => {
      const { project, integration, manifest } = c.var.target;
      const target = c.req.param('target');
      const revisionId = target.slice(0, target.lastIndexOf(':'));
      if (revisionId !== integration.revisionId) {
        throw problemError(
          404,
          'notFound',
          `Integration "${integration.name}" has no revision "${revisionId}"; its latest is "${integration.revisionId}".`,
        );
      }
      const { connectionId } = c.req.valid('query');
      const connection = await repo.getConnection(project.id, connectionId);
      if (!connection) {
        throw problemError(
          404,
          'connectionNotFound',
          `Project "${project.name}" has no connection "${connectionId}".`,
        );
      }
      if (connection.provider !== integration.provider) {
        throw problemError(422, 'invalidConfig', {
          detail: `Connection "${connectionId}" is to ${connection.provider}; integration "${integration.name}" reads ${integration.provider}.`,
        });
      }
      const calls = await providerCallsFor(deps, integration.provider, connection);
      const objects = new Map<string, ObjectFields>();
      await withProviderProblems(async () => {
        for (const object of manifest.read.objects) {
          objects.set(object.objectName, await objectFields(() => calls.objectMetadata(object.objectName)));
        }
      });
      const revision = {
        id: integration.revisionId,
        specVersion: integration.specVersion,
        createTime: integration.updateTime ?? integration.createTime,
      };
      return c.json(hydrateRevision(revision, manifest, objects), 200);
    },
  );
}
