/** Installation revisions: each config an update replaced, kept with the connection it was used with. */

import type { StoreAccess } from '../access.js';
import type { Table } from '../table.js';
import type { InstallationConfig } from './installations.js';

export interface InstallationRevision {
  configId: string;
  installationId: string;
  connectionId: string;
  config: InstallationConfig;
  /** When an update replaced this config. */
  replacedTime: string;
}

const revisions: Table<InstallationRevision> = {
  name: 'installation_revisions',
  columns: {
    configId: 'text',
    installationId: 'text',
    connectionId: 'text',
    config: 'json',
    replacedTime: 'text',
  },
};

export async function insertRevision(
  db: StoreAccess,
  revision: InstallationRevision,
): Promise<InstallationRevision> {
  return db.insert(revisions, revision, `config ${revision.configId} is already a revision`);
}

/** Oldest first. */
export async function listRevisions(
  db: StoreAccess,
  installationId: string,
): Promise<InstallationRevision[]> {
  return db.all(
    revisions,
    'SELECT * FROM installation_revisions WHERE installation_id = ? ORDER BY replaced_time, config_id',
    installationId,
  );
}
