/**
 * `pnpm --filter @splice/bench bff-micro [--requests=3000] [--rounds=5] [--connections=4]`: the BFF's CPU
 * per proxied search, measured in one process. The service runs in a child (10,000 contacts, as in
 * `pnpm bench`); the BFF is served by `@hono/node-server` in this process, and a raw keep-alive socket
 * client sends the same search over `connections` connections, one request at a time each. The client
 * only writes prepared bytes and counts answers by Content-Length, so nearly all of this process's CPU
 * (`process.cpuUsage`) is the BFF's: node:http, Hono, the middleware chain, the upstream call, the answer.
 * `BENCH_BASELINE_BFF=path/to/src/index.ts` measures another version of the BFF in alternating rounds.
 * Run it with `node --cpu-prof` for a profile of the BFF alone. Figures go to stderr: stdout gets the BFF's
 * access log (its default logger), so send it to /dev/null as `pnpm bench` does.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { serve } from '@hono/node-server';
import type { createBff as CreateBff } from '@splice/bff';
import { Hono } from 'hono';
import { findEmails, installForAcme, startBenchService } from './service.js';
import { median } from './stats.js';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const requests = arg('requests', 3_000);
const rounds = arg('rounds', 5);
const connections = arg('connections', 4);
const origin = 'http://app.bench.localhost:5173';

/** Sends `count` copies of `request` over `connections` keep-alive sockets, one in flight on each. */
function drive(port: number, request: Buffer, count: number): Promise<void> {
  let sent = 0;
  let answered = 0;
  return new Promise((resolve, reject) => {
    const sockets: net.Socket[] = [];
    const finish = () => {
      for (const socket of sockets) socket.destroy();
      resolve();
    };
    for (let i = 0; i < connections; i++) {
      const socket = net.connect(port, '127.0.0.1');
      sockets.push(socket);
      socket.setNoDelay(true);
      let buffered = Buffer.alloc(0);
      const next = () => {
        if (sent >= count) return;
        sent++;
        socket.write(request);
      };
      socket.on('connect', next);
      socket.on('error', reject);
      socket.on('data', (chunk: Buffer) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        for (;;) {
          const end = buffered.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffered.subarray(0, end).toString('latin1');
          if (!head.startsWith('HTTP/1.1 200')) return reject(new Error(head.split('\r\n')[0]));
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? Number.NaN);
          if (!Number.isFinite(length)) return reject(new Error('answer without Content-Length'));
          if (buffered.length < end + 4 + length) return;
          buffered = buffered.subarray(end + 4 + length);
          if (++answered === count) return finish();
          next();
        }
      });
    }
  });
}

const service = await startBenchService(10_000);
const servers: Array<{ name: string; close(): Promise<void>; port: number }> = [];
try {
  await installForAcme(service.ready);
  const [email] = await findEmails(service.ready, 1);
  const body = JSON.stringify({
    objectName: 'contacts',
    fieldFilters: [{ fieldName: 'email', operator: 'eq', value: email }],
  });
  const modules = [{ name: 'BFF', path: '@splice/bff' }];
  if (process.env.BENCH_BASELINE_BFF)
    modules.push({ name: 'baseline', path: process.env.BENCH_BASELINE_BFF });
  for (const { name, path } of modules) {
    const { createBff } = (await import(path)) as { createBff: typeof CreateBff };
    const bff = createBff({
      baseUrl: service.ready.baseUrl,
      searchUrl: service.ready.searchUrl,
      apiKey: service.ready.apiKey,
      authToken: service.ready.authToken,
      project: 'demo',
      allowedOrigins: [origin],
      resolveSession: () => ({ groupRef: 'acme', orgId: 'org-demo', consumerRef: 'bench' }),
      limits: { requestsPerWindow: 1_000_000_000, maxInFlight: 4_096 },
      // The default logger would write to this process's stdout: the same JSON lines, to nowhere.
      ...(process.env.BENCH_BFF_LOGGER === 'silent' ? { logger: () => {} } : {}),
    });
    const app = new Hono().route('/api', bff);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push({
      name,
      port: (server.address() as AddressInfo).port,
      close: async () => {
        await new Promise((resolve) => server.close(resolve));
        await bff.close();
      },
    });
  }
  const request = (port: number) =>
    Buffer.from(
      `POST /api/integrations/crm-sync/search HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n` +
        `content-type: application/json\r\nx-requested-with: splice\r\norigin: ${origin}\r\n` +
        `sec-fetch-site: same-origin\r\naccept: application/json, application/problem+json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  for (const server of servers) await drive(server.port, request(server.port), Math.min(requests, 1_000));
  const perRequest = new Map<string, number[]>(servers.map((s) => [s.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
      const before = process.cpuUsage();
      await drive(server.port, request(server.port), requests);
      const used = process.cpuUsage(before);
      const us = (used.user + used.system) / requests;
      perRequest.get(server.name)!.push(us);
      console.error(`round ${round + 1} ${server.name.padEnd(8)} ${us.toFixed(0)} µs CPU per request`);
    }
  }
  for (const [name, values] of perRequest) {
    console.error(`median ${name}: ${median(values).toFixed(0)} µs CPU per request`);
  }
} finally {
  for (const server of servers) await server.close();
  await service.dispose();
}
