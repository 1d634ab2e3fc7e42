import * as z from 'zod/mini';
import { limits } from './limits.js';
import { filterValueSchema, nameSchema } from './primitives.js';

/** docs/service-interface.md#read-filter, read filter: `eq` is the only operator. */
export const readFilterSchema = z.strictObject({
  fieldName: nameSchema,
  operator: z.literal('eq'),
  value: z.optional(filterValueSchema),
});
export type ReadFilter = z.infer<typeof readFilterSchema>;

/** docs/service-interface.md#read-config: conditions are joined by AND and each field may have only one condition. */
export const readFiltersSchema = z.array(readFilterSchema).check(
  z.maxLength(limits.filters),
  z.superRefine(
    (filters, ctx) => {
      const seen = new Set<string>();
      filters.forEach((filter, index) => {
        const fieldName: unknown = (filter as { fieldName?: unknown } | null)?.fieldName;
        if (typeof fieldName !== 'string') return;
        if (seen.has(fieldName)) {
          ctx.issues.push({
            code: 'custom',
            input: fieldName,
            path: [index, 'fieldName'],
            message: `Field "${fieldName}" already has a condition: each field may have only one.`,
          });
        }
        seen.add(fieldName);
      });
    },
    // docs/service-interface.md#malformed-input wants one issue per offending property in one answer, so this runs even when another
    // condition of the list is malformed (zod skips checks after such issues by default).
    { when: (payload) => Array.isArray(payload.value) },
  ),
);
