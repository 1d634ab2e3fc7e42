/** Integrations: one manifest entry per row, refreshed from the manifest at every start. */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Integration as IntegrationResource } from '@splice/schema';
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import { ConflictError } from '../errors.js';
import type { Table } from '../table.js';
import { insertSql, toRow } from '../table.js';

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
export async function upsertIntegration(
  db: StoreAccess,
  input: IntegrationInput,
  raced = false,
): Promise<Integration> {
  const existing = await db.get(integrations, byName, input.projectId, input.name);
  if (
    existing &&
    // Compared as values: PostgreSQL's jsonb does not keep the manifest's key order.
    isDeepStrictEqual(existing.content, input.content) &&
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
  if (!existing) {
    // Instances that start together on one PostgreSQL load the same manifest: the first insert wins, and
    // the others read its row rather than fail (once: then the row exists).
    const inserted = await db.run(
      `${insertSql(integrations)} ON CONFLICT (project_id, name) DO NOTHING`,
      toRow(integrations, integration),
      { table: integrations.name, conflictMessage: `integration ${integration.id} already exists` },
    );
    if (inserted === 0) {
      if (raced) throw new ConflictError('integration', `integration ${input.name} is being written`);
      return upsertIntegration(db, input, true);
    }
    return integration;
  }
  await db.run(
    `UPDATE integrations SET provider = @provider, update_time = @update_time, revision_id = @revision_id,
       spec_version = @spec_version, content = @content
     WHERE id = @id`,
    toRow(integrations, integration),
  );
  return integration;
}

export async function getIntegration(
  db: StoreAccess,
  projectId: string,
  idOrName: string,
): Promise<Integration | undefined> {
  return (
    (await db.get(
      integrations,
      'SELECT * FROM integrations WHERE project_id = ? AND id = ?',
      projectId,
      idOrName,
    )) ?? db.get(integrations, byName, projectId, idOrName)
  );
}

export async function listIntegrations(db: StoreAccess, projectId: string): Promise<Integration[]> {
  return db.all(integrations, 'SELECT * FROM integrations WHERE project_id = ? ORDER BY name', projectId);
}
