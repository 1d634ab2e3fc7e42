import * as z from 'zod/mini';
import { limits } from './limits.js';
import { nameSchema, textSchema } from './primitives.js';

/** One app-side value the user maps to a provider value; both members are required (docs/service-interface.md#read-config). */
export const mappedValueSchema = z.strictObject({
  mappedValue: z.string().check(z.maxLength(limits.text)),
  mappedDisplayValue: textSchema,
});
export type MappedValue = z.infer<typeof mappedValueSchema>;

/** docs/service-interface.md#field-mapping-entry, field mapping entry: an item of `dynamicMappingsInput`. */
export const fieldMappingEntrySchema = z.strictObject({
  mapToName: nameSchema,
  mapToDisplayName: z.optional(textSchema),
  prompt: z.optional(textSchema),
  mappedValues: z.optional(z.array(mappedValueSchema).check(z.maxLength(limits.mappedValues))),
  /** When present the provider field is fixed: the user is not prompted to map the field. */
  fieldName: z.optional(nameSchema),
});
export type FieldMappingEntry = z.infer<typeof fieldMappingEntrySchema>;
