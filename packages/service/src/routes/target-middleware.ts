import { problemError } from '@splice/server-kit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { IntegrationWithManifest } from '../lookups/find-integration.js';
import { findIntegration, findProject } from '../lookups/find-integration.js';
import type { Installation, Project, Repository } from '../store/index.js';

/**
 * The project a path names, resolved before any validator: an unknown project is a 404 whatever its
 * body or query holds, so a caller learns first that the address is wrong (../lookups/find-integration.ts).
 */
export const withProject = (repo: Repository) =>
  createMiddleware<{ Variables: { project: Project } }>(async (c, next) => {
    c.set('project', await findProject(repo, c.req.param('projectIdOrName') ?? ''));
    await next();
  });

/** The integration a path names, within its project, resolved (or 404) before any validator. */
export const withIntegration = (repo: Repository) =>
  createMiddleware<{ Variables: { target: IntegrationWithManifest } }>(async (c, next) => {
    c.set(
      'target',
      await findIntegration(repo, c.req.param('projectIdOrName') ?? '', c.req.param('integrationId') ?? ''),
    );
    await next();
  });

/** The installation `installationId` names within its integration; 404 otherwise. */
export async function findInstallation(
  repo: Repository,
  target: IntegrationWithManifest,
  installationId: string,
): Promise<Installation> {
  const installation = await repo.getInstallationById(target.project.id, installationId);
  if (!installation || installation.integrationId !== target.integration.id) {
    throw problemError(
      404,
      'installationNotFound',
      `Integration "${target.integration.name}" has no installation "${installationId}".`,
    );
  }
  return installation;
}

/**
 * The integration and the installation a path names, resolved (or 404) before any validator. The id is the
 * `installationId` parameter, or what `idOf` reads from the path (the `{installationId}` of `{installationId}:pause`).
 */
export const withInstallation = (
  repo: Repository,
  idOf: (c: Context) => string = (c) => c.req.param('installationId') ?? '',
) =>
  createMiddleware<{ Variables: { target: IntegrationWithManifest; installation: Installation } }>(
    async (c, next) => {
      const target = await findIntegration(
        repo,
        c.req.param('projectIdOrName') ?? '',
        c.req.param('integrationId') ?? '',
      );
      c.set('target', target);
      c.set('installation', await findInstallation(repo, target, idOf(c)));
      await next();
    },
  );
