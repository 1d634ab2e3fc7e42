/**
 * Mounting the BFF in a Hono server: `app.route('/api', bff)`.
 * Run: npx tsx packages/bff/examples/hono.ts, then open the printed URL.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createBff } from '../src/index.js';
import { isMain, upstream } from './upstream.js';

/** Stands in for the host's real authentication: it decides the user's group from who they are. */
const users: Record<string, { groupRef: string; orgId: string; consumerRef: string }> = {
  'token-alice': { groupRef: 'acme', orgId: 'org-demo', consumerRef: 'alice' },
};

export async function start(port = 8801) {
  const service = await upstream();
  const origin = `http://127.0.0.1:${port}`;
  const bff = createBff({
    ...service,
    allowedOrigins: [process.env.ALLOWED_ORIGIN ?? origin],
    // Whatever the host uses (a session store, a JWT): the group comes from there, never from the request.
    resolveSession: (c) => users[getCookie(c, 'host_session') ?? ''] ?? null,
  });

  const app = new Hono();
  app.get('/', (c) =>
    c.text('The host app. The BFF is under /api (e.g. GET /api/integrations/hubspot-sync).'),
  );
  app.route('/api', bff);

  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      if ('closeAllConnections' in server) server.closeAllConnections();
      await closed;
      await bff.close();
      await service.close();
    },
  };
}

if (isMain(import.meta.url)) {
  const { url } = await start();
  console.info(
    `Host app on ${url}; try: curl -b host_session=token-alice ${url}/api/integrations/hubspot-sync`,
  );
}
