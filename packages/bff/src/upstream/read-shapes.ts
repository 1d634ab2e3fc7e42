import { readTypeSchema } from '@splice/schema';
import * as z from 'zod/mini';

/**
 * The service's answers about reads, as the BFF reads them. Lenient on purpose (unknown keys are
 * dropped, most fields optional): they are parsed only to build the browser's status answer, which has
 * its own strict schema, and nothing here is forwarded as it came.
 */

const count = z.number().check(z.int(), z.nonnegative());
const time = z.string();

/** One object in the embedded service's `read-status` extension. */
export const objectReadStatusSchema = z.object({
  objectName: z.string(),
  paused: z.optional(z.boolean()),
  /** Embedded service: the note given with the pause (the BFF names the user who paused). */
  pauseNote: z.optional(z.nullable(z.string())),
  disabled: z.optional(z.boolean()),
  nextRunTime: z.optional(z.nullable(time)),
  lastRunTime: z.optional(z.nullable(time)),
  lastRunStatus: z.optional(z.enum(['success', 'failure', 'in_progress'])),
  recordsDelivered: z.optional(count),
  backfill: z.optional(
    z.nullable(
      z.object({
        operationId: z.string(),
        status: z.enum(['success', 'failure', 'in_progress']),
        recordsProcessed: count,
        recordsEstimatedTotal: z.optional(z.nullable(count)),
        recordsDelivered: z.optional(count),
      }),
    ),
  ),
  delivery: z.optional(
    z.object({
      state: z.enum(['ok', 'retrying', 'disabled']),
      lastError: z.optional(z.nullable(z.string())),
      retryingSince: z.optional(z.nullable(time)),
    }),
  ),
});
export type ObjectReadStatus = z.infer<typeof objectReadStatusSchema>;

export const readStatusSchema = z.object({ objects: z.array(objectReadStatusSchema) });
export type ReadStatus = z.infer<typeof readStatusSchema>;

/** An operation (hosted `Operation`), with the read details the embedded service puts in `metadata`. */
export const operationSchema = z.object({
  id: z.string(),
  status: z.enum(['success', 'failure', 'in_progress']),
  result: z.optional(z.string()),
  createTime: z.optional(time),
  updateTime: z.optional(time),
  endTime: z.optional(time),
  metadata: z.optional(
    z.object({
      objects: z.optional(z.array(z.string())),
      readType: z.optional(z.catch(z.nullable(readTypeSchema), null)),
      errors: z.optional(z.array(z.string())),
      progress: z.optional(
        z.object({
          recordsProcessed: z.optional(count),
          recordsEstimatedTotal: z.optional(z.nullable(count)),
        }),
      ),
      /** Embedded service only: records its deliveries handed on. */
      recordsDelivered: z.optional(count),
    }),
  ),
});
export type Operation = z.infer<typeof operationSchema>;

export const operationListSchema = z.object({ results: z.array(operationSchema) });

/**
 * `GET .../installations/{id}/objects/{objectName}/backfill-progress` (both services). The hosted answer
 * has no status: the operation of the same id in the operations list says whether it still runs.
 */
export const backfillProgressSchema = z.object({
  objectName: z.optional(z.string()),
  operationId: z.string(),
  recordsProcessed: count,
  recordsEstimatedTotal: z.optional(z.nullable(count)),
  status: z.optional(z.enum(['success', 'failure', 'in_progress'])),
  createTime: z.optional(time),
  updateTime: z.optional(time),
});
export type BackfillProgress = z.infer<typeof backfillProgressSchema>;

export const triggeredReadSchema = z.object({ operationId: z.string() });
