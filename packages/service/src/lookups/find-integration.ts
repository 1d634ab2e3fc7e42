/**
 * Finding what a request's path names (a project, an integration with its manifest), answering 404 when it
 * is not there. Routes resolve their targets with these before any validator; the installation and search
 * operations and the read engine call them too, so they sit below all of them.
 */
import type { ManifestIntegration } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import { parsedManifest } from '../manifest/parsed-manifest.js';
import type { Integration, Project, Repository } from '../store/index.js';

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
/**
 * An integration of a project with its parsed manifest, or undefined when the project has none of that id.
 * The one way the service reads a manifest: the routes (through `findIntegration`) and the read engine.
 */
export async function integrationManifest(
  repo: Repository,
  projectId: string,
  integrationId: string,
): Promise<{ integration: Integration; manifest: ManifestIntegration } | undefined> {
  const integration = await repo.getIntegration(projectId, integrationId);
  return integration && { integration, manifest: parsedManifest(integration) };
}

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
  const integration = await integrationManifest(repo, project.id, integrationId);
  if (!integration) {
    throw problemError(
      404,
      'integrationNotFound',
      `Project "${project.name}" has no integration "${integrationId}".`,
    );
  }
  const found = { project, ...integration };
  // Only found ones are kept (a 404 stays a fresh answer), and the map stays as small as the manifests.
  if (kept.size > 1_000) kept.clear();
  kept.set(key, { found, until: now + integrationLookupTtlMs });
  return found;
}
