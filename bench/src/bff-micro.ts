/**
 * `pnpm --filter @splice/bench bff-micro [--requests=3000] [--rounds=5] [--connections=4]`: the BFF's CPU
 * per proxied search, measured in one process. The service runs in a child (10,000 contacts, as in
 * `pnpm bench`); the BFF is served by `@hono/node-server` in this process, and a raw keep-alive socket
 * client (raw-http.ts) sends the same search over `connections` connections, one request at a time each.
 * The client only writes prepared bytes and frames the answers, so nearly all of this process's CPU
 * (`process.cpuUsage`) is the BFF's: node:http, Hono, the middleware chain, the upstream call, the answer.
 * `BENCH_BASELINE_BFF=path/to/src/index.ts` measures another version of the BFF in alternating rounds.
 * Run it with `node --cpu-prof` for a profile of the BFF alone. Figures go to stderr: stdout gets the BFF's
 * access log (its default logger), so send it to /dev/null as `pnpm bench` does.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { createBff as CreateBff } from '@splice/bff';
import { Hono } from 'hono';
import { benchOrigin, browserSearchHeaders, oneContactSearch, toolArg } from './bff-setup.js';
import { prepareRequest, RawConnection } from './raw-http.js';
import { installForAcme, startBenchService } from './service.js';
import { median } from './stats.js';

const requests = toolArg('requests', 3_000);
const rounds = toolArg('rounds', 5);
const connections = toolArg('connections', 4);

/** Sends `count` copies of `request` over `connections` keep-alive connections, one in flight on each. */
async function drive(port: number, request: Buffer, count: number): Promise<void> {
  let sent = 0;
  const open = Array.from({ length: connections }, () => new RawConnection(port, '127.0.0.1'));
  try {
    await Promise.all(
      open.map(async (connection) => {
        while (sent < count) {
          sent++;
          const status = await connection.send(request);
          if (status !== 200) throw new Error(`answer ${status}`);
        }
      }),
    );
  } finally {
    for (const connection of open) connection.close();
  }
}

const service = await startBenchService(10_000);
const servers: Array<{ name: string; close(): Promise<void>; port: number }> = [];
try {
  await installForAcme(service.ready);
  const body = await oneContactSearch(service.ready);
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
      allowedOrigins: [benchOrigin],
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
    prepareRequest(
      new URL(`http://127.0.0.1:${port}/api/integrations/hubspot-sync/search`),
      'POST',
      browserSearchHeaders,
      body,
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
