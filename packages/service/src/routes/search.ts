import { searchRequestSchema } from '@splice/schema';
import { headerParams, jsonBody, queryParams } from '@splice/server-kit';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { searchRecords } from '../search/search-records.js';
import { withIntegration } from './target-middleware.js';

export const searchQuerySchema = z.object({ groupRef: z.string().check(z.minLength(1), z.maxLength(256)) });
export const searchHeadersSchema = z.object({ 'x-svc-request-type': z.literal('search') });

/** docs/service-interface.md#search: POST {search_url}/projects/{projectIdOrName}/integrations/{integrationId}?groupRef=. */
export function searchRoutes(deps: ServiceDeps) {
  return new Hono().post(
    '/projects/:projectIdOrName/integrations/:integrationId',
    requireCredentials(deps.credentials, 'apiKey'),
    bodyLimit(64 * 1024),
    // Answers in this order: 404 for an unknown integration, then a bad header, query or body (400).
    withIntegration(deps.repo),
    headerParams(searchHeadersSchema, ['x-svc-request-type']),
    queryParams(searchQuerySchema),
    jsonBody(searchRequestSchema),
    async (c) => {
      const { groupRef } = c.req.valid('query');
      const request = c.req.valid('json');
      return c.json(await searchRecords(deps, { target: c.var.target, groupRef, request }), 200);
    },
  );
}
