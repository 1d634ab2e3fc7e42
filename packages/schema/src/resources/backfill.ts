import * as z from 'zod/mini';
import { limits } from './limits.js';
import { readFiltersSchema } from './read-filter.js';

/**
 * docs/service-interface.md#backfill: `days` (integer >= 0, 0 = no backfill) is required when `fullHistory` is not set,
 * and `fullHistory` is required when `days` is not set.
 */
export const backfillPeriodSchema = z
  .strictObject({
    days: z.optional(z.int().check(z.minimum(0), z.maximum(limits.backfillDays))),
    fullHistory: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((period, ctx) => {
      if (period.days === undefined && period.fullHistory === undefined) {
        ctx.issues.push({
          code: 'custom',
          input: period,
          path: ['days'],
          message: 'Set "days" (0 or more) or "fullHistory": one of them is required.',
        });
      }
    }),
  );
export type BackfillPeriod = z.infer<typeof backfillPeriodSchema>;

export const backfillSchema = z.strictObject({
  defaultPeriod: backfillPeriodSchema,
  fieldFilters: z.optional(readFiltersSchema),
});
export type Backfill = z.infer<typeof backfillSchema>;
