import * as z from 'zod/mini';
import { limits } from './limits.js';
import { filterValueSchema, nameSchema } from './primitives.js';

/** Seed 4.3, one search condition: `fieldName`, `eq`, `value`. */
export const searchFilterSchema = z.strictObject({
  fieldName: nameSchema,
  operator: z.literal('eq'),
  value: filterValueSchema,
});
export type SearchFilter = z.infer<typeof searchFilterSchema>;

/** Seed 4.3, the search body; api-facts.md: both keys are required. */
export const searchRequestSchema = z.strictObject({
  objectName: nameSchema,
  fieldFilters: z.array(searchFilterSchema).check(z.maxLength(limits.filters)),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

const fieldValuesSchema = z.record(z.string(), z.unknown());

/** Seed 2.8, a search result item. */
export const searchResultItemSchema = z.object({
  id: z.string(),
  fields: fieldValuesSchema,
  mappedFields: fieldValuesSchema,
  raw: fieldValuesSchema,
});
export type SearchResultItem = z.infer<typeof searchResultItemSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultItemSchema).check(z.maxLength(limits.searchPage)),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
