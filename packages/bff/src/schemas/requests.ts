import {
  configSchema,
  createdBySchema,
  installationRequestSchema,
  inviteRequestSchema,
  searchRequestSchema,
} from '@splice/schema';
import * as z from 'zod/mini';

/**
 * An integration ID as it may appear in the upstream path: a conservative character set and no leading
 * dot, so that even after percent-encoding no `.`/`..` segment can reach a proxy that normalises paths.
 */
export const integrationParamsSchema = z.strictObject({
  integrationId: z
    .string()
    .check(z.regex(/^[A-Za-z0-9_~-][A-Za-z0-9._~:-]{0,255}$/, 'Use letters, digits and . _ ~ : - only.')),
});

/**
 * The browser's config: the shared config, except that `createdBy` stays absent unless sent, so that the
 * route can tell "not sent" (the BFF records `consumer:<consumerRef>`) from a value it must check.
 */
export const browserConfigSchema = z.extend(configSchema, { createdBy: z.optional(createdBySchema) });

/** The browser's create body: the seed's installation request without `groupRef`, which the session sets. */
export const createInstallationBodySchema = z.extend(z.omit(installationRequestSchema, { groupRef: true }), {
  config: browserConfigSchema,
});
export type CreateInstallationBody = z.infer<typeof createInstallationBodySchema>;

export const createInstallationQuerySchema = z.strictObject({
  /** Seed 4.1: default false; true skips the sample read that checks the config against the provider. */
  skipSampling: z.optional(z.enum(['true', 'false'])),
});

/** Printable ASCII, as the IETF Idempotency-Key draft suggests; long enough for a UUID or a ULID. */
export const idempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(255),
      z.regex(/^[\x21-\x7e]+$/, 'Use 1 to 255 printable ASCII characters.'),
    ),
});

/** The search body is the seed's, unchanged: the browser never sends the group. */
export const searchBodySchema = searchRequestSchema;

/** The invite body is the seed's, unchanged: the organization comes from the session. */
export const inviteBodySchema = inviteRequestSchema;
