import * as z from 'zod/mini';
import { connectionSchema, installationSchema } from '../resources/installation.js';
import {
  manifestFieldSchema,
  manifestIntegrationSchema,
  manifestReadObjectSchema,
} from '../resources/manifest.js';
import { fieldMetadataSchema, integrationSchema, objectMetadataSchema } from '../resources/metadata.js';
import { previousConfigSchema } from '../resources/previous-config.js';

/**
 * The BFF's answer to `GET /integrations/:integrationId`: everything the installation wizard and the
 * search box need for the signed-in user's group, in one answer. The BFF builds it, React reads it.
 */

const supportsSchema = z.nullable(objectMetadataSchema.shape.supports.def.innerType);

/** A mapping the user makes (or the manifest fixes, when `fieldName` is set), with where it came from. */
export const mappingInputSchema = z.extend(manifestFieldSchema, {
  mapToName: z.string(),
  /** True for the manifest's `requiredFields`, false for its `optionalFields`. */
  required: z.boolean(),
});
export type MappingInput = z.infer<typeof mappingInputSchema>;

const objectFieldsShape = {
  objectName: z.string(),
  displayName: z.string(),
  /** The provider's fields for this object in the group's connected account, in the provider's order. */
  fields: z.array(fieldMetadataSchema),
  /** Why `fields` is empty when the provider's metadata could not be had (e.g. no connected account). */
  fieldsError: z.nullable(z.string()),
  supports: supportsSchema,
};

export const writeObjectDetailsSchema = z.object(objectFieldsShape);
export type WriteObjectDetails = z.infer<typeof writeObjectDetailsSchema>;

export const readObjectDetailsSchema = z.object({
  ...objectFieldsShape,
  /** The manifest's entry for the object, as the builder wrote it. */
  manifest: manifestReadObjectSchema,
  /** `enabled: always` in the manifest: the object is read (and searchable) in every installation. */
  enabledAlways: z.boolean(),
  mappingInputs: z.array(mappingInputSchema),
});
export type ReadObjectDetails = z.infer<typeof readObjectDetailsSchema>;

export const integrationDetailsSchema = z.object({
  integration: z.object({
    id: integrationSchema.shape.id,
    name: integrationSchema.shape.name,
    displayName: z.string(),
    provider: manifestIntegrationSchema.shape.provider,
    /** The provider's name as its users know it (e.g. "Salesforce"); the provider id when none is known. */
    providerDisplayName: z.string(),
  }),
  readObjects: z.array(readObjectDetailsSchema),
  writeObjects: z.array(writeObjectDetailsSchema),
  proxy: z.object({ allowed: z.boolean() }),
  /** The group's installation of this integration, without credentials; null when not installed. */
  installation: z.nullable(installationSchema),
  /** The group's connection to the provider, without credentials; null when it has none. */
  connection: z.nullable(connectionSchema),
  /**
   * The config the group's installation had when the group last uninstalled it, while the service keeps
   * it: a reinstall starts from it. Null when installed, when nothing is kept, or where the service keeps
   * none (the hosted one).
   */
  previousConfig: z.nullable(previousConfigSchema),
  /** The read objects search may use now (see `searchableObjects`); none before installing. */
  searchableObjects: z.array(z.string()),
});
export type IntegrationDetails = z.infer<typeof integrationDetailsSchema>;
