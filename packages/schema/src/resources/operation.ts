import * as z from 'zod/mini';
import { dateTimeSchema } from './primitives.js';
import { readTypeSchema } from './webhook-message.js';
import { writeOperationDetailsSchema } from './write-request.js';

const countSchema = z.number().check(z.int(), z.nonnegative());

/** Where an operation stands (the hosted `Operation.status`). */
export const operationStatusSchema = z.enum(['in_progress', 'success', 'failure']);
export type OperationStatus = z.infer<typeof operationStatusSchema>;

/**
 * An object's backfill (hosted `BackfillProgress`, `GET …/objects/{objectName}/backfill-progress`), also
 * an operation's `metadata.progress`. The embedded service adds `status` and `recordsDelivered`; the hosted
 * answer has no status (its operation in the operations list has one).
 */
export const backfillProgressSchema = z.object({
  installationId: z.string(),
  objectName: z.string(),
  operationId: z.string(),
  status: z.optional(operationStatusSchema),
  /** Records read so far. */
  recordsProcessed: countSchema,
  /** The provider's estimate of the records to read; absent where the provider gives none. */
  recordsEstimatedTotal: z.optional(countSchema),
  /** Embedded service only: records its deliveries handed on. */
  recordsDelivered: z.optional(countSchema),
  createTime: z.optional(dateTimeSchema),
  updateTime: z.optional(dateTimeSchema),
});
export type BackfillProgress = z.infer<typeof backfillProgressSchema>;

/** What an operation's `metadata` holds: a read's details, or a write's. */
export const operationMetadataSchema = z.object({
  /** The objects read (one per read operation). */
  objects: z.optional(z.array(z.string())),
  readType: z.optional(readTypeSchema),
  progress: z.optional(backfillProgressSchema),
  /** Embedded service only: records, and messages, its deliveries handed on or gave up. */
  recordsDelivered: z.optional(countSchema),
  messagesDelivered: z.optional(countSchema),
  messagesFailed: z.optional(countSchema),
  errors: z.optional(z.array(z.string())),
  /**
   * Embedded service only: the provider faults a read met and retried or waited out, counted by class
   * (`rate_limited`, `server_error`, `timeout`, `connection_reset`, `malformed_answer`, `auth_revoked`, ...).
   */
  providerFaults: z.optional(z.record(z.string(), countSchema)),
  /** A scheduled read's cron time. */
  scheduledTime: z.optional(dateTimeSchema),
  /** A write operation's progress and results. */
  write: z.optional(writeOperationDetailsSchema),
  /** Hosted service: the ids of the records a write operation wrote. */
  successfulRecordIds: z.optional(z.array(z.string())),
});
export type OperationMetadata = z.infer<typeof operationMetadataSchema>;

/**
 * An operation (hosted `Operation`, `GET {base_url}/projects/{p}/operations/{operationId}` and the
 * installation's operations list), with the read details in `metadata`.
 */
export const operationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  integrationId: z.string(),
  installationId: z.string(),
  configId: z.string(),
  /** The embedded service runs reads and writes; the hosted service also names `subscribe`. */
  actionType: z.enum(['read', 'write']),
  status: operationStatusSchema,
  /** A summary, e.g. "[contacts] 1234 records delivered". */
  result: z.optional(z.string()),
  metadata: z.optional(operationMetadataSchema),
  createTime: z.optional(dateTimeSchema),
  updateTime: z.optional(dateTimeSchema),
  endTime: z.optional(dateTimeSchema),
});
export type Operation = z.infer<typeof operationSchema>;

/** A page of an installation's operations, newest first. */
export const operationListSchema = z.object({
  results: z.array(operationSchema),
  pagination: z.object({ done: z.boolean(), nextPageToken: z.optional(z.string()) }),
});
export type OperationList = z.infer<typeof operationListSchema>;

/** One entry of an operation's log (the hosted `Log`, `GET …/operations/{operationId}/logs`). */
export const operationLogSchema = z.object({
  timestamp: z.string(),
  severity: z.enum(['INFO', 'ERROR']),
  message: z.object({ msg: z.string(), operation_id: z.string(), error: z.optional(z.string()) }),
});
export type OperationLog = z.infer<typeof operationLogSchema>;
