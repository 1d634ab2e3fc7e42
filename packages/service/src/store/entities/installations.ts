/** Installations: a group's installation of an integration, with the config it was made with. */
import { randomUUID } from 'node:crypto';
import type { ConfigRecord, Installation as InstallationResource } from '@splice/schema';
import type { SqliteAccess } from '../sqlite-access.js';
import { now } from '../sqlite-access.js';
import type { Table } from '../table.js';
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

export function insertInstallation(db: SqliteAccess, input: NewInstallation): Installation {
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

export function getInstallation(
  db: SqliteAccess,
  projectId: string,
  integrationId: string,
  groupRef: string,
): Installation | undefined {
  return db.get(
    installations,
    'SELECT * FROM installations WHERE project_id = ? AND integration_id = ? AND group_ref = ?',
    projectId,
    integrationId,
    groupRef,
  );
}

export function listInstallations(
  db: SqliteAccess,
  projectId: string,
  integrationId: string,
  groupRef?: string,
): Installation[] {
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
export function getInstallationById(
  db: SqliteAccess,
  projectId: string,
  id: string,
): Installation | undefined {
  return db.get(installations, 'SELECT * FROM installations WHERE project_id = ? AND id = ?', projectId, id);
}
