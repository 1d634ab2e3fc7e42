/**
 * The least a proxy in front of the service can be: one route that forwards the search's bytes to the
 * service and hands its answer back, with no session, checks, validation, deadline or log. It reads the
 * body from Node's request, as the BFF does: `c.req.text()` would build a WHATWG Request whose leftovers
 * bring full-collection pauses (@splice/server-kit's `readNodeBody`), and this must be the floor. It is served
 * like servers/bff-child.ts (`@hono/node-server`, a Hono app) and calls the service like the BFF (an undici
 * `Pool` of 16 keep-alive connections). Measured beside the BFF at the same rate (benches/throughput.ts),
 * it tells what one more HTTP hop through Node costs on this machine, so that what the BFF adds on top of
 * that hop can be told apart from it. Environment:
 *   BENCH_HOP_TARGET  the service's search URL for the bench's group (servers' `searchPath`)
 *   BENCH_API_KEY     the service's API key
 * Sends `{ type: 'ready', url }` over IPC once it listens; stops on SIGTERM.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { keepIdleSocketsOpen } from '@splice/service';
import { Hono } from 'hono';
import { Pool } from 'undici';

const target = new URL(process.env.BENCH_HOP_TARGET ?? '');
const apiKey = process.env.BENCH_API_KEY;
if (!apiKey) throw new Error('Set BENCH_API_KEY.');

const pool = new Pool(target.origin, { connections: 16, keepAliveTimeout: 4_000 });
const path = target.pathname + target.search;

/** The request's body, read straight from Node's stream. */
async function bodyOf(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const app = new Hono<{ Bindings: { incoming: IncomingMessage } }>().post('/search', async (c) => {
  const answer = await pool.request({
    method: 'POST',
    path,
    headers: {
      'x-api-key': apiKey,
      'x-svc-request-type': 'search',
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: await bodyOf(c.env.incoming),
  });
  const contentType = answer.headers['content-type'];
  return c.body(await answer.body.text(), answer.statusCode as 200, {
    'content-type': typeof contentType === 'string' ? contentType : 'application/json',
  });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
});
// As the README tells a BFF's host: the generator's pooled connections may sit idle longer than Node's 5 s,
// and one sent on just as the server closed it was a crash of the run ("read ECONNRESET").
keepIdleSocketsOpen(server as Server);

const stop = () => {
  server.close(() => void pool.close().then(() => process.exit(0)));
  if ('closeAllConnections' in server) server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('disconnect', stop);
