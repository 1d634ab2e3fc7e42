import type { ManifestIntegration } from '@splice/schema';
import { manifestIntegrationSchema } from '@splice/schema';
import { problemError } from '../http/problem.js';
import type { Connection, Integration, Project, Repository } from '../store/index.js';

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

export async function findIntegration(
  repo: Repository,
  projectIdOrName: string,
  integrationId: string,
): Promise<IntegrationWithManifest> {
  const project = await findProject(repo, projectIdOrName);
  const integration = await repo.getIntegration(project.id, integrationId);
  if (!integration) {
    throw problemError(
      404,
      'integrationNotFound',
      `Project "${project.name}" has no integration "${integrationId}".`,
    );
  }
  // The stored content was validated when the manifest was loaded; parsing again gives it its type.
  return { project, integration, manifest: manifestIntegrationSchema.parse(integration.content) };
}

/** A connection as the API returns it: every credential field left out. */
export async function publicConnection(repo: Repository, connection: Connection) {
  const group = await repo.getGroup(connection.projectId, connection.groupRef);
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
