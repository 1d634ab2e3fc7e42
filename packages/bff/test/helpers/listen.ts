import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves a fetch handler on a random loopback port, as a host server would. */
export async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<Listening> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
