import * as z from 'zod/mini';
import { createdBySchema } from '../resources/config.js';
import { installationUpdateContentSchema } from '../resources/installation-update.js';
import { limits } from '../resources/limits.js';
import { nameSchema } from '../resources/primitives.js';
import { idempotencyHeaderSchema } from './requests.js';

/**
 * The browser's update of its group's installation: the service's updateInstallation body (masks and
 * their values). The BFF checks each mask against its allowlist and adds `config.createdBy` itself.
 */
export const updateInstallationBodySchema = z.strictObject({
  updateMask: z
    .array(z.string().check(z.minLength(1), z.maxLength(limits.name * 2)))
    .check(z.minLength(1, 'Name at least one field to update.'), z.maxLength(1_000)),
  installation: z.strictObject({
    connectionId: z.optional(nameSchema),
    config: z.optional(
      z.strictObject({
        createdBy: z.optional(createdBySchema),
        content: z.optional(installationUpdateContentSchema),
      }),
    ),
  }),
});
export type UpdateInstallationBody = z.infer<typeof updateInstallationBodySchema>;
export type UpdateInstallationBodyInput = z.input<typeof updateInstallationBodySchema>;

/**
 * An update names the version it started from: the installation's `updateTime` (its `createTime` until
 * first updated), quoted, as an ETag. A stale one is a 412 (docs/service-interface.md#update-installation).
 */
export const ifMatchSchema = z
  .string()
  .check(
    z.regex(/^"[^"]{1,64}"$/, 'Send the version the change starts from, e.g. "2026-01-01T00:00:00.000Z".'),
  );

/** PATCH: an idempotency key and the version the edit started from. */
export const updateInstallationHeadersSchema = z.extend(idempotencyHeaderSchema, {
  'if-match': ifMatchSchema,
});
export type UpdateInstallationHeaders = z.infer<typeof updateInstallationHeadersSchema>;

/** DELETE: an idempotency key; the version is optional (an uninstall need not start from one). */
export const uninstallHeadersSchema = z.extend(idempotencyHeaderSchema, {
  'if-match': z.optional(ifMatchSchema),
});
export type UninstallHeaders = z.infer<typeof uninstallHeadersSchema>;

/** Pause and resume take no options: the object comes from the path, the group from the session. */
export const pauseBodySchema = z.strictObject({});
export type PauseBody = z.infer<typeof pauseBodySchema>;
