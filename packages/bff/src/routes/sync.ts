import type { SyncStatus } from '@splice/schema';
import {
  integrationParamsSchema,
  objectParamsSchema,
  runNowAnswerSchema,
  runNowBodySchema,
  syncStatusSchema,
} from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { noQuery } from '../middleware/no-query/index.js';
import { rateLimit } from '../middleware/rate-limit/index.js';
import type { RateLimitStore } from '../middleware/rate-limit/store.js';
import type { Session } from '../schemas/session.js';
import { buildSyncStatus } from '../sync/build-sync-status.js';
import { buildWriteStatus, startOfUtcDay } from '../sync/build-write-status.js';
import { hostedReadStatus, readObjectsOf } from '../sync/hosted-read-status.js';
import { runNowSince } from '../sync/run-now-since.js';
import { classifierFor } from '../upstream/browser-problem.js';
import type { BackfillProgress, ObjectReadStatus } from '../upstream/read-shapes.js';
import { UpstreamFault } from '../upstream/upstream-fault.js';
import { jsonBody, pathParams } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classifyStatus = classifierFor({ path: ['integrationId'] });
const classifyRead = classifierFor({ path: ['integrationId', 'objectName'] });

/**
 * Operations read to find each object's last run (and its recent runs): enough for every object's
 * latest, one page.
 */
export const operationsPage = 100;

/** Each read object's backfill progress, asked for all at once (null: the service has none). */
async function backfillsOf(
  c: Context<BffEnv>,
  deps: RouteDeps,
  integrationId: string,
  installationId: string,
  names: readonly string[],
): Promise<Map<string, BackfillProgress | null>> {
  const ctx = callContext(c);
  const progress = await Promise.all(
    names.map((name) =>
      retold(
        c,
        deps,
        classifyStatus,
        deps.service.getBackfillProgress(ctx, integrationId, installationId, name),
      ),
    ),
  );
  return new Map(names.map((name, index) => [name, progress[index] ?? null]));
}

/** The browser's answer is checked against its schema before it leaves, like every upstream answer. */
function checked(status: SyncStatus): SyncStatus {
  const parsed = syncStatusSchema.safeParse(status);
  if (!parsed.success) throw new UpstreamFault('malformed', 'syncStatus', 'built status does not match');
  return parsed.data;
}

/**
 * `GET /integrations/:integrationId/status` and `POST /integrations/:integrationId/objects/:objectName/read`:
 * how the session's group's installation runs, and "Run now". Both act only for the session's group.
 */
export const syncRoutes = (deps: RouteDeps, rateLimitStore?: RateLimitStore) => {
  const { config } = deps;
  return new Hono<BffEnv>()
    .get('/:integrationId/status', pathParams(integrationParamsSchema), noQuery(), async (c) => {
      const { integrationId } = c.req.valid('param');
      const { groupRef } = c.var.session;
      const ctx = callContext(c);
      const installations = await retold(
        c,
        deps,
        classifyStatus,
        deps.service.listInstallations(ctx, integrationId, groupRef),
      );
      const installation = installations[0];
      if (!installation) return c.json(checked(buildSyncStatus(null, [], [], new Date())), 200);
      // The extension (embedded service only) is asked at the same time as the operations and the
      // manifest (which objects are read always, and each one's default history window).
      const [operations, extension, integration, writes] = await Promise.all([
        retold(
          c,
          deps,
          classifyStatus,
          deps.service.listOperations(ctx, integrationId, installation.id, operationsPage),
        ),
        config.embeddedExtensions
          ? retold(c, deps, classifyStatus, deps.service.getReadStatus(ctx, integrationId, installation.id))
          : null,
        retold(c, deps, classifyStatus, deps.service.getIntegration(ctx, integrationId)),
        // The writes of today (UTC), where the service reports them (its `write-status` extension).
        config.embeddedExtensions
          ? retold(
              c,
              deps,
              classifyStatus,
              deps.service.getWriteStatus(ctx, integrationId, installation.id, startOfUtcDay(new Date())),
            )
          : null,
      ]);
      const manifestObjects = integration.latestRevision.content.read?.objects ?? [];
      let objects: ObjectReadStatus[];
      if (extension) objects = extension.objects;
      else {
        const read = readObjectsOf(installation, manifestObjects);
        const names = read.map((o) => o.objectName);
        const backfills = await backfillsOf(c, deps, integrationId, installation.id, names);
        objects = hostedReadStatus(read, operations, backfills, new Date());
      }
      const status = buildSyncStatus(installation.id, objects, operations, new Date(), {
        connectionStatus: installation.connection.status,
        runNowSince: (objectName) =>
          runNowSince(
            installation,
            objectName,
            manifestObjects.find((o) => o.objectName === objectName),
            operations,
          ),
      });
      return c.json(checked(writes ? { ...status, writes: buildWriteStatus(writes) } : status), 200);
    })
    .post(
      '/:integrationId/objects/:objectName/read',
      bodyLimit({ maxBytes: 1024 }),
      pathParams(objectParamsSchema),
      noQuery(),
      // Each click starts real work in the service: a tighter limit than the session's general one.
      rateLimit({
        max: config.limits.runNowPerWindow,
        windowMs: config.limits.rateWindowMs,
        key: (c) => {
          const { consumerRef, groupRef } = c.get('session') as Session;
          return JSON.stringify(['run-now', consumerRef, groupRef]);
        },
        ...(rateLimitStore ? { store: rateLimitStore } : {}),
      }),
      jsonBody(runNowBodySchema),
      async (c) => {
        if (!config.readUrl) {
          throw problemError(501, 'notConfigured', {
            detail: 'Running a read now is not set up on this server.',
            retryable: false,
          });
        }
        const { integrationId, objectName } = c.req.valid('param');
        const { groupRef } = c.var.session;
        const ctx = callContext(c);
        const installations = await retold(
          c,
          deps,
          classifyRead,
          deps.service.listInstallations(ctx, integrationId, groupRef),
        );
        const installation = installations[0];
        // Without an installation the service answers why (404): it is asked as before.
        let since: string | null = null;
        if (installation) {
          if (installation.connection.status === 'bad_credentials') {
            throw problemError(409, 'connectionBroken', {
              detail:
                'The connection to your account no longer works: reconnect it, then run the read again.',
              retryable: false,
            });
          }
          // Run now brings what changed since the last successful read, within the history window the
          // user chose: without a start, the service would read the whole history again.
          const [operations, integration] = await Promise.all([
            retold(
              c,
              deps,
              classifyRead,
              deps.service.listOperations(ctx, integrationId, installation.id, operationsPage),
            ),
            retold(c, deps, classifyRead, deps.service.getIntegration(ctx, integrationId)),
          ]);
          const manifestObject = integration.latestRevision.content.read?.objects.find(
            (o) => o.objectName === objectName,
          );
          since = runNowSince(installation, objectName, manifestObject, operations);
        }
        const answer = await retold(
          c,
          deps,
          classifyRead,
          deps.service.triggerRead(ctx, integrationId, objectName, groupRef, {
            ...(since ? { sinceTimestamp: since } : {}),
          }),
        );
        return c.json(runNowAnswerSchema.parse(answer), 201);
      },
    );
};
