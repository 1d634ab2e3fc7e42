/** Orgs: the builder's organisation, which invites are sent on behalf of. The API has no org resource to derive from. */
import { randomUUID } from 'node:crypto';
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import type { Table } from '../table.js';
import type { WithDefaults } from '../with-defaults.js';

export interface Org {
  id: string;
  name: string;
  createTime: string;
}
export type NewOrg = WithDefaults<Org, 'id' | 'createTime'>;

const orgs: Table<Org> = { name: 'orgs', columns: { id: 'text', name: 'text', createTime: 'text' } };

export async function insertOrg(db: StoreAccess, input: NewOrg): Promise<Org> {
  const org: Org = { id: input.id ?? randomUUID(), name: input.name, createTime: input.createTime ?? now() };
  return db.insert(orgs, org, `org ${org.id} already exists`);
}

export async function getOrg(db: StoreAccess, id: string): Promise<Org | undefined> {
  return db.get(orgs, 'SELECT * FROM orgs WHERE id = ?', id);
}
