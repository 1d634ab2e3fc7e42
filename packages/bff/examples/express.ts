/**
 * Mounting the BFF in an Express server, through @hono/node-server's `getRequestListener`.
 * Run: npx tsx packages/bff/examples/express.ts
 *
 * Two things matter with Express:
 * - Mount the BFF before any body parser (`express.json()`): the BFF reads and limits the body itself.
 * - `app.disable('x-powered-by')`: Express adds that header to every answer otherwise.
 */
import type { AddressInfo } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { getRequestListener } from '@hono/node-server';
import express from 'express';
import type { Session } from '../src/index.js';
import { createBff } from '../src/index.js';
import { isMain, upstream } from './upstream.js';

/** What the host's auth middleware (passport, express-session, ...) would attach to the request. */
type AuthenticatedRequest = express.Request & { user?: Session };

export async function start(port = 8802) {
  const service = await upstream();
  const origin = `http://127.0.0.1:${port}`;
  const bff = createBff({
    ...service,
    allowedOrigins: [process.env.ALLOWED_ORIGIN ?? origin],
    // The Node request is on `c.env.incoming`, so the host's own auth result is at hand.
    resolveSession: (c) => ((c.env as HttpBindings).incoming as AuthenticatedRequest).user ?? null,
  });

  const app = express();
  app.disable('x-powered-by');
  // The host's authentication, reduced to a toy: a cookie naming a signed-in user.
  app.use((req: AuthenticatedRequest, _res, next) => {
    if (req.headers.cookie?.includes('host_session=token-bob')) {
      req.user = { groupRef: 'globex', orgId: 'org-demo', consumerRef: 'bob' };
    }
    next();
  });
  // Express strips the mount path, so the BFF sees /integrations/..., as it expects.
  app.use('/api', getRequestListener(bff.fetch));
  app.use(express.json());
  app.get('/', (_req, res) => {
    res.type('text').send('The host app (Express). The BFF is under /api.');
  });

  const server = app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await bff.close();
      await service.close();
    },
  };
}

if (isMain(import.meta.url)) {
  const { url } = await start();
  console.info(
    `Host app on ${url}; try: curl -b host_session=token-bob ${url}/api/integrations/hubspot-sync`,
  );
}
