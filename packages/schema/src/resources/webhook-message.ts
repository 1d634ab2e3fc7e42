import * as z from 'zod/mini';
import { dateTimeSchema, nameSchema } from './primitives.js';

/**
 * Field values by name: a JSON object, passed through as parsed. Keys of parsed JSON are strings and the
 * values are left unchecked, so checking each key (and copying every record, as `z.record` does) only cost
 * time: it was most of a receiver's validation during a backfill of a million records.
 */
const fieldValuesSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  { message: 'Expected an object of field values.' },
);

/**
 * One record of a delivered read: the selected `fields`, the installation's mappings applied in
 * `mappedFields`, and the provider's record as it came in `raw`. Loose: the hosted service adds keys
 * (associations, subscribe events) that a receiver of read messages may ignore.
 */
export const webhookResultEntrySchema = z.looseObject({
  id: z.optional(z.string()),
  fields: z.optional(fieldValuesSchema),
  mappedFields: z.optional(fieldValuesSchema),
  raw: z.optional(fieldValuesSchema),
});
export type WebhookResultEntry = z.infer<typeof webhookResultEntrySchema>;

/** `inline`: the records are in `result`; `url`: they are fetched from `downloadUrl`. */
export const webhookResultInfoSchema = z.looseObject({
  type: z.enum(['inline', 'url']),
  numRecords: z.number().check(z.int(), z.nonnegative()),
  downloadUrl: z.optional(z.string()),
});
export type WebhookResultInfo = z.infer<typeof webhookResultInfoSchema>;

/** Why a read ran: the installation's backfill, its schedule, or a trigger (the "Run now" button). */
export const readTypeSchema = z.enum(['backfill', 'scheduled', 'triggered']);
export type ReadType = z.infer<typeof readTypeSchema>;

/**
 * The body of a message delivered to a webhook destination, with the fields the hosted service's
 * webhook description requires (the embedded service sends the same shape). Unknown keys are kept, so
 * a receiver written against this schema keeps working when the service adds one.
 */
export const webhookMessageSchema = z.looseObject({
  action: z.string(),
  projectId: z.string(),
  provider: z.string(),
  workspace: z.optional(z.string()),
  groupRef: z.string(),
  groupName: z.string(),
  installationId: z.string(),
  installationUpdateTime: dateTimeSchema,
  objectName: nameSchema,
  rawObjectName: z.optional(z.string()),
  consumerRef: z.string(),
  consumerName: z.string(),
  operationId: z.optional(z.string()),
  operationTime: z.optional(dateTimeSchema),
  readType: z.optional(readTypeSchema),
  resultInfo: webhookResultInfoSchema,
  result: z.optional(z.array(webhookResultEntrySchema)),
});
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;
