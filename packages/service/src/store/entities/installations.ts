/** Installations: a group's installation of an integration, with the config it was made with. */
import { randomUUID } from 'node:crypto';
import type { ConfigRecord, Installation as InstallationResource } from '@splice/schema';
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import type { Table } from '../table.js';
import { toRow } from '../table.js';
import type { WithDefaults } from '../with-defaults.js';

export type HealthStatus = InstallationResource['healthStatus'];
export type OperationStatus = NonNullable<InstallationResource['lastOperationStatus']>;
export type InstallationConfig = ConfigRecord;

/** The API's installation with its group and connection stored as references (routes expand them). */
export type Installation = Omit<InstallationResource, 'group' | 'connection'> & {
  groupRef: string;
  connectionId: string;
};
/** `healthStatus` defaults to `healthy`. */
export type NewInstallation = WithDefaults<Installation, 'id' | 'createTime' | 'healthStatus'>;

const installations: Table<Installation> = {
  name: 'installations',
  columns: {
    id: 'text',
    projectId: 'text',
    integrationId: 'text',
    groupRef: 'text',
    connectionId: 'text',
    healthStatus: 'text',
    lastOperationStatus: 'text',
    createTime: 'text',
    updateTime: 'text',
    createdBy: 'text',
    config: 'json',
  },
};

export async function insertInstallation(db: StoreAccess, input: NewInstallation): Promise<Installation> {
  const installation: Installation = {
    ...input,
    id: input.id ?? randomUUID(),
    createTime: input.createTime ?? now(),
    healthStatus: input.healthStatus ?? 'healthy',
  };
  return db.insert(
    installations,
    installation,
    `group ${installation.groupRef} already has an installation of integration ${installation.integrationId}`,
  );
}

export async function getInstallation(
  db: StoreAccess,
  projectId: string,
  integrationId: string,
  groupRef: string,
): Promise<Installation | undefined> {
  return db.get(
    installations,
    'SELECT * FROM installations WHERE project_id = ? AND integration_id = ? AND group_ref = ?',
    projectId,
    integrationId,
    groupRef,
  );
}

export async function listInstallations(
  db: StoreAccess,
  projectId: string,
  integrationId: string,
  groupRef?: string,
): Promise<Installation[]> {
  if (groupRef === undefined) {
    return db.all(
      installations,
      'SELECT * FROM installations WHERE project_id = ? AND integration_id = ? ORDER BY create_time, id',
      projectId,
      integrationId,
    );
  }
  return db.all(
    installations,
    `SELECT * FROM installations WHERE project_id = ? AND integration_id = ? AND group_ref = ?
     ORDER BY create_time, id`,
    projectId,
    integrationId,
    groupRef,
  );
}

/** By id within a project: the read engine and the operation routes address installations by id. */
export async function getInstallationById(
  db: StoreAccess,
  projectId: string,
  id: string,
): Promise<Installation | undefined> {
  return db.get(installations, 'SELECT * FROM installations WHERE project_id = ? AND id = ?', projectId, id);
}

/**
 * Writes an installation's new connection, config and `updateTime` when its `updateTime` (or, never
 * updated, its `createTime`) is still `expectedVersion`: false when another write came first.
 */
export async function replaceInstallation(
  db: StoreAccess,
  next: Installation,
  expectedVersion: string,
): Promise<boolean> {
  const current = await getInstallationById(db, next.projectId, next.id);
  if (!current || (current.updateTime ?? current.createTime) !== expectedVersion) return false;
  await db.run(
    `UPDATE installations SET connection_id = @connection_id, config = @config, update_time = @update_time
     WHERE project_id = @project_id AND id = @id`,
    toRow(installations, next),
  );
  return true;
}

export async function deleteInstallation(db: StoreAccess, projectId: string, id: string): Promise<boolean> {
  return (await db.change('DELETE FROM installations WHERE project_id = ? AND id = ?', projectId, id)) > 0;
}

/** How many installations use a connection: deleting the last one deletes the connection too. */
export function countInstallationsOfConnection(db: StoreAccess, projectId: string, connectionId: string) {
  return db.count(
    'SELECT count(*) AS n FROM installations WHERE project_id = ? AND connection_id = ?',
    projectId,
    connectionId,
  );
}

/** The installations that use a connection: a connection is deleted only once none does. */
export function listInstallationsOfConnection(
  db: StoreAccess,
  projectId: string,
  connectionId: string,
): Promise<Installation[]> {
  return db.all(
    installations,
    'SELECT * FROM installations WHERE project_id = ? AND connection_id = ? ORDER BY create_time, id',
    projectId,
    connectionId,
  );
}
