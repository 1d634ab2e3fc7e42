import { searchRequestSchema } from '@splice/schema';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../http/body-limit.js';
import { requireCredentials } from '../http/credentials.js';
import { parseOrThrow, readJson } from '../http/read-json.js';
import { searchRecords } from '../search/search-records.js';
import { findIntegration } from './lookups.js';

export const searchQuerySchema = z.object({ groupRef: z.string().check(z.minLength(1), z.maxLength(256)) });
export const searchHeadersSchema = z.object({ 'x-svc-request-type': z.literal('search') });

/** docs/service-interface.md#search: POST {search_url}/projects/{projectIdOrName}/integrations/{integrationId}?groupRef=. */
export function searchRoutes(deps: ServiceDeps) {
  return new Hono().post(
    '/projects/:projectIdOrName/integrations/:integrationId',
    requireCredentials(deps.credentials, 'apiKey'),
    bodyLimit(64 * 1024),
    async (c) => {
      const target = findIntegration(deps.repo, c.req.param('projectIdOrName'), c.req.param('integrationId'));
      parseOrThrow(
        searchHeadersSchema,
        { 'x-svc-request-type': c.req.header('x-svc-request-type') },
        'header',
      );
      const { groupRef } = parseOrThrow(searchQuerySchema, c.req.query(), 'query');
      const request = await readJson(c, searchRequestSchema);
      return c.json(searchRecords(deps, { target, groupRef, request }), 200);
    },
  );
}
