/**
 * The hosted service's resources that its own clients (a builder's code, Ampersand's React library) read
 * and send beyond the installation interface: the project, provider apps, connection requests, the
 * hydrated revision. docs/service-interface.md#hosted-clients.
 */
import * as z from 'zod/mini';
import { manifestFieldSchema } from './manifest.js';
import { fieldMetadataSchema } from './metadata.js';
import { dateTimeSchema, nameSchema } from './primitives.js';

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  appName: z.string(),
  orgId: z.string(),
  createTime: dateTimeSchema,
  updateTime: z.optional(dateTimeSchema),
});
export type HostedProject = z.infer<typeof projectSchema>;

/** `GET /projects/{p}`: `includeEntitlements` is accepted; the embedded service has no entitlements to add. */
export const projectQuerySchema = z.object({ includeEntitlements: z.optional(z.enum(['true', 'false'])) });

/** The builder's app at a provider, as the hosted `listProviderApps` answers it: never its secret. */
export const providerAppSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  provider: z.string(),
  clientId: z.string(),
  scopes: z.optional(z.array(z.string())),
  createTime: dateTimeSchema,
});
export type ProviderApp = z.infer<typeof providerAppSchema>;

/** `GET /projects/{p}/connections`: every filter optional, as in the hosted `listConnections`. */
export const connectionListQuerySchema = z.object({
  groupRef: z.optional(nameSchema),
  provider: z.optional(nameSchema),
  consumerRef: z.optional(nameSchema),
});

/** `GET /projects/{p}/connections/{id}`: credentials are never included, whatever is asked. */
export const connectionGetQuerySchema = z.object({
  includeCreds: z.optional(z.enum(['true', 'false'])),
  includeRefreshToken: z.optional(z.enum(['true', 'false'])),
  refresh: z.optional(z.enum(['true', 'false'])),
});

/** The members of the hosted `ConnectionRequest` that a connection update or generate may carry. */
const connectionRequestShape = {
  providerWorkspaceRef: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  providerMetadata: z.optional(z.record(z.string(), z.unknown())),
  groupName: z.optional(z.string().check(z.maxLength(256))),
  groupRef: z.optional(nameSchema),
  consumerName: z.optional(z.string().check(z.maxLength(256))),
  consumerRef: z.optional(nameSchema),
  provider: z.optional(nameSchema),
  apiKey: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  customAuth: z.optional(z.record(z.string(), z.unknown())),
  basicAuth: z.optional(
    z.object({
      username: z.string().check(z.maxLength(1024)),
      password: z.string().check(z.maxLength(4096)),
    }),
  ),
  oauth2ClientCredentials: z.optional(z.record(z.string(), z.unknown())),
  oauth2PasswordCredentials: z.optional(z.record(z.string(), z.unknown())),
};

export const connectionUpdateMaskSchema = z.enum([
  'providerWorkspaceRef',
  'providerMetadata',
  'apiKey',
  'basicAuth',
  'oauth2ClientCredentials',
  'oauth2PasswordCredentials',
]);

/** `PATCH /projects/{p}/connections/{id}` (the hosted `updateConnection`). */
export const connectionUpdateRequestSchema = z.object({
  updateMask: z.array(connectionUpdateMaskSchema).check(z.minLength(1), z.maxLength(6)),
  connection: z.object(connectionRequestShape),
});
export type ConnectionUpdateRequest = z.infer<typeof connectionUpdateRequestSchema>;

/** `POST /projects/{p}/connections:generate`: a connection from credentials the caller holds. */
export const generateConnectionRequestSchema = z.object({
  ...connectionRequestShape,
  groupRef: nameSchema,
  consumerRef: nameSchema,
  provider: nameSchema,
});
export type GenerateConnectionRequest = z.infer<typeof generateConnectionRequestSchema>;

/** `GET …/revisions/{revisionId}:hydrate?connectionId=` (the hosted `getHydratedRevision`). */
export const hydrateQuerySchema = z.object({ connectionId: nameSchema });

/** A manifest field after hydration: a provider field gains its display name from the provider. */
export const hydratedFieldSchema = z.object({
  ...manifestFieldSchema.shape,
});

export const hydratedReadObjectSchema = z.object({
  objectName: z.string(),
  displayName: z.string(),
  destination: z.string(),
  schedule: z.string(),
  requiredFields: z.optional(z.array(hydratedFieldSchema)),
  optionalFields: z.optional(z.array(hydratedFieldSchema)),
  optionalFieldsAuto: z.optional(z.literal('all')),
  allFieldsMetadata: z.optional(z.record(z.string(), fieldMetadataSchema)),
  allFields: z.optional(z.array(z.object({ fieldName: z.string(), displayName: z.string() }))),
  backfill: z.optional(z.unknown()),
  error: z.optional(z.string()),
});

export const hydratedRevisionSchema = z.object({
  id: z.string(),
  specVersion: z.string(),
  createTime: dateTimeSchema,
  content: z.object({
    name: z.string(),
    displayName: z.optional(z.string()),
    provider: z.string(),
    read: z.optional(z.object({ objects: z.array(hydratedReadObjectSchema) })),
    write: z.optional(
      z.object({ objects: z.array(z.object({ objectName: z.string(), displayName: z.string() })) }),
    ),
    proxy: z.optional(z.object({ enabled: z.boolean() })),
  }),
});
export type HydratedRevision = z.infer<typeof hydratedRevisionSchema>;
export type HydratedReadObject = z.infer<typeof hydratedReadObjectSchema>;
