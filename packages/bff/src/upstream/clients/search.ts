import type { BrowserSearchResponse, SearchRequest } from '@splice/schema';
import { browserSearchResponseSchema, searchRequestSchema } from '@splice/schema';
import { normaliseSearchAnswer } from '../../schemas/search-response.js';
import { readAnswer } from '../answers/read-answer.js';
import type { CallContext } from '../call.js';
import { endpoint } from '../endpoint.js';
import type { ClientKit } from './client-kit.js';
import { strictBody } from './client-kit.js';

/** Search of a provider object through the group's connection. */
export function createSearchClient(kit: ClientKit) {
  const { searchUrl, call, settle, integrationPath } = kit;
  return {
    async search(
      ctx: CallContext,
      integrationId: string,
      groupRef: string,
      request: SearchRequest,
    ): Promise<BrowserSearchResponse> {
      const operation = 'search';
      const url = endpoint(searchUrl, integrationPath(integrationId), { groupRef });
      const body = strictBody(
        searchRequestSchema,
        {
          objectName: request.objectName,
          fieldFilters: request.fieldFilters.map((f) => ({
            fieldName: f.fieldName,
            operator: f.operator,
            value: f.value,
          })),
        },
        operation,
      );
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'api-key',
        extraHeaders: { 'x-svc-request-type': 'search' },
        body,
        kind: 'read',
        expectStatus: 200,
      });
      return settle(ctx, operation, readAnswer(browserSearchResponseSchema, normaliseSearchAnswer(json)));
    },
  };
}
