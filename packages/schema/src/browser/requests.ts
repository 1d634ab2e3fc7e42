import * as z from 'zod/mini';
import { configSchema, createdBySchema } from '../resources/config.js';
import { installationRequestSchema, installationWriteQuerySchema } from '../resources/installation.js';

/**
 * What the browser sends the BFF besides the bodies it shares with the service (`SearchRequest`,
 * `InviteRequest`). The browser never names its group: the BFF takes it from the session.
 */

/**
 * An integration ID as it may appear in the upstream path: a conservative character set and no leading
 * dot, so that even after percent-encoding no `.`/`..` segment can reach a proxy that normalises paths.
 */
const pathNameSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_~-][A-Za-z0-9._~:-]{0,255}$/, 'Use letters, digits and . _ ~ : - only.'));

export const integrationParamsSchema = z.strictObject({ integrationId: pathNameSchema });

export type IntegrationParams = z.infer<typeof integrationParamsSchema>;

/** `/integrations/:integrationId/objects/:objectName/...`: both names under the same rule. */
export const objectParamsSchema = z.strictObject({
  integrationId: pathNameSchema,
  objectName: pathNameSchema,
});
export type ObjectParams = z.infer<typeof objectParamsSchema>;

/** `DELETE /invites/:inviteId`: the invite's ID under the same rule as other names in a path. */
export const inviteParamsSchema = z.strictObject({ inviteId: pathNameSchema });
export type InviteParams = z.infer<typeof inviteParamsSchema>;

/** "Run now" takes no options: the group comes from the session, the object from the path. */
export const runNowBodySchema = z.strictObject({});
export type RunNowBody = z.infer<typeof runNowBodySchema>;

/**
 * The browser's config: the shared config, except that `createdBy` stays absent unless sent, so that the
 * BFF can tell "not sent" (it records `consumer:<consumerRef>`) from a value it must check.
 */
export const browserConfigSchema = z.extend(configSchema, { createdBy: z.optional(createdBySchema) });

/** The browser's create body: the installation request without `groupRef`, which the session sets. */
export const createInstallationBodySchema = z.extend(z.omit(installationRequestSchema, { groupRef: true }), {
  config: browserConfigSchema,
});
export type CreateInstallationBody = z.infer<typeof createInstallationBodySchema>;
/** What the browser may send: defaults (such as a backfill's) are filled in by the BFF's parse. */
export type CreateInstallationBodyInput = z.input<typeof createInstallationBodySchema>;

/** The service's create query; the browser may send nothing beyond it. */
export const createInstallationQuerySchema = z.strictObject(installationWriteQuerySchema.shape);
export type CreateInstallationQuery = z.infer<typeof createInstallationQuerySchema>;

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
export type IdempotencyHeader = z.infer<typeof idempotencyHeaderSchema>;
