/**
 * Previous configs: the config content a group's installation had when the group uninstalled it, one per
 * group and integration, so that installing again can start from it. Kept for `previousConfigRetentionMs`.
 */
import type { ConfigContent } from '@splice/schema';
import type { StoreAccess } from '../access.js';
import type { Table } from '../table.js';
import { toRow } from '../table.js';

export interface PreviousConfig {
  projectId: string;
  integrationId: string;
  groupRef: string;
  content: ConfigContent;
  uninstallTime: string;
}

const previousConfigs: Table<PreviousConfig> = {
  name: 'previous_configs',
  columns: {
    projectId: 'text',
    integrationId: 'text',
    groupRef: 'text',
    content: 'json',
    uninstallTime: 'text',
  },
};

/**
 * Keeps `kept` as the group's previous config of the integration (a later uninstall replaces an earlier
 * one), and forgets every config uninstalled before `forgetBefore`, so the table holds only what may
 * still be offered.
 */
export async function keepPreviousConfig(
  db: StoreAccess,
  kept: PreviousConfig,
  forgetBefore: string,
): Promise<void> {
  await db.change('DELETE FROM previous_configs WHERE uninstall_time < ?', forgetBefore);
  await db.run(
    `INSERT INTO previous_configs (project_id, integration_id, group_ref, content, uninstall_time)
     VALUES (@project_id, @integration_id, @group_ref, @content, @uninstall_time)
     ON CONFLICT (project_id, integration_id, group_ref)
     DO UPDATE SET content = excluded.content, uninstall_time = excluded.uninstall_time`,
    toRow(previousConfigs, kept),
  );
}

/** The group's previous config of the integration, if it was uninstalled at or after `notBefore`. */
export async function getPreviousConfig(
  db: StoreAccess,
  key: { projectId: string; integrationId: string; groupRef: string },
  notBefore: string,
): Promise<PreviousConfig | undefined> {
  return db.get(
    previousConfigs,
    `SELECT * FROM previous_configs
     WHERE project_id = ? AND integration_id = ? AND group_ref = ? AND uninstall_time >= ?`,
    key.projectId,
    key.integrationId,
    key.groupRef,
    notBefore,
  );
}
