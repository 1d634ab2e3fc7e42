/** Installation revisions: each config an update replaced, kept with the connection it was used with. */

import type { SqliteAccess } from '../sqlite-access.js';
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

export function insertRevision(db: SqliteAccess, revision: InstallationRevision): InstallationRevision {
  return db.insert(revisions, revision, `config ${revision.configId} is already a revision`);
}

/** Oldest first. */
export function listRevisions(db: SqliteAccess, installationId: string): InstallationRevision[] {
  return db.all(
    revisions,
    'SELECT * FROM installation_revisions WHERE installation_id = ? ORDER BY replaced_time, config_id',
    installationId,
  );
}
