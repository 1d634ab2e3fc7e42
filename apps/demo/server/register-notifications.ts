/**
 * Subscribes Northwind to Splice's notifications, through the service's API with the API key as a
 * builder's deployment script would: a webhook destination for them (at Northwind's one receiver), a
 * topic, every event type the activity feed shows routed to the topic, and the topic to the destination.
 * Each step is skipped when already in place, so a restart adds nothing twice.
 */
import { notificationEventTypes } from '@splice/schema';
import { call, type RegisterOptions, registerDestinations } from './register-destinations.js';

export const activityDestination = 'northwindActivity';
const topicName = 'northwind-activity';

/** The event types the feed shows: all but those about destinations and subscriptions. */
const shownTypes = notificationEventTypes.filter(
  (type) => type !== 'destination.webhook.disabled' && type !== 'subscribe.create.error',
);

function ok(answer: { status: number }, what: string) {
  if (answer.status >= 300) throw new Error(`${what} answered ${answer.status}.`);
}

/** Answers the activity destination's signing secret, which Northwind's receiver must accept. */
export async function registerNotifications(options: Omit<RegisterOptions, 'names'>): Promise<string> {
  const [secret] = await registerDestinations({ ...options, names: [activityDestination] });
  const destination = await call(options, 'GET', `/destinations/${activityDestination}`);
  ok(destination, 'Reading the activity destination');
  const destinationId = destination.json.id as string;

  const topics = await call(options, 'GET', '/topics');
  ok(topics, 'Listing topics');
  let topic = (topics.json as unknown as Array<{ id: string; name: string }>).find(
    (t) => t.name === topicName,
  );
  if (!topic) {
    const created = await call(options, 'POST', '/topics', { name: topicName });
    ok(created, 'Creating the activity topic');
    topic = created.json as unknown as { id: string; name: string };
  }
  const topicId = topic.id;

  const routes = await call(options, 'GET', `/notification-event-topic-routes?topicId=${topicId}`);
  ok(routes, 'Listing event routes');
  const routed = new Set((routes.json as unknown as Array<{ eventType: string }>).map((r) => r.eventType));
  for (const eventType of shownTypes) {
    if (routed.has(eventType)) continue;
    ok(
      await call(options, 'POST', '/notification-event-topic-routes', { eventType, topicId }),
      `Routing ${eventType}`,
    );
  }
  const toDestination = await call(options, 'GET', `/topic-destination-routes?topicId=${topicId}`);
  ok(toDestination, 'Listing destination routes');
  const destinations = toDestination.json as unknown as Array<{ destinationId: string }>;
  if (!destinations.some((r) => r.destinationId === destinationId)) {
    ok(
      await call(options, 'POST', '/topic-destination-routes', { topicId, destinationId }),
      'Routing the topic to the activity destination',
    );
  }
  if (!secret) throw new Error('The service gave no signing secret for the activity destination.');
  return secret;
}
