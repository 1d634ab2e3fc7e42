/**
 * The BFF in a process of its own, as a builder mounts it (`app.route('/api', bff)` in a Hono server),
 * with a fixed signed-in session and limits raised so that they do not throttle the bench. Environment:
 *   BENCH_BASE_URL, BENCH_SEARCH_URL, BENCH_API_KEY, BENCH_AUTH_TOKEN, BENCH_ORIGIN (the allowed origin)
 *   BENCH_BFF_LOGGER=silent  drops the access log (default: the BFF's own JSON-lines logger, to /dev/null)
 *   BENCH_BFF_MODULE=path    another build of the BFF's entry (`bff-cost` compares two versions with it)
 * Sends `{ type: 'ready', url }` over IPC once it listens; stops on SIGTERM.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { createBff as CreateBff } from '@splice/bff';
import { keepIdleSocketsOpen } from '@splice/service';
import { Hono } from 'hono';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}.`);
  return value;
};

const { createBff } = (await import(process.env.BENCH_BFF_MODULE || '@splice/bff')) as {
  createBff: typeof CreateBff;
};

const bff = createBff({
  baseUrl: env('BENCH_BASE_URL'),
  searchUrl: env('BENCH_SEARCH_URL'),
  apiKey: env('BENCH_API_KEY'),
  authToken: env('BENCH_AUTH_TOKEN'),
  project: 'demo',
  allowedOrigins: [env('BENCH_ORIGIN')],
  // The host's session, already resolved: the bench measures the BFF, not a cookie store.
  resolveSession: () => ({ groupRef: 'acme', orgId: 'org-demo', consumerRef: 'bench' }),
  limits: { requestsPerWindow: 1_000_000_000, maxInFlight: 4_096 },
  // The default logger (one JSON access line per request) stays on: its cost is part of the BFF's.
  ...(process.env.BENCH_BFF_LOGGER === 'silent' ? { logger: () => {} } : {}),
});
const app = new Hono().route('/api', bff);

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
});
// As the README tells a BFF's host: the generator's pooled connections may sit idle longer than Node's 5 s,
// and one sent on just as the server closed it was a crash of the run ("read ECONNRESET").
keepIdleSocketsOpen(server as Server);

const stop = () => {
  server.close(() => void bff.close().then(() => process.exit(0)));
  if ('closeAllConnections' in server) server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('disconnect', stop);
