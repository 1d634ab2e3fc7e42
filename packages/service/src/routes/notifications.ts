import {
  eventTopicRouteRequestSchema,
  notificationEventTypeSchema,
  topicDestinationRouteRequestSchema,
  topicRequestSchema,
} from '@splice/schema';
import { jsonBody, problemError, queryParams } from '@splice/server-kit';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import type { NotificationStore } from '../notifications/notification-store.js';
import { ConflictError } from '../store/index.js';
import { withProject } from './target-middleware.js';

const eventRouteQuery = z.object({
  topicId: z.optional(z.string()),
  eventType: z.optional(notificationEventTypeSchema),
});
const destinationRouteQuery = z.object({
  topicId: z.optional(z.string()),
  destinationId: z.optional(z.string()),
});

const topicNotFound = (id: string) => problemError(404, 'topicNotFound', `There is no topic "${id}".`);
const routeNotFound = (id: string) => problemError(404, 'routeNotFound', `There is no route "${id}".`);

/**
 * Notification routing at the hosted service's paths: `{base_url}/projects/{p}/topics`,
 * `/notification-event-topic-routes` (event type to topic) and `/topic-destination-routes` (topic to
 * destination). A topic's or a destination's deletion takes its routes with it.
 */
export function notificationRoutes(deps: ServiceDeps, store: NotificationStore) {
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');
  const project = withProject(deps.repo);
  const small = bodyLimit(16 * 1024);
  const conflictOr = (error: unknown, problem: () => Error) => {
    if (error instanceof ConflictError) throw problem();
    throw error;
  };
  return new Hono()
    .post(
      '/projects/:projectIdOrName/topics',
      auth,
      small,
      project,
      jsonBody(topicRequestSchema),
      async (c) => {
        const { name } = c.req.valid('json');
        try {
          return c.json(await store.insertTopic(c.var.project.id, name), 201);
        } catch (error) {
          return conflictOr(error, () =>
            problemError(409, 'topicExists', `The project already has a topic named "${name}".`),
          );
        }
      },
    )
    .get('/projects/:projectIdOrName/topics', auth, project, async (c) =>
      c.json(await store.listTopics(c.var.project.id), 200),
    )
    .patch(
      '/projects/:projectIdOrName/topics/:topicId',
      auth,
      small,
      project,
      jsonBody(topicRequestSchema),
      async (c) => {
        const { name } = c.req.valid('json');
        const id = c.req.param('topicId');
        if (!(await store.getTopic(c.var.project.id, id))) throw topicNotFound(id);
        try {
          return c.json((await store.renameTopic(c.var.project.id, id, name))!, 200);
        } catch (error) {
          return conflictOr(error, () =>
            problemError(409, 'topicExists', `The project already has a topic named "${name}".`),
          );
        }
      },
    )
    .delete('/projects/:projectIdOrName/topics/:topicId', auth, project, async (c) => {
      const id = c.req.param('topicId');
      if (!(await store.deleteTopic(c.var.project.id, id))) throw topicNotFound(id);
      return c.body(null, 204);
    })
    .post(
      '/projects/:projectIdOrName/notification-event-topic-routes',
      auth,
      small,
      project,
      jsonBody(eventTopicRouteRequestSchema),
      async (c) => {
        const { eventType, topicId } = c.req.valid('json');
        if (!(await store.getTopic(c.var.project.id, topicId))) throw topicNotFound(topicId);
        try {
          return c.json(await store.insertEventRoute(c.var.project.id, eventType, topicId), 201);
        } catch (error) {
          return conflictOr(error, () =>
            problemError(409, 'conflict', `The topic already receives "${eventType}".`),
          );
        }
      },
    )
    .get(
      '/projects/:projectIdOrName/notification-event-topic-routes',
      auth,
      project,
      queryParams(eventRouteQuery),
      async (c) => c.json(await store.listEventRoutes(c.var.project.id, c.req.valid('query')), 200),
    )
    .delete(
      '/projects/:projectIdOrName/notification-event-topic-routes/:routeId',
      auth,
      project,
      async (c) => {
        const id = c.req.param('routeId');
        if (!(await store.deleteEventRoute(c.var.project.id, id))) throw routeNotFound(id);
        return c.body(null, 204);
      },
    )
    .post(
      '/projects/:projectIdOrName/topic-destination-routes',
      auth,
      small,
      project,
      jsonBody(topicDestinationRouteRequestSchema),
      async (c) => {
        const { topicId, destinationId } = c.req.valid('json');
        const projectId = c.var.project.id;
        if (!(await store.getTopic(projectId, topicId))) throw topicNotFound(topicId);
        const destinations = (await deps.destinations?.list(projectId)) ?? [];
        if (!destinations.some((d) => d.id === destinationId)) {
          throw problemError(404, 'destinationNotFound', `There is no destination "${destinationId}".`);
        }
        try {
          return c.json(await store.insertDestinationRoute(projectId, topicId, destinationId), 201);
        } catch (error) {
          return conflictOr(error, () =>
            problemError(409, 'conflict', 'The topic already routes to this destination.'),
          );
        }
      },
    )
    .get(
      '/projects/:projectIdOrName/topic-destination-routes',
      auth,
      project,
      queryParams(destinationRouteQuery),
      async (c) => c.json(await store.listDestinationRoutes(c.var.project.id, c.req.valid('query')), 200),
    )
    .delete('/projects/:projectIdOrName/topic-destination-routes/:routeId', auth, project, async (c) => {
      const id = c.req.param('routeId');
      if (!(await store.deleteDestinationRoute(c.var.project.id, id))) throw routeNotFound(id);
      return c.body(null, 204);
    });
}
