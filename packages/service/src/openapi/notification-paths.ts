/**
 * The OpenAPI paths and schemas of notification routing (topics, event-topic routes, topic-destination
 * routes: the hosted service's paths), merged into ./document.
 */
import {
  eventTopicRouteRequestSchema,
  eventTopicRouteSchema,
  notificationPayloadSchema,
  topicDestinationRouteRequestSchema,
  topicDestinationRouteSchema,
  topicRequestSchema,
  topicSchema,
} from '@splice/schema';
import type { JsonSchema, ProblemEntry } from './builders.js';
import { json, param, problems, security, toSchema } from './builders.js';

const auth: ProblemEntry = [401, ['unauthorized'], 'The credential is missing or wrong.'];
const bad: ProblemEntry = [400, ['validation', 'badRequest', 'malformedBody'], 'Malformed input.'];
const project = param('projectIdOrName', 'Project ID or project name.');
const noProject: ProblemEntry = [404, ['projectNotFound'], 'No such project.'];

export function notificationSchemas(): Record<string, JsonSchema> {
  return {
    TopicRequest: toSchema(topicRequestSchema, 'input'),
    Topic: toSchema(topicSchema, 'output'),
    EventTopicRouteRequest: toSchema(eventTopicRouteRequestSchema, 'input'),
    EventTopicRoute: toSchema(eventTopicRouteSchema, 'output'),
    TopicDestinationRouteRequest: toSchema(topicDestinationRouteRequestSchema, 'input'),
    TopicDestinationRoute: toSchema(topicDestinationRouteSchema, 'output'),
    NotificationPayload: toSchema(notificationPayloadSchema, 'output'),
  };
}

const listOf = (ref: string, description: string) => ({
  description,
  content: {
    'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${ref}` } } },
  },
});

/** A collection: create (201) and list. */
function collection(
  name: string,
  ref: string,
  created: ProblemEntry[],
  filters: Array<ReturnType<typeof param>>,
  summaries: { create: string; list: string },
) {
  return {
    post: {
      operationId: `create${name}`,
      summary: summaries.create,
      security,
      parameters: [project],
      requestBody: { required: true, content: json(`${ref}Request`) },
      responses: {
        '201': { description: 'Created.', content: json(ref) },
        ...problems(bad, auth, noProject, ...created),
      },
    },
    get: {
      operationId: `list${name}s`,
      summary: summaries.list,
      security,
      parameters: [project, ...filters],
      responses: { '200': listOf(ref, 'The list, oldest first.'), ...problems(bad, auth, noProject) },
    },
  };
}

function deletion(name: string, what: string, notFound: ProblemEntry) {
  return {
    operationId: `delete${name}`,
    summary: `Delete ${what}.`,
    security,
    responses: { '204': { description: 'Deleted.' }, ...problems(auth, noProject, notFound) },
  };
}

export function notificationPaths(): Record<string, unknown> {
  const base = '/v1/projects/{projectIdOrName}';
  const noTopic: ProblemEntry = [404, ['topicNotFound'], 'No such topic.'];
  const noRoute: ProblemEntry = [404, ['routeNotFound'], 'No such route.'];
  return {
    [`${base}/topics`]: collection('Topic', 'Topic', [[409, ['topicExists'], 'The name is taken.']], [], {
      create: 'Create a notification topic.',
      list: 'List notification topics.',
    }),
    [`${base}/topics/{topicId}`]: {
      patch: {
        operationId: 'updateTopic',
        summary: 'Rename a topic.',
        security,
        parameters: [project, param('topicId', 'The topic ID.')],
        requestBody: { required: true, content: json('TopicRequest') },
        responses: {
          '200': { description: 'Renamed.', content: json('Topic') },
          ...problems(bad, auth, noProject, noTopic, [409, ['topicExists'], 'The name is taken.']),
        },
      },
      delete: {
        ...deletion('Topic', 'a topic and its routes', noTopic),
        parameters: [project, param('topicId', 'The topic ID.')],
      },
    },
    [`${base}/notification-event-topic-routes`]: collection(
      'EventTopicRoute',
      'EventTopicRoute',
      [noTopic, [409, ['conflict'], 'The topic already receives this event type.']],
      [param('topicId', 'Only this topic.', 'query'), param('eventType', 'Only this event type.', 'query')],
      { create: 'Route an event type to a topic.', list: 'List event-topic routes.' },
    ),
    [`${base}/notification-event-topic-routes/{routeId}`]: {
      delete: {
        ...deletion('EventTopicRoute', 'an event-topic route', noRoute),
        parameters: [project, param('routeId', 'The route ID.')],
      },
    },
    [`${base}/topic-destination-routes`]: collection(
      'TopicDestinationRoute',
      'TopicDestinationRoute',
      [
        [404, ['topicNotFound', 'destinationNotFound'], 'No such topic or destination.'],
        [409, ['conflict'], 'The topic already routes to this destination.'],
      ],
      [
        param('topicId', 'Only this topic.', 'query'),
        param('destinationId', 'Only this destination.', 'query'),
      ],
      { create: 'Route a topic to a destination.', list: 'List topic-destination routes.' },
    ),
    [`${base}/topic-destination-routes/{routeId}`]: {
      delete: {
        ...deletion('TopicDestinationRoute', 'a topic-destination route', noRoute),
        parameters: [project, param('routeId', 'The route ID.')],
      },
    },
  };
}
