import { Hono } from 'hono';
import type { BffEnv } from '../env.js';
import { buildOpenApiDocument } from '../openapi/document.js';

/** `GET /openapi.json`: public (no session), generated once from the schemas. */
export const openApiRoutes = () => {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  return new Hono<BffEnv>().get('/openapi.json', (c) => {
    document ??= buildOpenApiDocument();
    return c.json(document, 200);
  });
};
