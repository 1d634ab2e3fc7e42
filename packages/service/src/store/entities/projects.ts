/** Projects: a builder's unit of integrations, addressed by id or by name in every path. */
import { randomUUID } from 'node:crypto';
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import type { Table } from '../table.js';
import type { WithDefaults } from '../with-defaults.js';

export interface Project {
  id: string;
  /** The address in paths (unique). */
  name: string;
  /** What people see: the builder's app name, e.g. on a provider's consent page; absent means the id. */
  displayName?: string;
  createTime: string;
}
export type NewProject = WithDefaults<Project, 'id' | 'createTime'>;

const projects: Table<Project> = {
  name: 'projects',
  columns: { id: 'text', name: 'text', displayName: 'text', createTime: 'text' },
};

export async function insertProject(db: StoreAccess, input: NewProject): Promise<Project> {
  const project: Project = {
    id: input.id ?? randomUUID(),
    name: input.name,
    ...(input.displayName ? { displayName: input.displayName } : {}),
    createTime: input.createTime ?? now(),
  };
  return db.insert(projects, project, `a project named ${project.name} already exists`);
}

export async function getProject(db: StoreAccess, idOrName: string): Promise<Project | undefined> {
  // An id match wins over a name match, so a project named like another's id cannot shadow it.
  return (
    (await db.get(projects, 'SELECT * FROM projects WHERE id = ?', idOrName)) ??
    db.get(projects, 'SELECT * FROM projects WHERE name = ?', idOrName)
  );
}

/**
 * Gives a project a display name if it has none: the demo's seed, for a database made before projects
 * had display names (it would otherwise show its id on the consent page for good). A name once set,
 * by the seed or anyone else, is kept.
 */
export async function nameUnnamedProject(db: StoreAccess, id: string, displayName: string): Promise<void> {
  await db.change(
    'UPDATE projects SET display_name = ? WHERE id = ? AND display_name IS NULL',
    displayName,
    id,
  );
}
