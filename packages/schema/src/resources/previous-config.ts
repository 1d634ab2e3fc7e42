import * as z from 'zod/mini';
import { configContentSchema } from './config.js';
import { dateTimeSchema } from './primitives.js';

/**
 * The config a group's installation had when the group uninstalled it, kept for a while so that a
 * reinstall can start from it (the embedded service's extension `…/integrations/{integrationId}/previous-config?groupRef=`).
 */
export const previousConfigSchema = z.object({
  content: configContentSchema,
  /** When the installation was uninstalled. */
  uninstallTime: dateTimeSchema,
  /** When the kept config is forgotten. */
  expireTime: dateTimeSchema,
});
export type PreviousConfig = z.infer<typeof previousConfigSchema>;
