/** Invites: an org's invitations of teammates by email. */
import { randomUUID } from 'node:crypto';
import type { Invite as InviteResource } from '@splice/schema';
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import type { Table } from '../table.js';
import type { WithDefaults } from '../with-defaults.js';

export type { InviteStatus } from '@splice/schema';

/** The API's invite plus the org it belongs to; the store always records an update time. */
export type Invite = Omit<InviteResource, 'updateTime'> & {
  orgId: string;
  updateTime: InviteResource['createTime'];
};
/**
 * A new invite is `pending` (docs/service-interface.md#invite-states); `parentType` defaults to `org`, `parentId`
 * to `orgId`, `updateTime` to `createTime`.
 */
export type NewInvite = WithDefaults<
  Invite,
  'id' | 'createTime' | 'updateTime' | 'status' | 'parentType' | 'parentId'
>;

const invites: Table<Invite> = {
  name: 'invites',
  columns: {
    id: 'text',
    orgId: 'text',
    invitedEmail: 'text',
    parentType: 'text',
    parentId: 'text',
    status: 'text',
    createTime: 'text',
    updateTime: 'text',
  },
};

export async function insertInvite(db: StoreAccess, input: NewInvite): Promise<Invite> {
  const createTime = input.createTime ?? now();
  const invite: Invite = {
    id: input.id ?? randomUUID(),
    orgId: input.orgId,
    invitedEmail: input.invitedEmail,
    parentType: input.parentType ?? 'org',
    parentId: input.parentId ?? input.orgId,
    status: input.status ?? 'pending',
    createTime,
    updateTime: input.updateTime ?? createTime,
  };
  return db.insert(invites, invite, `invite ${invite.id} already exists`);
}

export async function listInvites(db: StoreAccess, orgId: string): Promise<Invite[]> {
  return db.all(invites, 'SELECT * FROM invites WHERE org_id = ? ORDER BY create_time, id', orgId);
}

/**
 * Revokes a pending invite of `orgId`: its status becomes `revoked` (the row stays, so the org's list
 * still shows what happened). False when the org has no such pending invite.
 */
export async function revokeInvite(db: StoreAccess, orgId: string, id: string): Promise<boolean> {
  return (
    (await db.change(
      "UPDATE invites SET status = 'revoked', update_time = ? WHERE org_id = ? AND id = ? AND status = 'pending'",
      now(),
      orgId,
      id,
    )) > 0
  );
}
