import type { Invite } from '@splice/schema';
import { inviteParamsSchema, inviteRequestSchema } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { noQuery } from '../middleware/no-query/index.js';
import { fromStore } from '../middleware/store-unavailable.js';
import { classifierFor } from '../upstream/browser-problem.js';
import { UpstreamProblem } from '../upstream/upstream-problem.js';
import { jsonBody, pathParams } from '../validation/validators.js';
import type { RouteDeps } from './deps.js';
import { callContext, retold } from './deps.js';

const classify = classifierFor({ body: ['email'] });
const classifyPath = classifierFor({ path: ['inviteId'] });

/**
 * One answer for "no such invite" and "another group's invite": a 403 would tell a browser that an ID it
 * guessed exists in the organization.
 */
const noSuchInvite = (inviteId: string) =>
  problemError(404, 'notFound', `There is no pending invite "${inviteId}" sent from this account.`);

/**
 * `POST /invites`, `GET /invites` and `DELETE /invites/:inviteId`: the session's organization's invites
 * (bearer token upstream). The service's invites name no customer group, so the BFF records which group
 * sent each one (`InviteStore`) and shows and revokes only that group's own.
 */
export const inviteRoutes = (deps: RouteDeps) => {
  const { inviteStore } = deps;
  const pendingOfGroup = async (c: Context<BffEnv>): Promise<Invite[]> => {
    const { orgId, groupRef } = c.var.session;
    const sent = await fromStore(() => inviteStore.listSent(orgId, groupRef));
    if (sent.length === 0) return [];
    const all = await retold(c, deps, classify, deps.service.listInvites(callContext(c), orgId));
    const byId = new Map(all.map((invite) => [invite.id, invite]));
    // The store's order (newest first); an invite the service no longer lists is simply not shown.
    return sent.flatMap(({ inviteId }) => {
      const invite = byId.get(inviteId);
      return invite?.status === 'pending' ? [invite] : [];
    });
  };

  return new Hono<BffEnv>()
    .post(
      '/',
      bodyLimit({ maxBytes: deps.config.limits.inviteBodyBytes }),
      noQuery(),
      jsonBody(inviteRequestSchema),
      async (c) => {
        const { email } = c.req.valid('json');
        const { orgId, groupRef, consumerRef } = c.var.session;
        const invite = await retold(
          c,
          deps,
          classify,
          deps.service.createInvite(callContext(c), orgId, email),
        );
        // The invite exists now whatever the store says: a 503 would make the user's retry a 409. An
        // unrecorded invite is only missing from the group's list, so the failure is logged, not told.
        await inviteStore
          .record({ orgId, inviteId: invite.id, groupRef, consumerRef, sentAt: Date.now() })
          .catch((error: unknown) =>
            deps.log({
              level: 'error',
              msg: 'invite not recorded',
              requestId: c.var.requestId,
              inviteId: invite.id,
              error: error instanceof Error ? error.message : String(error),
            }),
          );
        return c.json(invite, 201);
      },
    )
    .get('/', noQuery(), async (c) => c.json({ invites: await pendingOfGroup(c) }, 200))
    .delete('/:inviteId', pathParams(inviteParamsSchema), noQuery(), async (c) => {
      const { inviteId } = c.req.valid('param');
      const { orgId, groupRef } = c.var.session;
      const sender = await fromStore(() => inviteStore.find(orgId, inviteId));
      if (sender?.groupRef !== groupRef) throw noSuchInvite(inviteId);
      const revoked = deps.service.revokeInvite(callContext(c), orgId, inviteId).catch(async (error) => {
        // Accepted, expired or revoked elsewhere: nothing pending is left to revoke.
        if (!(error instanceof UpstreamProblem && error.status === 404)) throw error;
        await fromStore(() => inviteStore.forget(orgId, inviteId));
        throw noSuchInvite(inviteId);
      });
      await retold(c, deps, classifyPath, revoked);
      // Revoked upstream: a record left behind by a failing store only lists as nothing (not pending).
      await inviteStore.forget(orgId, inviteId).catch(() => {});
      return c.body(null, 204);
    });
};
