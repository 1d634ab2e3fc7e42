import { destinationRequestSchema, destinationUpdateSchema, issueTypes, problemTypes } from '@splice/schema';
import { jsonBody, problemError, queryParams, validationError } from '@splice/server-kit';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { DestinationAddressPolicy } from '../reads/destination-address.js';
import type { Destination, DestinationStore } from '../store/destination-store.js';
import type { Project } from '../store/index.js';
import { ConflictError } from '../store/index.js';
import { withProject } from './target-middleware.js';

const getQuerySchema = z.object({
  includeSecrets: z.optional(z.enum(['true', 'false'])),
  rotate: z.optional(z.enum(['true', 'false'])),
});

/** A destination as the API answers: never its secret, unless `withSecret` (create and rotate only). */
export function destinationView(destination: Destination, withSecret = false) {
  return {
    id: destination.id,
    name: destination.name,
    type: destination.type,
    metadata: destination.metadata,
    status: destination.status,
    ...(destination.disabledReason ? { disabledReason: destination.disabledReason } : {}),
    ...(destination.disabledTime ? { disabledTime: destination.disabledTime } : {}),
    createTime: destination.createTime,
    ...(destination.updateTime ? { updateTime: destination.updateTime } : {}),
    ...(withSecret && destination.signingSecret !== undefined
      ? { secrets: { signingSecret: destination.signingSecret } }
      : {}),
  };
}

/**
 * A URL whose host is a refused address by its text alone (an IP literal, `localhost`): refused when it is
 * saved, so the builder learns at once rather than from failed deliveries. Host names are judged when the
 * deliverer resolves them.
 */
function checkAddress(policy: DestinationAddressPolicy, url: string | undefined, name: string) {
  const refusal = url === undefined ? undefined : policy.urlRefusal(url);
  if (!refusal) return;
  throw validationError([
    {
      type: issueTypes.invalidProperty,
      title: 'Invalid property',
      detail: `Destinations cannot reach this address: ${refusal}.`,
      in: 'body',
      name,
      value: url,
    },
  ]);
}

function conflict(name: string) {
  return problemError(409, 'destinationExists', {
    detail: `The project already has a destination named "${name}".`,
    issues: [
      {
        type: problemTypes.destinationExists.type,
        detail: 'This name is taken.',
        in: 'body',
        name: 'name',
        value: name,
      },
    ],
  });
}

/**
 * Destinations, at the hosted service's paths: `{base_url}/projects/{p}/destinations[/{name}]`. The signing
 * secret is shown once, when created, and again only when rotated (`?rotate=true&includeSecrets=true`).
 */
export function destinationRoutes(deps: ServiceDeps, destinations: DestinationStore) {
  const { repo } = deps;
  const addresses = deps.destinationAddresses ?? new DestinationAddressPolicy();
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  const find = async (projectId: string, name: string) => {
    const destination = await destinations.get(projectId, name);
    if (!destination) throw problemError(404, 'destinationNotFound', `There is no destination "${name}".`);
    return destination;
  };
  // Each route resolves its project (404) before it validates a query or body (400).
  const project = withProject(repo);
  return new Hono()
    .post(
      '/projects/:projectIdOrName/destinations',
      auth,
      bodyLimit(64 * 1024),
      project,
      jsonBody(destinationRequestSchema),
      async (c) => {
        const { project } = c.var;
        const request = c.req.valid('json');
        checkAddress(addresses, request.metadata.url, 'metadata.url');
        try {
          const destination = await destinations.insert({
            projectId: project.id,
            name: request.name,
            metadata: request.metadata,
          });
          // Messages that waited for a destination of this name can go now.
          await deps.reads?.store.wakeDestination(project.id, destination.name);
          deps.reads?.wake();
          return c.json(destinationView(destination, true), 201);
        } catch (error) {
          if (error instanceof ConflictError) throw conflict(request.name);
          throw error;
        }
      },
    )
    .get('/projects/:projectIdOrName/destinations', auth, project, async (c) => {
      const { project } = c.var;
      return c.json(
        (await destinations.list(project.id)).map((d) => destinationView(d)),
        200,
      );
    })
    .get(
      '/projects/:projectIdOrName/destinations/:name',
      auth,
      project,
      queryParams(getQuerySchema),
      async (c) => {
        const { project } = c.var;
        const query = c.req.valid('query');
        const destination = await find(project.id, c.req.param('name'));
        if (query.rotate === 'true') {
          const rotated = (await destinations.rotateSecret(project.id, destination.name))!;
          return c.json(destinationView(rotated, true), 200);
        }
        if (query.includeSecrets === 'true') {
          throw problemError(422, 'validation', {
            detail: 'The signing secret is shown only when the destination is created or its secret rotated.',
            issues: [
              {
                type: issueTypes.secretNotShown,
                detail: 'Add rotate=true to get a new secret; the current one is not shown again.',
                in: 'query',
                name: 'includeSecrets',
                value: 'true',
              },
            ],
          });
        }
        return c.json(destinationView(destination), 200);
      },
    )
    .patch(
      '/projects/:projectIdOrName/destinations/:name',
      auth,
      bodyLimit(64 * 1024),
      project,
      // An unknown destination is a 404 whatever the body holds, as an unknown project is.
      createMiddleware<{ Variables: { project: Project; destination: Destination } }>(async (c, next) => {
        c.set('destination', await find(c.var.project.id, c.req.param('name') ?? ''));
        await next();
      }),
      jsonBody(destinationUpdateSchema),
      async (c) => {
        const { project, destination: current } = c.var;
        const { updateMask, destination: change } = c.req.valid('json');
        const issues = updateMask
          .filter((path) =>
            path === 'name' ? !change.name : path === 'metadata.url' && !change.metadata?.url,
          )
          .map((path) => ({
            type: problemTypes.validation.type,
            detail: `The update mask names "${path}" but the destination gives no value for it.`,
            in: 'body' as const,
            name: `destination.${path}`,
          }));
        if (issues.length)
          throw problemError(400, 'validation', { detail: 'The update is incomplete.', issues });
        if (updateMask.includes('metadata.url')) {
          checkAddress(addresses, change.metadata?.url, 'destination.metadata.url');
        }
        const metadata = {
          url: updateMask.includes('metadata.url') ? change.metadata!.url! : current.metadata.url,
          ...(updateMask.includes('metadata.headers')
            ? change.metadata?.headers
              ? { headers: change.metadata.headers }
              : {}
            : current.metadata.headers
              ? { headers: current.metadata.headers }
              : {}),
        };
        const newName = updateMask.includes('name') ? change.name! : current.name;
        try {
          const updated = (await destinations.update(project.id, current.name, { name: newName, metadata }))!;
          await deps.reads?.store.wakeDestination(project.id, updated.name);
          deps.reads?.wake();
          return c.json(destinationView(updated), 200);
        } catch (error) {
          if (error instanceof ConflictError) throw conflict(newName);
          throw error;
        }
      },
    )
    .delete('/projects/:projectIdOrName/destinations/:name', auth, project, async (c) => {
      const { project } = c.var;
      const destination = await find(project.id, c.req.param('name'));
      await destinations.delete(project.id, destination.name);
      return c.body(null, 204);
    });
}
