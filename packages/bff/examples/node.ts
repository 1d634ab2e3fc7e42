/**
 * Mounting the BFF in a plain Node server (node:http), with no framework on the host side.
 * Run: npx tsx packages/bff/examples/node.ts
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createBff } from '../src/index.js';
import { isMain, upstream } from './upstream.js';

const prefix = '/api';

export async function start(port = 8803) {
  const service = await upstream();
  const origin = `http://127.0.0.1:${port}`;
  const bff = createBff({
    ...service,
    allowedOrigins: [process.env.ALLOWED_ORIGIN ?? origin],
    // The host's authentication goes here; a toy header stands in for it.
    resolveSession: (c) =>
      c.req.header('x-host-user') === 'ivan'
        ? { groupRef: 'initech', orgId: 'org-demo', consumerRef: 'ivan' }
        : null,
  });
  const bffListener = getRequestListener(bff.fetch);

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) {
      // The BFF's routes are relative to its mount point: strip the prefix, as Express does.
      const rest = url.slice(prefix.length);
      req.url = rest.startsWith('/') ? rest : `/${rest}`;
      return bffListener(req, res);
    }
    res
      .writeHead(200, { 'Content-Type': 'text/plain' })
      .end('The host app (plain Node). The BFF is under /api.');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
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
  console.info(`Host app on ${url}; try: curl -H 'x-host-user: ivan' ${url}/api/integrations/hubspot-sync`);
}
