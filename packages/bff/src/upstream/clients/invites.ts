import type { Invite } from '@splice/schema';
import { inviteRequestSchema, inviteSchema } from '@splice/schema';
import { readAnswer, readEach } from '../answers/read-answer.js';
import type { CallContext } from '../call.js';
import { endpoint } from '../endpoint.js';
import type { ClientKit } from './client-kit.js';
import { strictBody } from './client-kit.js';

/** The org's invites (bearer token, org-wide). */
export function createInvitesClient(kit: ClientKit) {
  const { baseUrl, call, read, settle } = kit;
  return {
    async createInvite(ctx: CallContext, orgId: string, email: string): Promise<Invite> {
      const operation = 'createInvite';
      const url = endpoint(baseUrl, ['orgs', orgId, 'invites']);
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'bearer',
        body: strictBody(inviteRequestSchema, { email }, operation),
        kind: 'write',
        expectStatus: 201,
      });
      return read(ctx, operation, inviteSchema, json);
    },

    /**
     * Every invite of the org (the hosted listOrgInvites, bearer token). Org-wide: the caller narrows it
     * to what the signed-in user may see before anything reaches a browser.
     */
    async listInvites(ctx: CallContext, orgId: string): Promise<Invite[]> {
      const operation = 'listInvites';
      const json = await call(ctx, {
        operation,
        method: 'GET',
        url: endpoint(baseUrl, ['orgs', orgId, 'invites']),
        credential: 'bearer',
        kind: 'read',
        expectStatus: 200,
      });
      return settle(
        ctx,
        operation,
        readEach(json, (item) => readAnswer(inviteSchema, item)),
      );
    },

    /** Revokes an invite (the hosted deleteOrgInvite, bearer token): 204. */
    async revokeInvite(ctx: CallContext, orgId: string, inviteId: string): Promise<void> {
      await call(ctx, {
        operation: 'revokeInvite',
        method: 'DELETE',
        url: endpoint(baseUrl, ['orgs', orgId, 'invites', inviteId]),
        credential: 'bearer',
        kind: 'write',
        expectStatus: 204,
        answer: 'none',
      });
    },
  };
}
