/** Integrations: one manifest entry per row, refreshed from the manifest at every start. */
import { randomUUID } from 'node:crypto';
import type { Integration as IntegrationResource } from '@splice/schema';
import type { SqliteAccess } from '../sqlite-access.js';
import { now } from '../sqlite-access.js';
import type { Table } from '../table.js';
import { toRow } from '../table.js';

/** The API's integration with its latest revision flattened onto the row. */
export type Integration = Omit<IntegrationResource, 'latestRevision'> & {
  /** Changes whenever `content` changes; identifies the manifest revision an installation was made from. */
  revisionId: IntegrationResource['latestRevision']['id'];
  specVersion: IntegrationResource['latestRevision']['specVersion'];
  /** The manifest's integration entry, stored verbatim; routes parse it when they need its type. */
  content: unknown;
};

/** A manifest integration entry as loaded at start. */
export interface IntegrationInput {
  /** Used only when the integration is new; an existing one keeps its id. */
  id?: string;
  projectId: string;
  name: string;
  provider: string;
  specVersion: string;
  content: unknown;
}

const integrations: Table<Integration> = {
  name: 'integrations',
  columns: {
    id: 'text',
    projectId: 'text',
    name: 'text',
    provider: 'text',
    createTime: 'text',
    updateTime: 'text',
    revisionId: 'text',
    specVersion: 'text',
    content: 'json',
  },
};

const byName = 'SELECT * FROM integrations WHERE project_id = ? AND name = ?';

/** Runs inside the caller's transaction (see `Repository.upsertIntegration`). */
export function upsertIntegration(db: SqliteAccess, input: IntegrationInput): Integration {
  const existing = db.get(integrations, byName, input.projectId, input.name);
  if (
    existing &&
    JSON.stringify(existing.content) === JSON.stringify(input.content) &&
    existing.provider === input.provider &&
    existing.specVersion === input.specVersion
  ) {
    return existing;
  }
  const time = now();
  const integration: Integration = {
    id: existing?.id ?? input.id ?? randomUUID(),
    projectId: input.projectId,
    name: input.name,
    provider: input.provider,
    createTime: existing?.createTime ?? time,
    ...(existing ? { updateTime: time } : {}),
    revisionId: randomUUID(),
    specVersion: input.specVersion,
    content: input.content,
  };
  if (!existing) return db.insert(integrations, integration, `integration ${integration.id} already exists`);
  db.run(
    `UPDATE integrations SET provider = @provider, update_time = @update_time, revision_id = @revision_id,
       spec_version = @spec_version, content = @content
     WHERE id = @id`,
    toRow(integrations, integration),
  );
  return integration;
}

export function getIntegration(
  db: SqliteAccess,
  projectId: string,
  idOrName: string,
): Integration | undefined {
  return (
    db.get(integrations, 'SELECT * FROM integrations WHERE project_id = ? AND id = ?', projectId, idOrName) ??
    db.get(integrations, byName, projectId, idOrName)
  );
}

export function listIntegrations(db: SqliteAccess, projectId: string): Integration[] {
  return db.all(integrations, 'SELECT * FROM integrations WHERE project_id = ? ORDER BY name', projectId);
}
