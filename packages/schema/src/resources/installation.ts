import * as z from 'zod/mini';
import { configRecordSchema, configSchema } from './config.js';
import { dateTimeSchema, nameSchema } from './primitives.js';

/** docs/service-interface.md#installation-request, the body of createInstallation. */
export const installationRequestSchema = z.strictObject({
  groupRef: nameSchema,
  /** When omitted, the group's default connection is used. */
  connectionId: z.optional(nameSchema),
  config: configSchema,
});
export type InstallationRequest = z.infer<typeof installationRequestSchema>;
export type InstallationRequestInput = z.input<typeof installationRequestSchema>;

/**
 * The query of createInstallation and updateInstallation. `skipSampling` defaults to false; true skips the
 * sample read that checks the config against the provider. Other parameters are ignored, as the hosted
 * service ignores them.
 */
export const installationWriteQuerySchema = z.object({
  skipSampling: z.optional(z.enum(['true', 'false'])),
});

export const groupSchema = z.object({
  groupRef: z.string(),
  groupName: z.string(),
  projectId: z.string(),
  createTime: dateTimeSchema,
  updateTime: z.optional(dateTimeSchema),
});
export type Group = z.infer<typeof groupSchema>;

export const connectionStatusSchema = z.enum(['created', 'working', 'bad_credentials']);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

/**
 * A SaaS connection as the service returns it. The hosted service may add credential fields (tokens,
 * keys): a BFF must strip those before anything reaches a browser, so this schema lists none of them.
 */
export const connectionSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  provider: z.string(),
  group: groupSchema,
  /** The hosted `Consumer`; older answers (and other services) may carry only `consumerRef`. */
  consumer: z.object({
    consumerRef: z.string(),
    consumerName: z.optional(z.string()),
    projectId: z.optional(z.string()),
    createTime: z.optional(dateTimeSchema),
  }),
  /**
   * The account or workspace at the provider the connection signs in to (a Salesforce subdomain, a
   * HubSpot portal), when the provider says: what a user recognises their connection by.
   */
  providerWorkspaceRef: z.optional(z.string().check(z.maxLength(256))),
  createTime: dateTimeSchema,
  updateTime: z.optional(dateTimeSchema),
  authScheme: z.string(),
  status: connectionStatusSchema,
});
export type Connection = z.infer<typeof connectionSchema>;

/** An installation record (docs/service-interface.md#installation-record: required and optional fields). */
export const installationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  integrationId: z.string(),
  group: z.optional(groupSchema),
  healthStatus: z.enum(['healthy', 'unhealthy']),
  lastOperationStatus: z.optional(z.enum(['success', 'failure', 'in_progress'])),
  connection: connectionSchema,
  createTime: dateTimeSchema,
  updateTime: z.optional(dateTimeSchema),
  createdBy: z.string(),
  config: configRecordSchema,
});
export type Installation = z.infer<typeof installationSchema>;
