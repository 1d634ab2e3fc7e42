import { inviteRequestSchema } from '@splice/schema';
import { jsonBody, problemError } from '@splice/server-kit';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import type { Invite, Org, Repository } from '../store/index.js';

/** The org a path names, resolved (or 404) before the body is validated: a wrong address is told first. */
const withOrg = (repo: Repository) =>
  createMiddleware<{ Variables: { org: Org } }>(async (c, next) => {
    const orgId = c.req.param('orgId') ?? '';
    const org = await repo.getOrg(orgId);
    if (!org) throw problemError(404, 'orgNotFound', `There is no organization "${orgId}".`);
    c.set('org', org);
    await next();
  });

/** docs/service-interface.md#org-invites: POST {base_url}/orgs/{orgId}/invites, bearer token. */
export function inviteRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  const bearer = requireCredentials(deps.credentials, 'bearer');
  const view = ({ orgId: _omitted, ...body }: Invite) => body;
  return (
    new Hono()
      // The hosted service's listOrgInvites and deleteOrgInvite (revoke): every invite of the org, bearer only.
      .get('/orgs/:orgId/invites', bearer, withOrg(repo), async (c) =>
        c.json((await repo.listInvites(c.var.org.id)).map(view), 200),
      )
      .delete('/orgs/:orgId/invites/:inviteId', bearer, withOrg(repo), async (c) => {
        const id = c.req.param('inviteId');
        if (!(await repo.revokeInvite(c.var.org.id, id))) {
          throw problemError(404, 'notFound', `"${c.var.org.name}" has no pending invite "${id}".`);
        }
        return c.body(null, 204);
      })
      .post(
        '/orgs/:orgId/invites',
        requireCredentials(deps.credentials, 'bearer'),
        bodyLimit(16 * 1024),
        withOrg(repo),
        jsonBody(inviteRequestSchema),
        async (c) => {
          const { org } = c.var;
          const { email } = c.req.valid('json');
          const invite = await repo.transaction(async (tx) => {
            // Addresses compare case-insensitively: Ann@x.com and ann@x.com are one person's inbox.
            const pending = (await tx.listInvites(org.id)).find(
              (i) => i.status === 'pending' && i.invitedEmail.toLowerCase() === email.toLowerCase(),
            );
            if (pending) {
              throw problemError(409, 'inviteExists', {
                detail: `${email} already has a pending invite to "${org.name}" (invite ${pending.id}).`,
              });
            }
            return tx.insertInvite({ orgId: org.id, invitedEmail: email });
          });
          return c.json(view(invite), 201);
        },
      )
  );
}
