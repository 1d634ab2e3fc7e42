/** Connections: a group's account at a provider, with the secrets to call it. */
import { randomUUID } from 'node:crypto';
import type { Connection as ConnectionResource } from '@splice/schema';
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import type { Table } from '../table.js';
import type { WithDefaults } from '../with-defaults.js';

export type ConnectionStatus = ConnectionResource['status'];

/** The API's connection with its group and consumer stored as references, plus what the API never shows. */
export type Connection = Omit<ConnectionResource, 'group' | 'consumer'> & {
  groupRef: ConnectionResource['group']['groupRef'];
  consumerRef: ConnectionResource['consumer']['consumerRef'];
  /** The connection a create uses when it names none; at most one per group and provider. */
  isDefault: boolean;
  /** Secrets (e.g. `{ accessToken, refreshToken }`): never hand these to a browser. */
  credentials: Record<string, unknown>;
};
export type NewConnection = WithDefaults<Connection, 'id' | 'createTime'>;
/** What an OAuth flow or a provider's refusal changes on a connection. `updateTime` defaults to now. */
export type ConnectionChanges = Partial<
  Pick<Connection, 'status' | 'consumerRef' | 'providerWorkspaceRef' | 'credentials' | 'updateTime'>
>;

const connections: Table<Connection> = {
  name: 'connections',
  columns: {
    id: 'text',
    projectId: 'text',
    provider: 'text',
    groupRef: 'text',
    consumerRef: 'text',
    providerWorkspaceRef: 'text',
    status: 'text',
    authScheme: 'text',
    isDefault: 'boolean',
    createTime: 'text',
    updateTime: 'text',
    credentials: 'json',
  },
};

export async function insertConnection(db: StoreAccess, input: NewConnection): Promise<Connection> {
  const connection: Connection = {
    ...input,
    id: input.id ?? randomUUID(),
    createTime: input.createTime ?? now(),
  };
  return db.insert(
    connections,
    connection,
    `group ${connection.groupRef} already has a default ${connection.provider} connection`,
  );
}

export async function getConnection(
  db: StoreAccess,
  projectId: string,
  id: string,
): Promise<Connection | undefined> {
  return db.get(connections, 'SELECT * FROM connections WHERE project_id = ? AND id = ?', projectId, id);
}

export async function listConnections(
  db: StoreAccess,
  projectId: string,
  groupRef?: string,
): Promise<Connection[]> {
  if (groupRef === undefined) {
    return db.all(
      connections,
      'SELECT * FROM connections WHERE project_id = ? ORDER BY create_time, id',
      projectId,
    );
  }
  return db.all(
    connections,
    'SELECT * FROM connections WHERE project_id = ? AND group_ref = ? ORDER BY create_time, id',
    projectId,
    groupRef,
  );
}

export async function getDefaultConnection(
  db: StoreAccess,
  projectId: string,
  groupRef: string,
  provider: string,
): Promise<Connection | undefined> {
  return db.get(
    connections,
    'SELECT * FROM connections WHERE project_id = ? AND group_ref = ? AND provider = ? AND is_default = TRUE',
    projectId,
    groupRef,
    provider,
  );
}

export async function updateConnection(
  db: StoreAccess,
  projectId: string,
  id: string,
  changes: ConnectionChanges,
): Promise<Connection | undefined> {
  const current = await getConnection(db, projectId, id);
  if (!current) return undefined;
  const next: Connection = { ...current, ...changes, updateTime: changes.updateTime ?? now() };
  await db.run(
    `UPDATE connections
     SET status = @status, consumer_ref = @consumerRef, provider_workspace_ref = @providerWorkspaceRef,
       credentials = @credentials, update_time = @updateTime
     WHERE project_id = @projectId AND id = @id`,
    {
      projectId,
      id,
      status: next.status,
      consumerRef: next.consumerRef,
      providerWorkspaceRef: next.providerWorkspaceRef ?? null,
      credentials: JSON.stringify(next.credentials),
      updateTime: next.updateTime ?? null,
    },
  );
  return next;
}

export async function deleteConnection(db: StoreAccess, projectId: string, id: string): Promise<boolean> {
  return (await db.change('DELETE FROM connections WHERE project_id = ? AND id = ?', projectId, id)) > 0;
}

/**
 * Replaces a connection's credentials only while they are still `expected` (compare-and-set in one
 * conditional UPDATE): of two writers that read the same credentials, one wins and the other changes
 * nothing. Sealed credentials carry a fresh IV each time, so equal credentials mean the same write.
 */
export async function replaceConnectionCredentials(
  db: StoreAccess,
  projectId: string,
  id: string,
  expected: Record<string, unknown>,
  next: Record<string, unknown>,
): Promise<boolean> {
  const changed = await db.change(
    `UPDATE connections SET credentials = ?, update_time = ?
     WHERE project_id = ? AND id = ? AND credentials = ?`,
    JSON.stringify(next),
    now(),
    projectId,
    id,
    JSON.stringify(expected),
  );
  return changed === 1;
}

/**
 * Sets a connection's status alone (one UPDATE, so it cannot undo a concurrent credentials change);
 * `updateTime` moves only when the status does. False when there is no such connection or no change.
 */
export async function setConnectionStatus(
  db: StoreAccess,
  projectId: string,
  id: string,
  status: ConnectionStatus,
): Promise<boolean> {
  const changed = await db.change(
    'UPDATE connections SET status = ?, update_time = ? WHERE project_id = ? AND id = ? AND status <> ?',
    status,
    now(),
    projectId,
    id,
    status,
  );
  return changed === 1;
}
