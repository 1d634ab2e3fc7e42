/**
 * The embedded service's `write-status` extension (`GET {base_url}/projects/{p}/integrations/{i}/
 * installations/{id}/write-status?since=…`): per written object, the records written since an instant and
 * the latest write that failed, with its reason. The hosted service has no such path.
 */
import * as z from 'zod/mini';
import { limits } from './limits.js';
import { dateTimeSchema, nameSchema } from './primitives.js';

const countSchema = z.number().check(z.int(), z.nonnegative());

/** A write that did not write (some of) its records: when it ended, and why, in the provider's words. */
export const writeFailureSchema = z.object({
  time: dateTimeSchema,
  reason: z.string().check(z.maxLength(limits.text)),
  operationId: z.optional(z.string()),
});
export type WriteFailure = z.infer<typeof writeFailureSchema>;

export const objectWriteStatusSchema = z.object({
  objectName: nameSchema,
  /** Records created or updated since `since`. */
  recordsWritten: countSchema,
  /** Records deleted since `since`. */
  recordsDeleted: countSchema,
  /** Records the provider refused since `since`. */
  recordsFailed: countSchema,
  /** The latest write of the object that failed, whenever it was; null when none has. */
  lastFailure: z.nullable(writeFailureSchema),
});
export type ObjectWriteStatus = z.infer<typeof objectWriteStatusSchema>;

export const writeStatusSchema = z.object({
  installationId: z.string(),
  since: dateTimeSchema,
  objects: z.array(objectWriteStatusSchema),
});
export type WriteStatus = z.infer<typeof writeStatusSchema>;

/** `?since=`: the instant the counts start at (ISO 8601). */
export const writeStatusQuerySchema = z.strictObject({ since: dateTimeSchema });
export type WriteStatusQuery = z.infer<typeof writeStatusQuerySchema>;
