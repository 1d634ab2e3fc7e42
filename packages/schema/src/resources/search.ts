import * as z from 'zod/mini';
import { limits } from './limits.js';
import { filterValueSchema, nameSchema } from './primitives.js';

/** docs/service-interface.md#search, one search condition: `fieldName`, `eq`, `value`. */
export const searchFilterSchema = z.strictObject({
  fieldName: nameSchema,
  operator: z.literal('eq'),
  value: filterValueSchema,
});
export type SearchFilter = z.infer<typeof searchFilterSchema>;

/** The search body: both keys are required (docs/service-interface.md#search). */
export const searchRequestSchema = z.strictObject({
  objectName: nameSchema,
  fieldFilters: z.array(searchFilterSchema).check(z.maxLength(limits.filters)),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

const fieldValuesSchema = z.record(z.string(), z.unknown());

/** A search result item (docs/service-interface.md#search-result-item). */
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
