import type { Installation } from '@splice/schema';
import {
  createInstallationBodySchema,
  createInstallationQuerySchema,
  idempotencyHeaderSchema,
  integrationParamsSchema,
  issueTypes,
} from '@splice/schema';
import { validationError } from '@splice/server-kit';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { idempotency } from '../middleware/idempotency/index.js';
import type { Session } from '../schemas/session.js';
import { classifierFor } from '../upstream/browser-problem.js';
import { hostedValueMappingIssues } from '../validation/hosted-value-mappings.js';
import { headerParams, jsonBody, pathParams, queryParams } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classify = classifierFor({
  path: ['integrationId'],
  query: ['skipSampling'],
  body: ['connectionId', 'config'],
});

/**
 * `POST /integrations/:integrationId/installations`: createInstallation for the session's group.
 *
 * `Idempotency-Key` is required (400 without it). A create is not safe to repeat: the network can lose
 * the 201 after the service saved the installation, and a plain retry would then meet a 409 ("already
 * installed") and show an error for what was a success. With the key, the retry gets the first 201.
 * Making it optional would leave that to every client's memory; the React client sends one per submit.
 */
export const installationRoutes = (deps: RouteDeps) => {
  const { config } = deps;
  return new Hono<BffEnv>().post(
    '/:integrationId/installations',
    bodyLimit({ maxBytes: config.limits.installationBodyBytes }),
    headerParams(idempotencyHeaderSchema),
    pathParams(integrationParamsSchema),
    queryParams(createInstallationQuerySchema),
    jsonBody(createInstallationBodySchema),
    idempotency({
      store: deps.idempotencyStore,
      key: (c) => c.req.header('Idempotency-Key'),
      scope: (c) => {
        const { consumerRef, groupRef, orgId } = c.get('session') as Session;
        return JSON.stringify([consumerRef, groupRef, orgId]);
      },
      ttlMs: config.limits.idempotencyTtlMs,
      pendingTtlMs: config.timeouts.requestMs + 5_000,
    }),
    async (c) => {
      const { session } = c.var;
      const { integrationId } = c.req.valid('param');
      const { skipSampling } = c.req.valid('query');
      const body = c.req.valid('json');
      // The browser may name itself as creator, nobody else: a `builder:` or `api:` value would let a
      // user pass their action off as the builder's.
      const own = `consumer:${session.consumerRef}`;
      if (body.config.createdBy !== undefined && body.config.createdBy !== own) {
        throw validationError([
          {
            type: issueTypes.invalidProperty,
            title: 'Invalid property',
            detail: `Leave it out, or set it to "${own}": an installation is recorded as created by the signed-in user.`,
            in: 'body',
            name: 'config.createdBy',
            value: body.config.createdBy,
          },
        ]);
      }
      if (!config.embeddedExtensions) {
        const issues = hostedValueMappingIssues(body.config.content, ['config', 'content']);
        if (issues.length > 0) throw validationError(issues);
      }
      const created = await retold(
        c,
        deps,
        classify,
        deps.service.createInstallation(
          callContext(c),
          integrationId,
          {
            groupRef: session.groupRef,
            ...(body.connectionId === undefined ? {} : { connectionId: body.connectionId }),
            config: { ...body.config, createdBy: own },
          },
          skipSampling === 'true',
        ),
      );
      // The service created it: even when its answer could not be fully read, this is a 201 (with what
      // could be read), so the idempotency record keeps it and a retry replays it instead of meeting a 409.
      // The type stays `Installation` for the client; the partial case is documented in the README.
      return c.json(created.installation as Installation, 201);
    },
  );
};
