import * as z from 'zod/mini';
import { limits } from './limits.js';
import { boundedRecord, dateTimeSchema, nameSchema } from './primitives.js';

/**
 * A webhook destination (the hosted service's `{base_url}/projects/{p}/destinations`): where read results
 * are delivered. Names are letters, digits, dashes and underscores, unique within a project.
 */
export const destinationNameSchema = nameSchema.check(
  z.regex(/^[A-Za-z0-9_-]+$/, 'Use only letters, digits, dashes and underscores.'),
);

export const webhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter an http or https URL.' })
  .check(z.maxLength(limits.text));

/** Extra headers sent with every message, e.g. an Authorization header the receiver checks. */
export const webhookHeadersSchema = boundedRecord(z.string().check(z.maxLength(limits.text)), 50);

export const destinationMetadataSchema = z.strictObject({
  url: webhookUrlSchema,
  headers: z.optional(webhookHeadersSchema),
});
export type DestinationMetadata = z.infer<typeof destinationMetadataSchema>;

export const destinationRequestSchema = z.strictObject({
  name: destinationNameSchema,
  type: z.literal('webhook', 'Only "webhook" destinations are supported.'),
  metadata: destinationMetadataSchema,
});
export type DestinationRequest = z.infer<typeof destinationRequestSchema>;

/** PATCH body: the hosted service's update mask over the fields a webhook destination has. */
export const destinationUpdateSchema = z.strictObject({
  updateMask: z
    .array(z.enum(['name', 'metadata.url', 'metadata.headers']))
    .check(z.minLength(1), z.maxLength(3)),
  destination: z.strictObject({
    name: z.optional(destinationNameSchema),
    metadata: z.optional(
      z.strictObject({ url: z.optional(webhookUrlSchema), headers: z.optional(webhookHeadersSchema) }),
    ),
  }),
});
export type DestinationUpdate = z.infer<typeof destinationUpdateSchema>;

/** A destination as the service answers; `status` and `disabled*` are Splice's additions. */
export const destinationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('webhook'),
  metadata: z.object({ url: z.string(), headers: z.optional(z.record(z.string(), z.string())) }),
  status: z.enum(['enabled', 'disabled']),
  disabledReason: z.optional(z.string()),
  disabledTime: z.optional(dateTimeSchema),
  createTime: dateTimeSchema,
  updateTime: z.optional(dateTimeSchema),
  secrets: z.optional(z.object({ signingSecret: z.string() })),
});
export type Destination = z.infer<typeof destinationSchema>;
