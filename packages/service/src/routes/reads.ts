import type { OperationList, TriggerReadResult } from '@splice/schema';
import { pauseReadsRequestSchema, problemTypes, triggerReadRequestSchema } from '@splice/schema';
import { jsonBody, optionalJsonBody, problemError, queryParams } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { operationLogs } from '../reads/operation-logs.js';
import { backfillProgressView, operationView } from '../reads/operation-view.js';
import type { ReadEngine } from '../reads/read-engine.js';
import { effectiveReadObjects } from '../reads/read-plan.js';
import { writeOperationView } from '../writes/write-operation-view.js';
import { withInstallation, withIntegration, withProject } from './target-middleware.js';

const listQuerySchema = z.object({
  pageSize: z.optional(
    z.string().check(z.regex(/^(?:[1-9]\d{0,2}|1000)$/, 'A whole number from 1 to 1000.')),
  ),
  pageToken: z.optional(
    z.string().check(z.regex(/^\d{1,15}$/, 'Use the nextPageToken of the previous page.')),
  ),
});

/** A pause or resume body is optional: one is sent when it has a length or comes in chunks. */
const pauseBodySent = (c: Context) =>
  (c.req.header('content-length') ?? '0') !== '0' || Boolean(c.req.header('transfer-encoding'));

/** The `{installationId}` of a `{installationId}:pause` (or `:unpause`) path segment. */
const installationIdOfTarget = (c: Context) => {
  const target = c.req.param('target') ?? '';
  return target.slice(0, target.lastIndexOf(':'));
};

/** A read or write operation of the project, in the hosted shape; 404 for one of another project. */
async function projectOperation(
  deps: ServiceDeps,
  engine: ReadEngine,
  projectId: string,
  operationId: string,
) {
  const operation = await engine.store.getOperation(operationId);
  if (operation && operation.projectId === projectId) return operationView(operation);
  // A write's operation, where the service writes.
  const write = operation ? undefined : await deps.writes?.store.get(operationId);
  if (write && write.projectId === projectId) return writeOperationView(write);
  throw problemError(404, 'operationNotFound', `There is no operation "${operationId}".`);
}

/** Pause and resume (`...installations/{installationId}:pause|:unpause`), served under both base URLs. */
function pauseRoutes(deps: ServiceDeps, engine: ReadEngine) {
  return new Hono().post(
    '/projects/:projectIdOrName/integrations/:integrationId/installations/:target{[^/]+:(?:pause|unpause)}',
    requireCredentials(deps.credentials, 'apiKeyOrBearer'),
    bodyLimit(64 * 1024),
    // 404 for an unknown project, integration or installation before the body is read (415, 400).
    withInstallation(deps.repo, installationIdOfTarget),
    optionalJsonBody(pauseReadsRequestSchema, pauseBodySent),
    async (c) => {
      const { target, installation } = c.var;
      const pause = c.req.param('target').endsWith(':pause');
      const body = c.req.valid('json');
      const known = new Set(effectiveReadObjects(installation, target.manifest).map((o) => o.objectName));
      const issues = (body.objects ?? []).flatMap((name, index) =>
        known.has(name)
          ? []
          : [
              {
                type: problemTypes.objectNotRead.type,
                detail: `The installation does not read "${name}".`,
                in: 'body' as const,
                name: `objects[${index}]`,
                value: name,
              },
            ],
      );
      if (issues.length)
        throw problemError(422, 'objectNotRead', { detail: 'Some objects are not read.', issues });
      await engine.store.setPaused(installation.id, body.objects, pause, body.note);
      engine.wake();
      if (pause) {
        await deps.notifications?.emitSafely(installation.projectId, 'read.schedule.paused', async () => ({
          ...(await deps.notifications!.installationFields(installation)),
          config: installation.config,
        }));
      }
      return c.body(null, 204);
    },
  );
}

/** `{read_url}`: trigger a read and pause/resume (docs/service-interface.md#reads). */
export function readRoutes(deps: ServiceDeps, engine: ReadEngine) {
  return new Hono()
    .post(
      '/projects/:projectIdOrName/integrations/:integrationId/objects/:objectName',
      requireCredentials(deps.credentials, 'apiKeyOrBearer'),
      bodyLimit(16 * 1024),
      // 404 for an unknown project or integration before the body is validated (400).
      withIntegration(deps.repo),
      jsonBody(triggerReadRequestSchema),
      async (c) => {
        const { target } = c.var;
        const objectName = c.req.param('objectName');
        const request = c.req.valid('json');
        const installation = await deps.repo.getInstallation(
          target.project.id,
          target.integration.id,
          request.groupRef,
        );
        if (!installation) {
          throw problemError(404, 'installationNotFound', {
            detail: `Group "${request.groupRef}" has no installation of "${target.integration.name}".`,
          });
        }
        const object = effectiveReadObjects(installation, target.manifest).find(
          (o) => o.objectName === objectName,
        );
        if (!object) {
          throw problemError(422, 'objectNotRead', {
            detail: `The installation does not read "${objectName}".`,
            issues: [
              {
                type: problemTypes.objectNotRead.type,
                detail: 'Not an object this installation reads.',
                in: 'path',
                name: 'objectName',
                value: objectName,
              },
            ],
          });
        }
        if (object.disabled) {
          throw problemError(409, 'objectDisabled', {
            detail: `Reading "${objectName}" is disabled in this installation, so on-demand reads are refused.`,
            remedy: 'Enable the object in the installation config first.',
          });
        }
        const operationId = await engine.trigger({
          installation,
          objectName,
          ...(request.sinceTimestamp ? { sinceTime: request.sinceTimestamp } : {}),
          ...(request.untilTimestamp ? { untilTime: request.untilTimestamp } : {}),
        });
        const triggered: TriggerReadResult = { operationId };
        return c.json(triggered, 201);
      },
    )
    .route('/', pauseRoutes(deps, engine));
}

/** `{base_url}`: operations, backfill progress, the read-status extension, and pause/resume again. */
export function operationRoutes(deps: ServiceDeps, engine: ReadEngine) {
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  // Each answers 404 for an unknown project, integration or installation before its query is read (400).
  const installation = withInstallation(deps.repo);
  const base = '/projects/:projectIdOrName/integrations/:integrationId/installations/:installationId';
  return (
    new Hono()
      .get(`${base}/operations`, auth, installation, queryParams(listQuerySchema), async (c) => {
        const { installation } = c.var;
        const query = c.req.valid('query');
        const pageSize = Number(query.pageSize ?? 200);
        const page = await engine.store.listOperations(
          installation.id,
          pageSize + 1,
          query.pageToken ? Number(query.pageToken) : undefined,
        );
        const results = page.slice(0, pageSize);
        const done = page.length <= pageSize;
        const list: OperationList = {
          results: results.map(operationView),
          pagination: { done, ...(done ? {} : { nextPageToken: String(results[results.length - 1]!.seq) }) },
        };
        return c.json(list, 200);
      })
      .get(`${base}/objects/:objectName/backfill-progress`, auth, installation, async (c) => {
        const { installation } = c.var;
        const objectName = c.req.param('objectName');
        const operation = await engine.store.latestOperation(installation.id, objectName, 'backfill');
        if (!operation) {
          throw problemError(
            404,
            'backfillNotFound',
            `"${objectName}" of this installation has no backfill.`,
          );
        }
        return c.json(backfillProgressView(operation), 200);
      })
      .get(`${base}/read-status`, auth, installation, async (c) => {
        return c.json(await engine.readStatus(c.var.installation), 200);
      })
      .get('/projects/:projectIdOrName/operations/:operationId', auth, withProject(deps.repo), async (c) =>
        c.json(await projectOperation(deps, engine, c.var.project.id, c.req.param('operationId')), 200),
      )
      // The hosted `listOperationLogs`: what the service recorded of the operation, oldest first.
      .get(
        '/projects/:projectIdOrName/operations/:operationId/logs',
        auth,
        withProject(deps.repo),
        async (c) => {
          const operation = await projectOperation(
            deps,
            engine,
            c.var.project.id,
            c.req.param('operationId'),
          );
          return c.json(operationLogs(operation), 200);
        },
      )
      .route('/', pauseRoutes(deps, engine))
  );
}
