/**
 * The Write API (`POST {write_url}/projects/{p}/integrations/{i}/objects/{objectName}`): the builder's
 * records written to the customer's CRM, one (`record`) or up to a hundred (`batch`) at a time, and the
 * answers the hosted write description shows.
 */
import * as z from 'zod/mini';
import { limits } from './limits.js';
import { boundedRecord, nameSchema } from './primitives.js';

/** The most records one write request carries in `batch`. */
export const writeBatchLimit = 100;

export const writeTypeSchema = z.enum(['create', 'update', 'delete']);
export type WriteType = z.infer<typeof writeTypeSchema>;

export const writeModeSchema = z.enum(['synchronous', 'asynchronous']);
export type WriteMode = z.infer<typeof writeModeSchema>;

/** A record's fields by name (mapped or provider names); an update or a delete names the record by `id`. */
export const writeRecordSchema = boundedRecord(z.unknown(), 1_000);
export type WriteRecord = z.infer<typeof writeRecordSchema>;

const hoursSchema = z.int().check(z.minimum(1), z.maximum(48));

export const writeRequestSchema = z
  .strictObject({
    groupRef: nameSchema,
    type: writeTypeSchema,
    /** Default `synchronous`; a delete is synchronous only. */
    mode: z.optional(writeModeSchema),
    record: z.optional(writeRecordSchema),
    batch: z.optional(
      z
        .array(
          z.strictObject({
            record: writeRecordSchema,
            associations: z.optional(z.array(z.record(z.string(), z.unknown()))),
          }),
        )
        .check(z.minLength(1), z.maxLength(writeBatchLimit)),
    ),
    batchPolicy: z.optional(z.strictObject({ allOrNone: z.optional(z.boolean()) })),
    retryPolicy: z.optional(z.strictObject({ deadlineHours: z.optional(hoursSchema) })),
    autoBatchPolicy: z.optional(
      z.strictObject({
        maxDelayMinutes: z.int().check(z.minimum(1), z.maximum(1440)),
        retryDeadlineHours: z.optional(hoursSchema),
      }),
    ),
    associations: z.optional(z.array(z.record(z.string(), z.unknown()))),
    headers: z.optional(
      z
        .array(z.strictObject({ key: nameSchema, value: z.string().check(z.maxLength(limits.text)) }))
        .check(z.maxLength(50)),
    ),
  })
  .check(
    z.superRefine((request, ctx) => {
      const issue = (path: PropertyKey[], message: string) =>
        ctx.issues.push({ code: 'custom', input: request, path, message });
      if ((request.record === undefined) === (request.batch === undefined)) {
        issue(
          [request.record === undefined ? 'record' : 'batch'],
          'Send either "record" (one record) or "batch" (1 to 100 records), not both or neither.',
        );
      }
      if (request.type === 'delete' && request.mode === 'asynchronous') {
        issue(['mode'], 'A delete is synchronous only.');
      }
      if (request.type === 'delete' && request.batch !== undefined) {
        issue(['batch'], 'A delete takes one record: send "record" with its "id".');
      }
      if (request.autoBatchPolicy && (request.mode !== 'asynchronous' || request.batch !== undefined)) {
        issue(['autoBatchPolicy'], 'Auto-batching is for asynchronous single-record writes only.');
      }
      if (request.type === 'create') return;
      const records: [PropertyKey[], Record<string, unknown>][] = request.batch
        ? request.batch.map((item, index) => [['batch', index, 'record', 'id'], item.record])
        : request.record
          ? [[['record', 'id'], request.record]]
          : [];
      for (const [path, record] of records) {
        const id = record.id;
        if (typeof id !== 'string' || id.length === 0 || id.length > limits.name) {
          issue(path, `An ${request.type} names its record by "id": a non-empty string.`);
        }
      }
    }),
  );
export type WriteRequest = z.infer<typeof writeRequestSchema>;

/** One record's outcome: its id on success; `errors` in words on failure (embedded service). */
export const writeResultSchema = z.object({
  success: z.boolean(),
  recordId: z.optional(z.string()),
  /** The record as the provider answered it, where it answers one. */
  data: z.optional(z.record(z.string(), z.unknown())),
  /** Embedded service: why this record was not written. */
  errors: z.optional(z.array(z.object({ message: z.string() }))),
});
export type WriteResult = z.infer<typeof writeResultSchema>;

const messagesSchema = z.array(z.object({ message: z.string() }));

/** A synchronous single-record write: 200 on success, 422 with `errors` when the provider refused it. */
export const writeSingleResponseSchema = z.object({
  operationId: z.string(),
  result: z.optional(writeResultSchema),
  errors: z.optional(messagesSchema),
});
export type WriteSingleResponse = z.infer<typeof writeSingleResponseSchema>;

/** A synchronous batch: 200 when every record was written, 422 when any failed. */
export const writeBatchResponseSchema = z.object({
  operationId: z.string(),
  successCount: z.int().check(z.nonnegative()),
  failureCount: z.int().check(z.nonnegative()),
  results: z.optional(z.array(writeResultSchema)),
  errors: z.optional(messagesSchema),
});
export type WriteBatchResponse = z.infer<typeof writeBatchResponseSchema>;

/** An asynchronous write, accepted: its operation (`GET {base_url}/projects/{p}/operations/{id}`) ends with the results. */
export const writeAcceptedResponseSchema = z.object({ operationId: z.string() });
export type WriteAcceptedResponse = z.infer<typeof writeAcceptedResponseSchema>;

/** An asynchronous write's progress and results, in its operation's `metadata.write` (embedded service). */
export const writeOperationDetailsSchema = z.object({
  type: writeTypeSchema,
  mode: writeModeSchema,
  /** Calls to the provider so far (a retryable failure is tried again until the deadline). */
  attempts: z.int().check(z.nonnegative()),
  /** When retries stop, ISO 8601. */
  deadlineTime: z.optional(z.string()),
  /** The answer the write ended with, as a synchronous write would have answered it. */
  response: z.optional(z.union([writeSingleResponseSchema, writeBatchResponseSchema])),
  /** The last retryable failure, in words, while the write waits to be tried again. */
  lastError: z.optional(z.string()),
});
export type WriteOperationDetails = z.infer<typeof writeOperationDetailsSchema>;
