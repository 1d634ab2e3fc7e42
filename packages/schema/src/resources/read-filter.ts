import * as z from 'zod/mini';
import { limits } from './limits.js';
import { filterValueSchema, nameSchema } from './primitives.js';

/** Seed 2.4, read filter: `eq` is the only operator. */
export const readFilterSchema = z.strictObject({
  fieldName: nameSchema,
  operator: z.literal('eq'),
  value: z.optional(filterValueSchema),
});
export type ReadFilter = z.infer<typeof readFilterSchema>;

/** Seed 2.4: conditions are joined by AND and each field may have only one condition. */
export const readFiltersSchema = z.array(readFilterSchema).check(
  z.maxLength(limits.filters),
  z.superRefine((filters, ctx) => {
    const seen = new Set<string>();
    filters.forEach((filter, index) => {
      if (seen.has(filter.fieldName)) {
        ctx.issues.push({
          code: 'custom',
          input: filter.fieldName,
          path: [index, 'fieldName'],
          message: `Field "${filter.fieldName}" already has a condition: each field may have only one.`,
        });
      }
      seen.add(filter.fieldName);
    });
  }),
);
