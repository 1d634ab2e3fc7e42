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

/** RFC 9110 `token`: the characters a header name may have. */
const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * RFC 9110 `field-value`: visible characters (and obs-text) with spaces or tabs only between them. A CR or
 * LF would split the message; a value that HTTP clients refuse would make every delivery fail unseen.
 */
const headerValuePattern = /^(?:[\x21-\x7E\x80-\xFF](?:[\t\x20-\x7E\x80-\xFF]*[\x21-\x7E\x80-\xFF])?)?$/;

/**
 * Header names the service sets itself, or that belong to the connection rather than the message: the
 * signature headers (`webhook-*`, `svix-*`) a receiver trusts, the body's `content-*`, `host`, and the
 * hop-by-hop headers. A destination's own header of such a name would be merged with the real one or
 * change how the message is framed.
 */
export function isReservedHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    /^(?:webhook-|svix-|content-|proxy-)/.test(lower) ||
    ['host', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade'].includes(lower)
  );
}

/**
 * Extra headers sent with every message, e.g. an Authorization header the receiver checks. Names are HTTP
 * tokens, not reserved (see `isReservedHeaderName`) and distinct ignoring case; values are HTTP field
 * values. Each offending header is its own issue, named by the header (`headers.<name>`).
 */
export const webhookHeadersSchema = boundedRecord(z.string().check(z.maxLength(limits.text)), 50).check(
  z.superRefine((headers, ctx) => {
    const seen = new Set<string>();
    for (const [name, value] of Object.entries(headers)) {
      const issue = (message: string, input: string) =>
        ctx.issues.push({ code: 'custom', input, path: [name], message });
      if (!headerNamePattern.test(name)) {
        issue("A header name has only letters, digits and !#$%&'*+.^_`|~-.", name);
      } else if (isReservedHeaderName(name)) {
        issue(`The service sets the "${name}" header itself; choose another name.`, name);
      } else if (seen.has(name.toLowerCase())) {
        issue(`Another header differs from "${name}" only in case; header names ignore case.`, name);
      } else if (!headerValuePattern.test(value)) {
        issue(
          'A header value has no line breaks or control characters, and no spaces at its start or end.',
          value,
        );
      }
      seen.add(name.toLowerCase());
    }
  }),
);

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
