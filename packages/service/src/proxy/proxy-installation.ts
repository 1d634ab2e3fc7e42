/**
 * The installation a proxied request is for, as the hosted proxy names it: `x-amp-project-id` and either
 * `x-amp-installation-id` or `x-amp-integration-name` with `x-amp-group-ref`. When both forms are sent they
 * must name the same installation, so a group's ref never reaches another group's installation by its id.
 * Every miss is the same 404, which says nothing of what exists elsewhere.
 */
import { issueTypes } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import { findProject } from '../lookups/find-integration.js';
import type { Installation, Project, Repository } from '../store/index.js';

function missingHeader(name: string, detail: string) {
  return problemError(400, 'validation', {
    detail,
    issues: [{ type: issueTypes.invalidHeader, detail, in: 'header', name }],
  });
}

export async function proxyInstallation(
  repo: Repository,
  header: (name: string) => string | undefined,
): Promise<{ project: Project; installation: Installation }> {
  const version = header('x-amp-proxy-version');
  if (version !== '1') {
    throw missingHeader('x-amp-proxy-version', 'The proxy takes "x-amp-proxy-version: 1".');
  }
  const projectRef = header('x-amp-project-id');
  if (!projectRef) throw missingHeader('x-amp-project-id', 'Name the project in "x-amp-project-id".');
  const project = await findProject(repo, projectRef);
  const installationId = header('x-amp-installation-id');
  const integrationName = header('x-amp-integration-name');
  const groupRef = header('x-amp-group-ref');
  const notFound = () =>
    problemError(404, 'installationNotFound', 'There is no such installation in this project.');

  let installation: Installation | undefined;
  if (installationId) {
    installation = await repo.getInstallationById(project.id, installationId);
  } else if (integrationName && groupRef) {
    const integration = await repo.getIntegration(project.id, integrationName);
    installation = integration && (await repo.listInstallations(project.id, integration.id, groupRef))[0];
  } else {
    throw missingHeader(
      'x-amp-installation-id',
      'Name the installation in "x-amp-installation-id", or its integration and group in "x-amp-integration-name" and "x-amp-group-ref".',
    );
  }
  if (!installation) throw notFound();
  if (groupRef && installation.groupRef !== groupRef) throw notFound();
  if (integrationName) {
    const integration = await repo.getIntegration(project.id, integrationName);
    if (!integration || integration.id !== installation.integrationId) throw notFound();
  }
  return { project, installation };
}
