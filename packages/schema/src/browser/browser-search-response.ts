import * as z from 'zod/mini';
import { limits } from '../resources/limits.js';
import { searchResultItemSchema } from '../resources/search.js';

/**
 * A search result as the browser gets it from the BFF. The service's own `SearchResponse` always has
 * an `id`; a hosted service has been seen answering items without one, so the BFF derives one from the
 * record where it can and sends `null` where it cannot, rather than invent an ID that looks real.
 */
export const browserSearchResultSchema = z.extend(searchResultItemSchema, { id: z.nullable(z.string()) });
export type BrowserSearchResult = z.infer<typeof browserSearchResultSchema>;

/** The BFF's answer to `POST /integrations/:integrationId/search`: one page only. */
export const browserSearchResponseSchema = z.object({
  results: z.array(browserSearchResultSchema).check(z.maxLength(limits.searchPage)),
});
export type BrowserSearchResponse = z.infer<typeof browserSearchResponseSchema>;
