import type { Connection } from '@splice/schema';
import { connectStartSchema, integrationParamsSchema } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { noQuery } from '../middleware/no-query/index.js';

import { classifierFor } from '../upstream/browser-problem.js';
import { jsonBody, pathParams } from '../validation/validators.js';
import { bindFlowToBrowser } from './connect-binding.js';
import { connectDonePath } from './connect-done.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classify = classifierFor({ path: ['integrationId'] });

/** The group's connection to a provider: a working one first, else the newest (possibly bad) one. */
export function groupConnection(connections: Connection[], provider: string): Connection | null {
  const forProvider = connections.filter((c) => c.provider === provider);
  return (
    forProvider.find((c) => c.status === 'working') ??
    forProvider.find((c) => c.status === 'created') ??
    forProvider.at(-1) ??
    null
  );
}

/**
 * The page origin the flow returns to: the request's Origin (the CSRF guard has checked it against the
 * allowlist), else this request's own origin when allowed, else the first allowed origin.
 */
function pageOrigin(c: Context<BffEnv>, allowed: readonly string[]): string {
  const origin = c.req.header('Origin');
  if (origin && allowed.includes(origin)) return origin;
  const own = new URL(c.req.url).origin;
  return allowed.includes(own) ? own : (allowed[0] as string);
}

/**
 * Where the service sends the browser when the flow ends: this BFF's result page, on the page's origin
 * (the BFF is mounted on the builder's own origin), carrying the click's attempt id, the mode and where a
 * same-tab flow returns to. The mount prefix is whatever precedes `/integrations/` in this request. The
 * flow is bound to this browser: a cookie for the result page holds the secret whose hash the service
 * keeps, so the flow saves nothing unless it ends in this browser.
 */
function embeddedFlowEnd(
  c: Context<BffEnv>,
  deps: RouteDeps,
  body: { attempt: string; mode: string; returnTo?: string | undefined },
): { redirectUrl: string; browserBinding: string } {
  const origin = pageOrigin(c, deps.config.allowedOrigins);
  const path = new URL(c.req.url).pathname;
  const mount = path.slice(0, path.lastIndexOf('/integrations/'));
  const url = new URL(`${origin}${mount}${connectDonePath}`);
  url.searchParams.set('attempt', body.attempt);
  url.searchParams.set('mode', body.mode);
  url.searchParams.set('origin', origin);
  if (body.returnTo) url.searchParams.set('returnTo', body.returnTo);
  const browserBinding = bindFlowToBrowser(c, body.attempt, {
    donePath: url.pathname,
    secure: url.protocol === 'https:',
  });
  return { redirectUrl: url.toString(), browserBinding };
}

/**
 * The connect flow for the session's group and consumer: `POST /:integrationId/connect` (a new or the
 * default connection), `POST /:integrationId/reconnect` (refresh the group's existing connection), both
 * answering `{ url }` to open; `GET /:integrationId/connection` for the component's status checks and
 * `DELETE /:integrationId/connection` to disconnect. The
 * provider always comes from the integration, the group and consumer from the session.
 */
export const connectRoutes = (deps: RouteDeps) =>
  new Hono<BffEnv>()
    .post(
      '/:integrationId/connect',
      bodyLimit({ maxBytes: 4 * 1024 }),
      noQuery(),
      pathParams(integrationParamsSchema),
      jsonBody(connectStartSchema),
      async (c) => {
        const { integrationId } = c.req.valid('param');
        const body = c.req.valid('json');
        const { groupRef, consumerRef } = c.var.session;
        const ctx = callContext(c);
        const integration = await retold(c, deps, classify, deps.service.getIntegration(ctx, integrationId));
        const url = await retold(
          c,
          deps,
          classify,
          deps.service.oauthConnect(ctx, {
            provider: integration.provider,
            groupRef,
            consumerRef,
            ...(deps.config.embeddedExtensions ? embeddedFlowEnd(c, deps, body) : {}),
          }),
        );
        return c.json({ url }, 200);
      },
    )
    .post(
      '/:integrationId/reconnect',
      bodyLimit({ maxBytes: 4 * 1024 }),
      noQuery(),
      pathParams(integrationParamsSchema),
      jsonBody(connectStartSchema),
      async (c) => {
        const { integrationId } = c.req.valid('param');
        const body = c.req.valid('json');
        const ctx = callContext(c);
        const [integration, connections] = await Promise.all([
          retold(c, deps, classify, deps.service.getIntegration(ctx, integrationId)),
          retold(c, deps, classify, deps.service.listConnections(ctx, c.var.session.groupRef)),
        ]);
        const connection = groupConnection(connections, integration.provider);
        if (!connection) {
          throw problemError(409, 'noConnection', {
            detail: `There is no ${integration.provider} connection to reconnect yet: connect one first.`,
          });
        }
        const url = await retold(
          c,
          deps,
          classify,
          deps.service.oauthUpdate(
            ctx,
            connection.id,
            deps.config.embeddedExtensions ? embeddedFlowEnd(c, deps, body) : undefined,
          ),
        );
        return c.json({ url }, 200);
      },
    )
    /**
     * Disconnect: deletes the group's connection to the integration's provider (204). While the group's
     * installation uses it, it is refused (409 `connection-in-use`, naming the installation): the
     * installation would go on reading with no account behind it, so the user uninstalls first (which
     * deletes the connection with it). Nothing to disconnect is a success: the group has no connection
     * either way, so a retry after a lost answer is not an error.
     */
    .delete('/:integrationId/connection', noQuery(), pathParams(integrationParamsSchema), async (c) => {
      const { integrationId } = c.req.valid('param');
      const { groupRef } = c.var.session;
      const ctx = callContext(c);
      const [integration, connections, installations] = await Promise.all([
        retold(c, deps, classify, deps.service.getIntegration(ctx, integrationId)),
        retold(c, deps, classify, deps.service.listConnections(ctx, groupRef)),
        retold(c, deps, classify, deps.service.listInstallations(ctx, integrationId, groupRef)),
      ]);
      const connection = groupConnection(connections, integration.provider);
      if (!connection) return c.body(null, 204);
      const user = installations.find((installation) => installation.connection.id === connection.id);
      if (user) {
        throw problemError(409, 'connectionInUse', {
          detail: `Your installation of ${integration.name} (${user.id}) reads through this connection: uninstall it first, then disconnect.`,
          retryable: false,
        });
      }
      await retold(c, deps, classify, deps.service.deleteConnection(ctx, connection.id));
      return c.body(null, 204);
    })
    .get('/:integrationId/connection', noQuery(), pathParams(integrationParamsSchema), async (c) => {
      const { integrationId } = c.req.valid('param');
      const ctx = callContext(c);
      const [integration, connections] = await Promise.all([
        retold(c, deps, classify, deps.service.getIntegration(ctx, integrationId)),
        retold(c, deps, classify, deps.service.listConnections(ctx, c.var.session.groupRef)),
      ]);
      return c.json({ connection: groupConnection(connections, integration.provider) }, 200);
    });
