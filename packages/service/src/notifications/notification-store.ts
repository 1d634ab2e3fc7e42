/**
 * Notification routing as the hosted API configures it, stored on SQLite or PostgreSQL alike (one set of
 * queries, see `StoreAccess`): topics, event-type-to-topic routes and topic-to-destination routes; and the
 * queue of notifications owed to destinations, which is the read engine's own `deliveries` table, so that
 * the read engine's deliverer signs, sends, retries and parks them as it does read results.
 *
 * A notification's message is queued on a stream of its own per project and destination (its
 * `installation_id` column holds `notifications:<project id>`, its `object_name` the destination's name),
 * so a failing destination holds back only its own notifications, in order, never a read's records. Its
 * operation id is empty: the read engine's counts of operations and objects match no row for it.
 */
import { randomUUID } from 'node:crypto';
import type { EventTopicRoute, NotificationEventType, Topic, TopicDestinationRoute } from '@splice/schema';
import type { StoreAccess } from '../store/access.js';
import { now } from '../store/access.js';
import { insertDeliveries } from '../store/operations/deliveries.js';
import type { Table } from '../store/table.js';

const topics: Table<Topic> = {
  name: 'notification_topics',
  columns: { id: 'text', projectId: 'text', name: 'text', createTime: 'text', updateTime: 'text' },
};

const eventRoutes: Table<EventTopicRoute> = {
  name: 'notification_event_topic_routes',
  columns: {
    id: 'text',
    projectId: 'text',
    eventType: 'text',
    topicId: 'text',
    createTime: 'text',
    updateTime: 'text',
  },
};

const destinationRoutes: Table<TopicDestinationRoute> = {
  name: 'topic_destination_routes',
  columns: { id: 'text', projectId: 'text', topicId: 'text', destinationId: 'text', createTime: 'text' },
};

/** The stream a project's notifications to one destination are queued on (see the module's comment). */
export const notificationStream = (projectId: string) => `notifications:${projectId}`;

/**
 * A project's rows, narrowed by the filters given: each condition is written only when its value is, as
 * PostgreSQL cannot type a parameter that is only compared with NULL.
 */
function filtered(projectId: string, columns: Record<string, string | undefined>) {
  const given = Object.entries(columns).filter(([, value]) => value !== undefined);
  return {
    where: ['project_id = ?', ...given.map(([column]) => `${column} = ?`)].join(' AND '),
    params: [projectId, ...given.map(([, value]) => value)],
  };
}

export class NotificationStore {
  constructor(private readonly db: StoreAccess) {}

  // ---- topics ----

  insertTopic(projectId: string, name: string): Promise<Topic> {
    return this.db.insert(
      topics,
      { id: randomUUID(), projectId, name, createTime: now() },
      `topic "${name}" already exists`,
    );
  }

  listTopics(projectId: string): Promise<Topic[]> {
    return this.db.all(
      topics,
      'SELECT * FROM notification_topics WHERE project_id = ? ORDER BY create_time, id',
      projectId,
    );
  }

  getTopic(projectId: string, id: string): Promise<Topic | undefined> {
    return this.db.get(
      topics,
      'SELECT * FROM notification_topics WHERE project_id = ? AND id = ?',
      projectId,
      id,
    );
  }

  async renameTopic(projectId: string, id: string, name: string): Promise<Topic | undefined> {
    await this.db.run(
      'UPDATE notification_topics SET name = @name, update_time = @update_time WHERE project_id = @project_id AND id = @id',
      { name, update_time: now(), project_id: projectId, id },
      { table: topics.name, conflictMessage: `topic "${name}" already exists` },
    );
    return this.getTopic(projectId, id);
  }

  async deleteTopic(projectId: string, id: string): Promise<boolean> {
    return (
      (await this.db.change(
        'DELETE FROM notification_topics WHERE project_id = ? AND id = ?',
        projectId,
        id,
      )) > 0
    );
  }

  // ---- routes ----

  insertEventRoute(
    projectId: string,
    eventType: NotificationEventType,
    topicId: string,
  ): Promise<EventTopicRoute> {
    return this.db.insert(
      eventRoutes,
      { id: randomUUID(), projectId, eventType, topicId, createTime: now() },
      `the topic already receives "${eventType}"`,
    );
  }

  listEventRoutes(
    projectId: string,
    filter: { topicId?: string | undefined; eventType?: string | undefined },
  ): Promise<EventTopicRoute[]> {
    const { where, params } = filtered(projectId, { topic_id: filter.topicId, event_type: filter.eventType });
    return this.db.all(
      eventRoutes,
      `SELECT * FROM notification_event_topic_routes WHERE ${where} ORDER BY create_time, id`,
      ...params,
    );
  }

  async deleteEventRoute(projectId: string, id: string): Promise<boolean> {
    return (
      (await this.db.change(
        'DELETE FROM notification_event_topic_routes WHERE project_id = ? AND id = ?',
        projectId,
        id,
      )) > 0
    );
  }

  insertDestinationRoute(
    projectId: string,
    topicId: string,
    destinationId: string,
  ): Promise<TopicDestinationRoute> {
    return this.db.insert(
      destinationRoutes,
      { id: randomUUID(), projectId, topicId, destinationId, createTime: now() },
      'the topic already routes to this destination',
    );
  }

  listDestinationRoutes(
    projectId: string,
    filter: { topicId?: string | undefined; destinationId?: string | undefined },
  ): Promise<TopicDestinationRoute[]> {
    const { where, params } = filtered(projectId, {
      topic_id: filter.topicId,
      destination_id: filter.destinationId,
    });
    return this.db.all(
      destinationRoutes,
      `SELECT * FROM topic_destination_routes WHERE ${where} ORDER BY create_time, id`,
      ...params,
    );
  }

  async deleteDestinationRoute(projectId: string, id: string): Promise<boolean> {
    return (
      (await this.db.change(
        'DELETE FROM topic_destination_routes WHERE project_id = ? AND id = ?',
        projectId,
        id,
      )) > 0
    );
  }

  // ---- queueing ----

  /** The names of the destinations an event of this type reaches, through any topic. */
  async destinationsFor(projectId: string, eventType: NotificationEventType): Promise<string[]> {
    const { rows } = await this.db.query<{ name: string }>(
      `SELECT DISTINCT d.name AS name FROM notification_event_topic_routes e
         JOIN topic_destination_routes t ON t.topic_id = e.topic_id
         JOIN destinations d ON d.id = t.destination_id
       WHERE e.project_id = ? AND e.event_type = ? ORDER BY d.name`,
      projectId,
      eventType,
    );
    return rows.map((row) => row.name);
  }

  /** Queues one message per destination, due now; returns the messages' ids. */
  async enqueue(projectId: string, destinationNames: string[], body: string): Promise<string[]> {
    const ids = destinationNames.map(() => `ntf_${randomUUID()}`);
    const createTime = now();
    const stream = { operationId: '', projectId, installationId: notificationStream(projectId) };
    await this.db.atomically(function* () {
      // Each destination is a stream of its own: one receiver's outage holds back only its messages.
      for (const [index, destinationName] of destinationNames.entries()) {
        const message = { id: ids[index] as string, destinationName, body, numRecords: 0 };
        yield* insertDeliveries({ ...stream, objectName: destinationName }, [message], createTime);
      }
    });
    return ids;
  }

  // ---- what happened, not yet notified ----

  /** Read operations that ended and were not notified yet, oldest first. */
  endedOperations(limit: number) {
    return this.db
      .query<{
        id: string;
        project_id: string;
        installation_id: string;
        object_name: string;
        read_type: string;
        status: string;
        since_time: string | null;
        until_time: string;
        errors: string | string[] | null;
      }>(
        `SELECT id, project_id, installation_id, object_name, read_type, status, since_time, until_time,
           CAST(errors AS TEXT) AS errors
         FROM read_operations WHERE phase = 'done' AND notify_time IS NULL ORDER BY seq LIMIT ?`,
        limit,
      )
      .then((result) => result.rows);
  }

  async markOperationNotified(id: string): Promise<void> {
    await this.db.change('UPDATE read_operations SET notify_time = ? WHERE id = ?', now(), id);
  }

  /** Connection events not notified yet, oldest first. */
  connectionEvents(limit: number) {
    return this.db
      .query<{
        seq: number | string;
        project_id: string;
        connection_id: string;
        kind: string;
        detail: string | null;
      }>(
        `SELECT seq, project_id, connection_id, kind, detail FROM connection_events
         WHERE notify_time IS NULL ORDER BY seq LIMIT ?`,
        limit,
      )
      .then((result) => result.rows);
  }

  async markConnectionEventNotified(seq: number | string): Promise<void> {
    await this.db.change('UPDATE connection_events SET notify_time = ? WHERE seq = ?', now(), seq);
  }
}
