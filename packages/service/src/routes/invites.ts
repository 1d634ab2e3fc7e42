import { inviteRequestSchema } from '@splice/schema';
import { Hono } from 'hono';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../http/body-limit.js';
import { requireCredentials } from '../http/credentials.js';
import { problemError } from '../http/problem.js';
import { readJson } from '../http/read-json.js';

/** docs/service-interface.md#org-invites: POST {base_url}/orgs/{orgId}/invites, bearer token. */
export function inviteRoutes(deps: ServiceDeps) {
  const { repo } = deps;
  return new Hono().post(
    '/orgs/:orgId/invites',
    requireCredentials(deps.credentials, 'bearer'),
    bodyLimit(16 * 1024),
    async (c) => {
      const orgId = c.req.param('orgId');
      const org = repo.getOrg(orgId);
      if (!org) throw problemError(404, 'orgNotFound', `There is no organization "${orgId}".`);
      const { email } = await readJson(c, inviteRequestSchema);
      const invite = repo.transaction(() => {
        // Addresses compare case-insensitively: Ann@x.com and ann@x.com are one person's inbox.
        const pending = repo
          .listInvites(org.id)
          .find((i) => i.status === 'pending' && i.invitedEmail.toLowerCase() === email.toLowerCase());
        if (pending) {
          throw problemError(409, 'inviteExists', {
            detail: `${email} already has a pending invite to "${org.name}" (invite ${pending.id}).`,
          });
        }
        return repo.insertInvite({ orgId: org.id, invitedEmail: email });
      });
      const { orgId: _omitted, ...body } = invite;
      return c.json(body, 201);
    },
  );
}
