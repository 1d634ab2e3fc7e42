import * as z from 'zod/mini';
import { parseCron } from '../cron/parse-cron.js';
import { backfillSchema } from './backfill.js';
import { fieldMappingEntrySchema } from './field-mapping.js';
import { limits } from './limits.js';
import { boundedRecord, nameSchema, objectNamesMatchKeys } from './primitives.js';
import { readFiltersSchema } from './read-filter.js';
import { fieldValueMappingSchema } from './value-mapping.js';

/**
 * A five-field cron expression, checked with the same grammar the wizard uses (`parseCron`), so the
 * service, the BFF and the browser accept and refuse the same schedules; the issue says what is wrong.
 */
export const scheduleSchema = z.string().check(
  z.maxLength(limits.schedule),
  z.superRefine((value, ctx) => {
    const parsed = parseCron(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message, input: value });
  }),
);

/** docs/service-interface.md#read-config, read object config: all eleven fields. */
export const readObjectConfigSchema = z.strictObject({
  objectName: nameSchema,
  schedule: z.optional(scheduleSchema),
  /** Default false. When true, scheduled reads are paused and the object is not searchable. */
  disabled: z.optional(z.boolean()),
  destination: z.optional(nameSchema),
  selectedFields: z.optional(boundedRecord(z.boolean())),
  /** Per field name: value delivered to the destination -> the value or values coming from the provider. */
  selectedValueMappings: z.optional(boundedRecord(fieldValueMappingSchema)),
  dynamicMappingsInput: z.optional(z.array(fieldMappingEntrySchema).check(z.maxLength(limits.mappings))),
  /** mapToName (name in the destination) -> provider field name. */
  selectedFieldMappings: z.optional(boundedRecord(nameSchema)),
  selectedFieldsAuto: z.optional(z.literal('all')),
  backfill: z.optional(backfillSchema),
  fieldFilters: z.optional(readFiltersSchema),
});
export type ReadObjectConfig = z.infer<typeof readObjectConfigSchema>;

/** docs/service-interface.md#config-content: when `read` is present its `objects` map is required. */
export const readConfigSchema = z.strictObject({
  objects: boundedRecord(readObjectConfigSchema, 500).check(objectNamesMatchKeys()),
});
export type ReadConfig = z.infer<typeof readConfigSchema>;
