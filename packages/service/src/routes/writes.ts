import { idempotencyHeaderSchema, writeRequestSchema } from '@splice/schema';
import { headerParams, jsonBody } from '@splice/server-kit';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { ServiceDeps } from '../deps.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import { acceptWrite } from '../writes/accept-write.js';
import type { WriteService } from '../writes/write-service.js';
import { withIntegration } from './target-middleware.js';

const writeHeadersSchema = z.object({
  'idempotency-key': z.optional(idempotencyHeaderSchema.shape['idempotency-key']),
});

/** docs/service-interface.md#writes: POST {write_url}/projects/{p}/integrations/{i}/objects/{objectName}. */
export function writeRoutes(deps: ServiceDeps, writes: WriteService) {
  return new Hono().post(
    '/projects/:projectIdOrName/integrations/:integrationId/objects/:objectName',
    requireCredentials(deps.credentials, 'apiKey'),
    // A hundred records of a few kilobytes each.
    bodyLimit(2 * 1024 * 1024),
    // 404 for an unknown project or integration before the header or body is read (400).
    withIntegration(deps.repo),
    headerParams(writeHeadersSchema, ['idempotency-key']),
    jsonBody(writeRequestSchema),
    async (c) => {
      const key = c.req.valid('header')['idempotency-key'];
      const answer = await acceptWrite(deps, writes, {
        integration: c.var.target,
        objectName: c.req.param('objectName'),
        request: c.req.valid('json'),
        ...(key !== undefined && { idempotencyKey: key }),
      });
      return c.json(answer.body, answer.status);
    },
  );
}
