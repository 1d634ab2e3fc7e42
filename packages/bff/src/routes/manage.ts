import type { Installation, Issue, UpdateInstallationBody } from '@splice/schema';
import {
  createInstallationQuerySchema,
  integrationParamsSchema,
  issueTypes,
  objectParamsSchema,
  parseUpdateMask,
  pauseBodySchema,
  problemTypes,
  uninstallHeadersSchema,
  updateInstallationBodySchema,
  updateInstallationHeadersSchema,
} from '@splice/schema';
import { problemError, validationError } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { idempotency } from '../middleware/idempotency/index.js';
import { noQuery } from '../middleware/no-query/index.js';
import type { Session } from '../schemas/session.js';
import { userPauseNotePrefix } from '../sync/build-sync-status.js';
import { browserProblem, classifierFor } from '../upstream/browser-problem.js';
import { UpstreamProblem } from '../upstream/upstream-problem.js';
import { hostedValueMappingIssues } from '../validation/hosted-value-mappings.js';
import { headerParams, jsonBody, pathParams, queryParams } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classifyUpdate = classifierFor({
  path: ['integrationId'],
  query: ['skipSampling'],
  // The service names the update's fields under `installation`; the browser sent them under that name.
  body: ['updateMask', 'installation'],
});
const classifyPath = classifierFor({ path: ['integrationId', 'objectName'] });

/** What the browser may change of its installation: every hosted mask except `config.createdBy`. */
function checkMasks(body: UpdateInstallationBody, own: string): Issue[] {
  const issues: Issue[] = [];
  body.updateMask.forEach((path, index) => {
    const mask = parseUpdateMask(path);
    if (mask?.kind === 'createdBy' && body.installation.config?.createdBy === own) return;
    if (!mask || mask.kind === 'createdBy') {
      issues.push({
        type: issueTypes.invalidProperty,
        title: 'Invalid property',
        detail:
          mask?.kind === 'createdBy'
            ? `A change is recorded as made by the signed-in user ("${own}"); leave this mask out.`
            : 'Not a field you can change: use config.content.read.objects.<object>, config.content.write.objects[.<object>], config.content.proxy.enabled or connectionId.',
        in: 'body',
        name: `updateMask[${index}]`,
        value: path,
      });
    }
  });
  return issues;
}

/** The session's group's installation of the integration; 404 when it has none. */
async function groupInstallation(
  c: Context<BffEnv>,
  deps: RouteDeps,
  integrationId: string,
): Promise<Installation> {
  const installations = await retold(
    c,
    deps,
    classifyPath,
    deps.service.listInstallations(callContext(c), integrationId, c.var.session.groupRef),
  );
  const installation = installations[0];
  if (!installation) {
    throw problemError(404, 'notFound', {
      type: problemTypes.installationNotFound.type,
      detail: 'This integration is not installed for your account.',
    });
  }
  return installation;
}

/**
 * Managing the session's group's installation: `PATCH` and `DELETE /integrations/:integrationId/installation`,
 * `POST /integrations/:integrationId/objects/:objectName/pause|resume`. The installation is always the
 * group's own (looked up by the session's group, never named by the browser).
 *
 * The update and the uninstall require `Idempotency-Key`, as the create does: a retry after a lost answer
 * gets the first answer instead of a 412 (the update moved the version) or a 404 (already deleted).
 */
export const manageRoutes = (deps: RouteDeps) => {
  const { config } = deps;
  const once = idempotency({
    store: deps.idempotencyStore,
    key: (c) => c.req.header('Idempotency-Key'),
    scope: (c) => {
      const { consumerRef, groupRef, orgId } = c.get('session') as Session;
      return JSON.stringify([consumerRef, groupRef, orgId]);
    },
    ttlMs: config.limits.idempotencyTtlMs,
    pendingTtlMs: config.timeouts.requestMs + 5_000,
  });
  /** Pause or resume one object of the group's installation. */
  const setPaused = async (c: Context<BffEnv>, objectName: string, integrationId: string, pause: boolean) => {
    const installation = await groupInstallation(c, deps, integrationId);
    try {
      // The note names who paused, so that the status tells the user's own pause from the app's.
      const note = pause ? `${userPauseNotePrefix}${c.var.session.consumerRef}` : undefined;
      await deps.service.pauseObjects(
        callContext(c),
        integrationId,
        installation.id,
        [objectName],
        pause,
        note,
      );
    } catch (error) {
      // The service names its own body (`objects[0]`); the browser named the object in the path.
      if (error instanceof UpstreamProblem && error.problem.type === problemTypes.objectNotRead.type) {
        throw problemError(422, 'validation', {
          type: error.problem.type,
          detail: 'This integration does not read that object for your account.',
          issues: [
            {
              type: error.problem.type,
              detail: 'Not an object this installation reads.',
              in: 'path',
              name: 'objectName',
              value: objectName,
            },
          ],
        });
      }
      if (error instanceof UpstreamProblem) {
        throw browserProblem(error, classifyPath, c.var.session, deps.config.project);
      }
      throw error;
    }
    return c.body(null, 204);
  };
  return new Hono<BffEnv>()
    .patch(
      '/:integrationId/installation',
      bodyLimit({ maxBytes: config.limits.installationBodyBytes }),
      headerParams(updateInstallationHeadersSchema),
      pathParams(integrationParamsSchema),
      queryParams(createInstallationQuerySchema),
      jsonBody(updateInstallationBodySchema),
      once,
      async (c) => {
        const { session } = c.var;
        const { integrationId } = c.req.valid('param');
        const { skipSampling } = c.req.valid('query');
        const { 'if-match': ifMatch } = c.req.valid('header');
        const body = c.req.valid('json');
        const own = `consumer:${session.consumerRef}`;
        const issues = checkMasks(body, own);
        if (body.installation.config?.createdBy !== undefined && body.installation.config.createdBy !== own) {
          issues.push({
            type: issueTypes.invalidProperty,
            title: 'Invalid property',
            detail: `Leave it out, or set it to "${own}": a change is recorded as made by the signed-in user.`,
            in: 'body',
            name: 'installation.config.createdBy',
            value: body.installation.config.createdBy,
          });
        }
        if (!config.embeddedExtensions) {
          issues.push(
            ...hostedValueMappingIssues(body.installation.config?.content, [
              'installation',
              'config',
              'content',
            ]),
          );
        }
        if (issues.length > 0) throw validationError(issues);
        const installation = await groupInstallation(c, deps, integrationId);
        // The new config is attributed to the signed-in user, whatever the browser sent.
        const masks = body.updateMask.filter((path) => path !== 'config.createdBy');
        const updated = await retold(
          c,
          deps,
          classifyUpdate,
          deps.service.updateInstallation(
            callContext(c),
            integrationId,
            installation.id,
            {
              updateMask: [...masks, 'config.createdBy'],
              installation: {
                ...(body.installation.connectionId === undefined
                  ? {}
                  : { connectionId: body.installation.connectionId }),
                config: {
                  createdBy: own,
                  ...(body.installation.config?.content ? { content: body.installation.config.content } : {}),
                },
              },
            },
            { skipSampling: skipSampling === 'true', ifMatch },
          ),
        );
        return c.json(updated, 200);
      },
    )
    .delete(
      '/:integrationId/installation',
      headerParams(uninstallHeadersSchema),
      pathParams(integrationParamsSchema),
      noQuery(),
      once,
      async (c) => {
        const { integrationId } = c.req.valid('param');
        const { 'if-match': ifMatch } = c.req.valid('header');
        const installation = await groupInstallation(c, deps, integrationId);
        await retold(
          c,
          deps,
          classifyPath,
          deps.service.deleteInstallation(callContext(c), integrationId, installation.id, ifMatch),
        );
        return c.body(null, 204);
      },
    )
    .post(
      '/:integrationId/objects/:objectName/pause',
      bodyLimit({ maxBytes: 1024 }),
      pathParams(objectParamsSchema),
      noQuery(),
      jsonBody(pauseBodySchema),
      (c) => {
        const { integrationId, objectName } = c.req.valid('param');
        return setPaused(c, objectName, integrationId, true);
      },
    )
    .post(
      '/:integrationId/objects/:objectName/resume',
      bodyLimit({ maxBytes: 1024 }),
      pathParams(objectParamsSchema),
      noQuery(),
      jsonBody(pauseBodySchema),
      (c) => {
        const { integrationId, objectName } = c.req.valid('param');
        return setPaused(c, objectName, integrationId, false);
      },
    );
};
