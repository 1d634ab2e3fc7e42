/** Groups: the builder's customers (a company, a team), keyed by the builder's own `groupRef`. */
import type { Group } from '@splice/schema';
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import type { Table } from '../table.js';
import { toRow } from '../table.js';
import type { WithDefaults } from '../with-defaults.js';

export type { Group };
export type NewGroup = WithDefaults<Group, 'createTime'>;

const groups: Table<Group> = {
  name: 'groups',
  columns: { groupRef: 'text', groupName: 'text', projectId: 'text', createTime: 'text', updateTime: 'text' },
};

/** Runs inside the caller's transaction (see `Repository.upsertGroup`). */
export async function upsertGroup(db: StoreAccess, input: NewGroup): Promise<Group> {
  const existing = await getGroup(db, input.projectId, input.groupRef);
  if (existing && existing.groupName === input.groupName) return existing;
  const updateTime = existing ? (input.updateTime ?? now()) : input.updateTime;
  const group: Group = {
    groupRef: input.groupRef,
    groupName: input.groupName,
    projectId: input.projectId,
    createTime: existing?.createTime ?? input.createTime ?? now(),
    ...(updateTime === undefined ? {} : { updateTime }),
  };
  // An upsert rather than an INSERT or UPDATE by `existing`: another instance may insert the same group
  // between the read and the write (PostgreSQL, READ COMMITTED).
  await db.run(
    `INSERT INTO groups (project_id, group_ref, group_name, create_time, update_time)
     VALUES (@project_id, @group_ref, @group_name, @create_time, @update_time)
     ON CONFLICT (project_id, group_ref) DO UPDATE SET
       group_name = excluded.group_name, update_time = excluded.update_time`,
    toRow(groups, group),
    { table: groups.name, conflictMessage: `group ${group.groupRef} already exists` },
  );
  return group;
}

export async function getGroup(
  db: StoreAccess,
  projectId: string,
  groupRef: string,
): Promise<Group | undefined> {
  return db.get(groups, 'SELECT * FROM groups WHERE project_id = ? AND group_ref = ?', projectId, groupRef);
}
