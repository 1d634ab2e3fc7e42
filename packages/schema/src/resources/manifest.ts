import * as z from 'zod/mini';
import { backfillSchema } from './backfill.js';
import { mappedValueSchema } from './field-mapping.js';
import { limits } from './limits.js';
import { nameSchema, textSchema } from './primitives.js';
import { scheduleSchema } from './read-config.js';
import { unmappedValuesSchema } from './value-mapping.js';

/**
 * A field the manifest asks for. With `fieldName` it names a provider field (and, with `mapToName` too,
 * a manifest-level mapping that search honours); without `fieldName` it is a mapping the user makes.
 */
export const manifestFieldSchema = z.strictObject({
  fieldName: z.optional(nameSchema),
  displayName: z.optional(textSchema),
  mapToName: z.optional(nameSchema),
  mapToDisplayName: z.optional(textSchema),
  prompt: z.optional(textSchema),
  mappedValues: z.optional(z.array(mappedValueSchema).check(z.maxLength(limits.mappedValues))),
  /** The app-side type the builder expects, so a UI can warn about a mismatched provider field. */
  mapToType: z.optional(z.enum(['string', 'boolean', 'number', 'date', 'datetime'])),
  /** With `mappedValues`: what a provider value the user mapped to none of them delivers; default `providerValue`. */
  unmappedValues: z.optional(unmappedValuesSchema),
});
export type ManifestField = z.infer<typeof manifestFieldSchema>;

/**
 * A manifest's list of fields. Checked as a list rather than per field so that `manifestFieldSchema`
 * stays extendable: an unmapped-value rule needs values to map, and its default must be one of them.
 */
const manifestFieldsSchema = z.array(manifestFieldSchema).check(
  z.maxLength(limits.mappings),
  z.superRefine((fields, ctx) => {
    fields.forEach((field, index) => {
      const rule = field.unmappedValues;
      if (!rule) return;
      const appValues = (field.mappedValues ?? []).map((v) => v.mappedValue);
      if (appValues.length === 0) {
        ctx.issues.push({
          code: 'custom',
          input: rule,
          path: [index, 'unmappedValues'],
          message: '"unmappedValues" needs "mappedValues": without values to map, no value is left unmapped.',
        });
      } else if (rule.deliver === 'default' && !appValues.includes(rule.value)) {
        ctx.issues.push({
          code: 'custom',
          input: rule.value,
          path: [index, 'unmappedValues', 'value'],
          message: `The default must be one of the field's mapped values: ${appValues.join(', ')}.`,
        });
      }
    });
  }),
);

/** docs/service-interface.md#manifest: `objectName` and optional `enabled`; `always` enables it for every installation. */
export const manifestReadObjectSchema = z.strictObject({
  objectName: nameSchema,
  displayName: z.optional(textSchema),
  enabled: z.optional(z.literal('always')),
  destination: z.optional(nameSchema),
  schedule: z.optional(scheduleSchema),
  requiredFields: z.optional(manifestFieldsSchema),
  optionalFields: z.optional(manifestFieldsSchema),
  optionalFieldsAuto: z.optional(z.literal('all')),
  backfill: z.optional(backfillSchema),
});
export type ManifestReadObject = z.infer<typeof manifestReadObjectSchema>;

export const manifestWriteObjectSchema = z.strictObject({
  objectName: nameSchema,
  displayName: z.optional(textSchema),
});
export type ManifestWriteObject = z.infer<typeof manifestWriteObjectSchema>;

export const manifestIntegrationSchema = z.strictObject({
  name: nameSchema,
  displayName: z.optional(textSchema),
  provider: nameSchema,
  read: z.strictObject({ objects: z.array(manifestReadObjectSchema).check(z.maxLength(500)) }),
  write: z.optional(z.strictObject({ objects: z.array(manifestWriteObjectSchema).check(z.maxLength(500)) })),
  proxy: z.optional(z.strictObject({ enabled: z.boolean() })),
});
export type ManifestIntegration = z.infer<typeof manifestIntegrationSchema>;

/** The manifest (docs/service-interface.md#manifest). */
export const manifestSchema = z.strictObject({
  specVersion: z.string().check(z.minLength(1)),
  integrations: z.array(manifestIntegrationSchema).check(z.minLength(1), z.maxLength(100)),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * The same manifest as a service answers it. Manifest files are strict (an unknown key is a typo worth
 * refusing), but the hosted service may add keys this version does not know: those are dropped rather than
 * failing every wizard that reads the integration.
 */
const hostedFieldSchema = z.object(manifestFieldSchema.shape);
const hostedReadObjectSchema = z.object({
  ...manifestReadObjectSchema.shape,
  requiredFields: z.optional(z.array(hostedFieldSchema).check(z.maxLength(limits.mappings))),
  optionalFields: z.optional(z.array(hostedFieldSchema).check(z.maxLength(limits.mappings))),
  backfill: z.optional(
    z.object({
      defaultPeriod: z.object({ days: z.optional(z.int()), fullHistory: z.optional(z.boolean()) }),
    }),
  ),
});
export const hostedManifestIntegrationSchema = z.object({
  ...manifestIntegrationSchema.shape,
  read: z.object({ objects: z.array(hostedReadObjectSchema).check(z.maxLength(500)) }),
  write: z.optional(
    z.object({ objects: z.array(z.object(manifestWriteObjectSchema.shape)).check(z.maxLength(500)) }),
  ),
  proxy: z.optional(z.object({ enabled: z.boolean() })),
});
export type HostedManifestIntegration = z.infer<typeof hostedManifestIntegrationSchema>;
