import * as z from 'zod/mini';
import { hostedManifestIntegrationSchema } from './manifest.js';
import { dateTimeSchema } from './primitives.js';

export const valueTypeSchema = z.enum([
  'string',
  'boolean',
  'singleSelect',
  'multiSelect',
  'date',
  'datetime',
  'int',
  'float',
  'reference',
  'other',
]);
export type ValueType = z.infer<typeof valueTypeSchema>;

/** A provider field's metadata, as the hosted service describes it (docs/service-interface.md#field-metadata). */
export const fieldMetadataSchema = z.object({
  fieldName: z.string(),
  displayName: z.string(),
  valueType: valueTypeSchema,
  providerType: z.optional(z.string()),
  readOnly: z.optional(z.boolean()),
  isCustom: z.optional(z.boolean()),
  isRequired: z.optional(z.boolean()),
  referenceTo: z.optional(z.array(z.string())),
  /** Picklist values, for singleSelect and multiSelect. */
  values: z.optional(z.array(z.object({ value: z.string(), displayValue: z.string() }))),
});
export type FieldMetadata = z.infer<typeof fieldMetadataSchema>;

/** Extension: an object's fields in the connected SaaS instance (docs/service-interface.md#extensions). */
export const objectMetadataSchema = z.object({
  name: z.string(),
  displayName: z.optional(z.string()),
  mappedObjectName: z.optional(z.string()),
  fields: z.record(z.string(), fieldMetadataSchema),
  /** Capabilities the provider has for this object (docs/service-interface.md#mapping-behaviour: only some providers support these). */
  supports: z.optional(z.object({ readFilters: z.boolean(), writeIfEmpty: z.boolean() })),
});
export type ObjectMetadata = z.infer<typeof objectMetadataSchema>;

/** Extension: an integration with its latest manifest revision (docs/service-interface.md#extensions). */
export const integrationSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  name: z.string(),
  provider: z.string(),
  createTime: dateTimeSchema,
  updateTime: z.optional(dateTimeSchema),
  latestRevision: z.object({
    id: z.string(),
    specVersion: z.string(),
    createTime: dateTimeSchema,
    content: hostedManifestIntegrationSchema,
  }),
});
export type Integration = z.infer<typeof integrationSchema>;
