import type { ManifestIntegration } from '@splice/schema';
import { problemError } from '../http/problem.js';
import { parsedManifest } from '../manifest/parsed-manifest.js';
import type { Connection, Group, Integration, Project, Repository } from '../store/index.js';

export async function findProject(repo: Repository, projectIdOrName: string): Promise<Project> {
  const project = await repo.getProject(projectIdOrName);
  if (!project) throw problemError(404, 'projectNotFound', `There is no project "${projectIdOrName}".`);
  return project;
}

export interface IntegrationWithManifest {
  project: Project;
  integration: Integration;
  manifest: ManifestIntegration;
}

/**
 * How long a found project and integration are kept. Both are written only when a service starts (from its
 * manifest), and every create, search and installation request looks them up first: kept, they cost no
 * database round trip. An instance started with a new manifest is seen by the others within this time.
 */
const integrationLookupTtlMs = 5_000;

const foundIntegrations = new WeakMap<
  Repository,
  Map<string, { found: IntegrationWithManifest; until: number }>
>();

/**
 * The integration a path names, within its project, or a 404. `fresh` reads the store even when a recent
 * lookup is kept (the route that returns the integration itself).
 */
export async function findIntegration(
  repo: Repository,
  projectIdOrName: string,
  integrationId: string,
  options: { fresh?: boolean } = {},
): Promise<IntegrationWithManifest> {
  let kept = foundIntegrations.get(repo);
  if (!kept) {
    kept = new Map();
    foundIntegrations.set(repo, kept);
  }
  const key = `${projectIdOrName}\u0000${integrationId}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && hit.until > now && !options.fresh) return hit.found;

  const project = await findProject(repo, projectIdOrName);
  const integration = await repo.getIntegration(project.id, integrationId);
  if (!integration) {
    throw problemError(
      404,
      'integrationNotFound',
      `Project "${project.name}" has no integration "${integrationId}".`,
    );
  }
  const found = { project, integration, manifest: parsedManifest(integration) };
  // Only found ones are kept (a 404 stays a fresh answer), and the map stays as small as the manifests.
  if (kept.size > 1_000) kept.clear();
  kept.set(key, { found, until: now + integrationLookupTtlMs });
  return found;
}

/** A connection as the API returns it: every credential field left out. */
export async function publicConnection(repo: Repository, connection: Connection, knownGroup?: Group) {
  const group = knownGroup ?? (await repo.getGroup(connection.projectId, connection.groupRef));
  return {
    id: connection.id,
    projectId: connection.projectId,
    provider: connection.provider,
    group: group ?? {
      groupRef: connection.groupRef,
      groupName: connection.groupRef,
      projectId: connection.projectId,
      createTime: connection.createTime,
    },
    consumer: { consumerRef: connection.consumerRef },
    createTime: connection.createTime,
    ...(connection.updateTime ? { updateTime: connection.updateTime } : {}),
    authScheme: connection.authScheme,
    status: connection.status,
  };
}
