import * as z from 'zod/mini';
import { limits } from './limits.js';
import { boundedRecord, nameSchema, objectNamesMatchKeys } from './primitives.js';

/** docs/service-interface.md#field-setting, field setting `default`: exactly one of stringValue, integerValue, booleanValue. */
export const fieldDefaultSchema = z
  .strictObject({
    stringValue: z.optional(z.string().check(z.maxLength(limits.text))),
    integerValue: z.optional(z.int()),
    booleanValue: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((value, ctx) => {
      const set = (['stringValue', 'integerValue', 'booleanValue'] as const).filter(
        (k) => value[k] !== undefined,
      );
      if (set.length !== 1) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message:
            set.length === 0
              ? 'Set one of "stringValue", "integerValue" or "booleanValue".'
              : `Set only one of "stringValue", "integerValue" or "booleanValue" (got ${set.join(', ')}).`,
        });
      }
    }),
  );
export type FieldDefault = z.infer<typeof fieldDefaultSchema>;

export const writeOnCreateSchema = z.enum(['always', 'never']);
export const writeOnUpdateSchema = z.enum(['always', 'never', 'ifEmpty']);

/** docs/service-interface.md#field-setting, field setting. */
export const fieldSettingSchema = z.strictObject({
  default: z.optional(fieldDefaultSchema),
  writeOnCreate: z._default(writeOnCreateSchema, 'always'),
  /** With `ifEmpty` the field is written only when it is unset or an empty string. */
  writeOnUpdate: z._default(writeOnUpdateSchema, 'always'),
});
export type FieldSetting = z.infer<typeof fieldSettingSchema>;
export type FieldSettingInput = z.input<typeof fieldSettingSchema>;

/** docs/service-interface.md#value-default, value default (deprecated in favour of `selectedFieldSettings`). */
export const valueDefaultSchema = z.strictObject({
  value: z.union([z.string().check(z.maxLength(limits.text)), z.int(), z.boolean()]),
  /** When unspecified, `always` is assumed; with `never` the default applies only on create. */
  applyOnUpdate: z.optional(z.enum(['always', 'never'])),
});
export type ValueDefault = z.infer<typeof valueDefaultSchema>;

/** docs/service-interface.md#write-config, write object config. */
export const writeObjectConfigSchema = z.strictObject({
  objectName: nameSchema,
  deletionSettings: z.optional(z.strictObject({ enabled: z.boolean() })),
  selectedFieldSettings: z.optional(boundedRecord(fieldSettingSchema)),
  /** Deprecated. */
  selectedValueDefaults: z.optional(boundedRecord(valueDefaultSchema)),
});
export type WriteObjectConfig = z.infer<typeof writeObjectConfigSchema>;

export const writeConfigSchema = z.strictObject({
  objects: boundedRecord(writeObjectConfigSchema, 500).check(objectNamesMatchKeys()),
});
export type WriteConfig = z.infer<typeof writeConfigSchema>;
