import * as z from 'zod/mini';
import { backfillProgressSchema, operationStatusSchema } from './operation.js';
import { dateTimeSchema } from './primitives.js';

const countSchema = z.number().check(z.int(), z.nonnegative());

/**
 * How an object's deliveries fare: `retrying` while its receiver refuses or does not answer (or its
 * destination is gone), `disabled` once the service stopped delivering to the destination.
 */
export const objectDeliverySchema = z.object({
  state: z.enum(['ok', 'retrying', 'disabled']),
  lastError: z.optional(z.string()),
  retryingSince: z.optional(dateTimeSchema),
});
export type ObjectDelivery = z.infer<typeof objectDeliverySchema>;

/**
 * What an object's read is waiting out at its provider, in the user's terms: `rate_limited` (the account's
 * request budget is spent; the read goes on when it refills), `not_answering` (server errors, timeouts,
 * resets or unreadable answers, retried with backoff), `reconnect` (the provider refused the connection).
 * `since` is when the wait began, `retryAt` when the read tries again.
 */
export const providerWaitSchema = z.object({
  state: z.enum(['rate_limited', 'not_answering', 'reconnect']),
  since: dateTimeSchema,
  retryAt: z.optional(dateTimeSchema),
});
export type ProviderWait = z.infer<typeof providerWaitSchema>;

/**
 * One object in the read status: whether its reads are paused or disabled, its schedule and destination,
 * the next and last run, the records delivered, its backfill and the health of its delivery.
 */
export const objectReadStatusSchema = z.object({
  objectName: z.string(),
  /** Paused through `:pause` (scheduled reads stop; on-demand reads still run). */
  paused: z.boolean(),
  /** The note given with the pause, while paused. */
  pauseNote: z.optional(z.string()),
  /** `disabled: true` in the installation's config. */
  disabled: z.boolean(),
  schedule: z.optional(z.string()),
  destination: z.optional(z.string()),
  /** Null when paused or not scheduled. */
  nextRunTime: z.nullable(dateTimeSchema),
  lastRunTime: z.nullable(dateTimeSchema),
  lastRunStatus: z.optional(operationStatusSchema),
  recordsDelivered: countSchema,
  backfill: z.optional(
    z.pick(backfillProgressSchema, {
      operationId: true,
      status: true,
      recordsProcessed: true,
      recordsDelivered: true,
      recordsEstimatedTotal: true,
    }),
  ),
  delivery: objectDeliverySchema,
  /** Present while the object's current read waits out a provider fault. */
  providerWait: z.optional(providerWaitSchema),
});
export type ObjectReadStatus = z.infer<typeof objectReadStatusSchema>;

/**
 * The read status of an installation (`GET …/installations/{installationId}/read-status`, an extension of
 * the embedded service): where each object it reads stands, as the service sees it. The BFF turns it into
 * the browser's sync status (../browser/sync-status.ts), which says the same in a user's terms.
 */
export const readStatusSchema = z.object({
  installationId: z.string(),
  objects: z.array(objectReadStatusSchema),
});
export type ReadStatus = z.infer<typeof readStatusSchema>;
