import * as z from 'zod/mini';
import { limits } from './limits.js';
import { dateTimeSchema, nameSchema } from './primitives.js';
import { readConfigSchema } from './read-config.js';
import { writeConfigSchema } from './write-config.js';

/** docs/service-interface.md#config-content, proxy: one field. */
export const proxyConfigSchema = z.strictObject({ enabled: z.boolean() });
export type ProxyConfig = z.infer<typeof proxyConfigSchema>;

/** Config content (docs/service-interface.md#config-content). */
export const configContentSchema = z.strictObject({
  provider: nameSchema,
  read: z.optional(readConfigSchema),
  write: z.optional(writeConfigSchema),
  proxy: z.optional(proxyConfigSchema),
});
export type ConfigContent = z.infer<typeof configContentSchema>;
export type ConfigContentInput = z.input<typeof configContentSchema>;

export const defaultCreatedBy = 'api:create-installation';

/** docs/service-interface.md#config: `consumer:<consumer_id>`, `builder:<builder_id>` or `api:<api_caller>`. */
export const createdBySchema = z
  .string()
  .check(
    z.maxLength(limits.name),
    z.regex(
      /^(consumer|builder|api):\S+$/,
      'Use "consumer:<consumer_id>", "builder:<builder_id>" or "api:<api_caller>".',
    ),
  );

/** docs/service-interface.md#config, config as sent on create. */
export const configSchema = z.strictObject({
  content: configContentSchema,
  createdBy: z._default(createdBySchema, defaultCreatedBy),
  /** Deprecated: the service sets it to the latest revision whatever is sent. */
  revisionId: z.optional(nameSchema),
});
export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

/** Config as the service returns it inside an installation (docs/service-interface.md#installation-record). */
export const configRecordSchema = z.object({
  id: z.string(),
  revisionId: z.string(),
  createTime: dateTimeSchema,
  createdBy: z.string(),
  content: configContentSchema,
});
export type ConfigRecord = z.infer<typeof configRecordSchema>;
