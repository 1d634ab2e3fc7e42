import { createMiddleware } from 'hono/factory';
import type { Project, Repository } from '../store/index.js';
import type { IntegrationWithManifest } from './lookups.js';
import { findIntegration, findProject } from './lookups.js';

/**
 * The project a path names, resolved before any validator: an unknown project is a 404 whatever its
 * body or query holds, so a caller learns first that the address is wrong (src/routes/lookups.ts).
 */
export const withProject = (repo: Repository) =>
  createMiddleware<{ Variables: { project: Project } }>(async (c, next) => {
    c.set('project', findProject(repo, c.req.param('projectIdOrName') ?? ''));
    await next();
  });

/** The integration a path names, within its project, resolved (or 404) before any validator. */
export const withIntegration = (repo: Repository) =>
  createMiddleware<{ Variables: { target: IntegrationWithManifest } }>(async (c, next) => {
    c.set(
      'target',
      findIntegration(repo, c.req.param('projectIdOrName') ?? '', c.req.param('integrationId') ?? ''),
    );
    await next();
  });
