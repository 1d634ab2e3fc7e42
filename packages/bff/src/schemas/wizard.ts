import {
  connectionSchema,
  fieldMetadataSchema,
  installationSchema,
  integrationSchema,
  manifestFieldSchema,
  manifestIntegrationSchema,
  manifestReadObjectSchema,
  objectMetadataSchema,
} from '@splice/schema';
import * as z from 'zod/mini';

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

export const wizardReadObjectSchema = z.object({
  ...objectFieldsShape,
  /** The manifest's entry for the object, as the builder wrote it. */
  manifest: manifestReadObjectSchema,
  /** Seed 2.6: `enabled: always` reads (and searches) the object in every installation. */
  enabledAlways: z.boolean(),
  mappingInputs: z.array(mappingInputSchema),
});
export type WizardReadObject = z.infer<typeof wizardReadObjectSchema>;

export const wizardWriteObjectSchema = z.object(objectFieldsShape);
export type WizardWriteObject = z.infer<typeof wizardWriteObjectSchema>;

/** Everything the installation wizard needs for the signed-in user's group, in one answer. */
export const wizardSchema = z.object({
  integration: z.object({
    id: integrationSchema.shape.id,
    name: integrationSchema.shape.name,
    displayName: z.string(),
    provider: manifestIntegrationSchema.shape.provider,
  }),
  readObjects: z.array(wizardReadObjectSchema),
  writeObjects: z.array(wizardWriteObjectSchema),
  proxy: z.object({ allowed: z.boolean() }),
  /** The group's installation of this integration, without credentials; null when not installed. */
  installation: z.nullable(installationSchema),
  /** The group's connection to the provider, without credentials; null when it has none. */
  connection: z.nullable(connectionSchema),
  /** Seed 4.3: the read objects search may use now (rules 1 to 3 against the installation; none without). */
  searchableObjects: z.array(z.string()),
});
export type Wizard = z.infer<typeof wizardSchema>;
