/**
 * The BFF as its own process for the load test (so that the load generator does not share its event
 * loop): `createBff` served on a random loopback port, sessions from a `sid` cookie naming the group.
 * Prints `{"url": ...}` once listening; stops on SIGTERM.
 *
 * Environment: SPLICE_BASE_URL, SPLICE_SEARCH_URL, SPLICE_API_KEY, SPLICE_AUTH_TOKEN, MAX_IN_FLIGHT.
 * The per-session rate limit is lifted (the load comes from few sessions); logging is off.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createBff } from '@splice/bff';
import { getCookie } from 'hono/cookie';

const env = process.env;
const bff = createBff({
  baseUrl: env.SPLICE_BASE_URL as string,
  searchUrl: env.SPLICE_SEARCH_URL as string,
  apiKey: env.SPLICE_API_KEY as string,
  authToken: env.SPLICE_AUTH_TOKEN as string,
  project: 'demo',
  allowedOrigins: ['http://app.test'],
  resolveSession: (c) => {
    const sid = getCookie(c, 'sid');
    return sid ? { groupRef: sid, orgId: 'org-demo', consumerRef: `user-${sid}` } : null;
  },
  logger: () => {},
  limits: { requestsPerWindow: 1_000_000_000, maxInFlight: Number(env.MAX_IN_FLIGHT ?? 64) },
});
const server = serve({ fetch: bff.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => {
    void bff.close().then(() => process.exit(0));
  });
  if ('closeAllConnections' in server) server.closeAllConnections();
});
