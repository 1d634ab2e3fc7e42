import * as z from 'zod/mini';
import { limits } from './limits.js';

/**
 * Notifications, as the hosted service sends them (`notifications/notifications.yaml` of its public
 * description): what happened, routed from its event type to topics (`{base_url}/projects/{p}/topics`) and
 * from topics to destinations. A webhook destination receives `{ notificationType, data }`.
 */
export const notificationEventTypes = [
  'connection.created',
  'connection.error',
  'connection.refreshed',
  'connection.updated',
  'connection.deleted',
  'installation.created',
  'installation.updated',
  'installation.deleted',
  'read.schedule.paused',
  'read.backfill.done',
  'read.triggered.done',
  'read.triggered.error',
  'write.async.done',
  'subscribe.create.error',
  'destination.webhook.disabled',
] as const;

export const notificationEventTypeSchema = z.enum(notificationEventTypes);
export type NotificationEventType = z.infer<typeof notificationEventTypeSchema>;

/** A topic's name: letters, numbers and dashes, at most 64. */
export const topicNameSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[A-Za-z0-9-]+$/, 'Use only letters, numbers and dashes.'),
  );

export const topicRequestSchema = z.strictObject({ name: topicNameSchema });

export const eventTopicRouteRequestSchema = z.strictObject({
  eventType: notificationEventTypeSchema,
  topicId: z.string().check(z.minLength(1), z.maxLength(limits.text)),
});

export const topicDestinationRouteRequestSchema = z.strictObject({
  topicId: z.string().check(z.minLength(1), z.maxLength(limits.text)),
  destinationId: z.string().check(z.minLength(1), z.maxLength(limits.text)),
});

export const topicSchema = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  createTime: z.string(),
  updateTime: z.optional(z.string()),
});
export type Topic = z.infer<typeof topicSchema>;

export const eventTopicRouteSchema = z.object({
  id: z.string(),
  eventType: notificationEventTypeSchema,
  topicId: z.string(),
  projectId: z.string(),
  createTime: z.string(),
  updateTime: z.optional(z.string()),
});
export type EventTopicRoute = z.infer<typeof eventTopicRouteSchema>;

export const topicDestinationRouteSchema = z.object({
  id: z.string(),
  topicId: z.string(),
  destinationId: z.string(),
  projectId: z.string(),
  createTime: z.string(),
});
export type TopicDestinationRoute = z.infer<typeof topicDestinationRouteSchema>;

/** A notification as a webhook destination receives it. */
export const notificationPayloadSchema = z.object({
  notificationType: notificationEventTypeSchema,
  data: z.record(z.string(), z.unknown()),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;
