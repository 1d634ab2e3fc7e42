/**
 * Upstream faults, systematically: every fault (refused, reset before or in the middle of the body,
 * headers that never come, a body that stalls or trickles, 5xx, malformed or wrongly shaped JSON, a
 * redirect, 401/403, 429, an oversized body) on every BFF route. Each must give its documented status as
 * a problem within the call's deadline + 250 ms, abort the upstream request when the BFF gives up on it,
 * leave no unhandled rejection, and the BFF must serve the next normal request.
 *
 * The fault-injecting upstream is the BFF tests' own (packages/bff/test/helpers/fake-upstream.ts); when
 * healthy it forwards to a real embedded service.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FakeHandler,
  FakeUpstream,
  RecordedRequest,
} from '../../packages/bff/test/helpers/fake-upstream.js';
import { json, refusedPort, startFakeUpstream } from '../../packages/bff/test/helpers/fake-upstream.js';
import type { RunningBff } from '../src/bff-harness.js';
import { browserHeaders, startBffFor } from '../src/bff-harness.js';
import { Failures, figures, ms } from '../src/figures.js';
import { installAcme } from '../src/fuzz/setup.js';
import { sleep } from '../src/pool.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

const timeouts = { connectMs: 300, readMs: 300, writeMs: 500, requestMs: 3_000 };
const options = {
  timeouts,
  retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 40 },
  limits: { upstreamResponseBytes: 512 * 1024 },
};

let service: InProcessService;
let upstream: FakeUpstream;
let bff: RunningBff;
let unhandled = 0;
const onUnhandled = () => {
  unhandled++;
};

/** Healthy: the request goes on to the real service and its answer comes back unchanged. */
const forward: FakeHandler = (req, res, recorded) => {
  void forwardTo(service.url, req, res, recorded);
};

async function forwardTo(
  target: string,
  req: IncomingMessage,
  res: ServerResponse,
  recorded: RecordedRequest,
) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(recorded.headers)) {
    if (
      typeof value === 'string' &&
      !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)
    )
      headers[name] = value;
  }
  const answer = await fetch(`${target}${req.url}`, {
    method: recorded.method,
    headers,
    ...(recorded.body ? { body: recorded.body } : {}),
  });
  const text = await answer.text();
  res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
  res.end(text);
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  service = await startInProcessService({ extraGroups: { prefix: 'ft', count: 200 * sizes.faultRounds } });
  await installAcme(service);
  upstream = await startFakeUpstream(forward);
  bff = await startBffFor({ ...service, baseUrl: upstream.baseUrl, searchUrl: upstream.searchUrl }, options);
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
  await service.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
});

interface Route {
  name: string;
  kind: 'read' | 'write';
  request(url: string, n: number): Promise<Response>;
  /** The status of a normal answer. */
  ok: number;
}

let counter = 0;
const routes: Route[] = [
  {
    name: 'search',
    kind: 'read',
    ok: 200,
    request: (url) =>
      fetch(`${url}/integrations/hubspot-sync/search`, {
        method: 'POST',
        headers: browserHeaders('acme'),
        body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
      }),
  },
  {
    name: 'wizard',
    kind: 'read',
    ok: 200,
    request: (url) => {
      const { 'Content-Type': _ct, ...headers } = browserHeaders('acme');
      return fetch(`${url}/integrations/hubspot-sync`, { headers });
    },
  },
  {
    name: 'create',
    kind: 'write',
    ok: 201,
    request: (url, n) =>
      fetch(`${url}/integrations/hubspot-sync/installations?skipSampling=true`, {
        method: 'POST',
        headers: browserHeaders(`ft-${n}`, { 'Idempotency-Key': `fault-${n}` }),
        body: JSON.stringify({ config: { content: { provider: 'hubspot' } } }),
      }),
  },
  {
    name: 'invite',
    kind: 'write',
    ok: 201,
    request: (url, n) =>
      fetch(`${url}/invites`, {
        method: 'POST',
        headers: browserHeaders('acme'),
        body: JSON.stringify({ email: `fault-${n}@example.com` }),
      }),
  },
];

interface Fault {
  name: string;
  /** The documented status (and problem type). */
  status: number;
  type: string;
  /** The BFF gives up waiting: the upstream request must be aborted. */
  stalls?: boolean;
  handler?: FakeHandler;
  /**
   * Routes where the documented answer is a success instead: a create the service answered 2xx was made,
   * so the browser gets 201 with what could be read (never an error that invites a retry into a 409), and
   * a search answer without a result list reads as no results (the hosted description makes the list
   * optional).
   */
  succeedsOn?: Partial<Record<string, number>>;
}

const chunk = 'x'.repeat(16 * 1024);
const faults: Fault[] = [
  { name: 'connection refused', status: 502, type: 'upstream-bad-answer' },
  {
    name: 'reset before the answer',
    status: 502,
    type: 'upstream-bad-answer',
    handler: (req) => req.socket.destroy(),
  },
  {
    name: 'reset mid-body',
    status: 502,
    type: 'upstream-bad-answer',
    handler: (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"results": [');
      setTimeout(() => req.socket.destroy(), 10);
    },
  },
  { name: 'headers stall', status: 504, type: 'upstream-timeout', stalls: true, handler: () => {} },
  {
    name: 'body stall',
    status: 504,
    type: 'upstream-timeout',
    stalls: true,
    handler: (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"results": [');
    },
  },
  {
    name: 'body trickle past the deadline',
    status: 504,
    type: 'upstream-timeout',
    stalls: true,
    handler: (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 50);
      res.on('close', () => clearInterval(timer));
    },
  },
  {
    name: '500',
    status: 502,
    type: 'upstream-bad-answer',
    handler: (_req, res) => json(res, 500, { oops: true }),
  },
  {
    name: '503 problem',
    status: 502,
    type: 'upstream-bad-answer',
    handler: (_req, res) =>
      json(res, 503, { type: 'about:blank', title: 'Unavailable', status: 503 }, 'application/problem+json'),
  },
  {
    name: 'malformed JSON',
    status: 502,
    type: 'upstream-bad-answer',
    succeedsOn: { create: 201 },
    handler: (req, res) => {
      res.writeHead(req.method === 'POST' && !req.url?.startsWith('/search') ? 201 : 200, {
        'Content-Type': 'application/json',
      });
      res.end('{"results": [ {"id": ');
    },
  },
  {
    name: 'JSON of the wrong shape',
    status: 502,
    type: 'upstream-bad-answer',
    succeedsOn: { create: 201, search: 200 },
    handler: (req, res) =>
      json(res, req.method === 'POST' && !req.url?.startsWith('/search') ? 201 : 200, {
        id: 42,
        surprise: [],
      }),
  },
  {
    name: 'redirect',
    status: 502,
    type: 'upstream-bad-answer',
    handler: (_req, res) => {
      res.writeHead(307, { Location: 'http://127.0.0.1:9/steal' });
      res.end();
    },
  },
  {
    name: '401',
    status: 502,
    type: 'upstream-misconfigured',
    handler: (_req, res) =>
      json(
        res,
        401,
        { type: 'urn:problem-type:unauthorized', title: 'Unauthorized', status: 401 },
        'application/problem+json',
      ),
  },
  {
    name: '403',
    status: 502,
    type: 'upstream-misconfigured',
    handler: (_req, res) =>
      json(res, 403, { type: 'about:blank', title: 'Forbidden', status: 403 }, 'application/problem+json'),
  },
  {
    name: '429',
    status: 503,
    type: 'busy',
    handler: (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/problem+json', 'Retry-After': '7' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429 }));
    },
  },
  {
    name: 'oversized body',
    status: 502,
    type: 'upstream-bad-answer',
    handler: (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      let sent = 0;
      const pump = () => {
        while (sent < 100 && res.write(chunk)) sent++;
        if (sent < 100 && !res.destroyed) res.once('drain', pump);
        else res.end();
      };
      pump();
    },
  },
];

describe('upstream faults', () => {
  it('every fault on every route: the documented status in time, upstream aborted, the BFF healthy after', async () => {
    const failures = new Failures(10);
    /** Per documented status: cases, the slowest answer, upstream calls aborted / abortable. */
    const byStatus = new Map<
      number,
      { cases: number; slowest: number; aborted: number; abortable: number }
    >();
    let healthyTotal = 0;
    let cases = 0;
    let n = 0;
    for (const fault of faults) {
      let worstElapsed = 0;
      let aborted = 0;
      let abortable = 0;
      let healthy = 0;
      for (let round = 0; round < sizes.faultRounds; round++)
        for (const route of routes) {
          cases++;
          n = ++counter;
          const deadline = route.kind === 'read' ? timeouts.readMs : timeouts.writeMs;
          let target = bff;
          let refused: { close(): Promise<void>; port: number } | undefined;
          if (fault.handler) upstream.handle(fault.handler);
          else {
            // A BFF of its own, pointed at a port nothing listens on (yet).
            const port = await refusedPort();
            target = await startBffFor(
              {
                ...service,
                baseUrl: `http://127.0.0.1:${port}/v1`,
                searchUrl: `http://127.0.0.1:${port}/search/v1`,
              },
              options,
            );
            refused = { port, close: async () => {} };
          }
          const before = upstream.requests.length;
          const started = performance.now();
          const response = await route.request(target.url, n);
          const text = await response.text();
          const elapsed = performance.now() - started;
          worstElapsed = Math.max(worstElapsed, elapsed);
          const where = `  - ${fault.name} on ${route.name}: ${response.status} in ${Math.round(elapsed)} ms: ${text.slice(0, 160)}`;
          let problem: { type?: string; status?: number; requestId?: string } = {};
          try {
            problem = JSON.parse(text);
          } catch {
            // judged below
          }
          const success = fault.succeedsOn?.[route.name];
          if (success !== undefined) {
            if (response.status !== success) failures.add(`${where} (expected ${success})`);
          } else if (response.status !== fault.status || problem.type !== `urn:problem-type:${fault.type}`) {
            failures.add(`${where} (expected ${fault.status} ${fault.type})`);
          }
          if (
            success === undefined &&
            (response.headers.get('content-type') !== 'application/problem+json' ||
              problem.requestId !== response.headers.get('x-request-id'))
          ) {
            failures.add(`${where} (not a problem+json with its request id)`);
          }
          if (fault.status === 503 && !response.headers.get('retry-after'))
            failures.add(`${where} (no Retry-After)`);
          if (/127\.0\.0\.1|localhost/.test(text)) failures.add(`${where} (names the upstream host)`);
          if (elapsed > deadline + 250) failures.add(`${where} (over the ${deadline} ms deadline + 250 ms)`);
          if (fault.stalls) {
            await sleep(100);
            const made = upstream.requests.slice(before);
            abortable += made.length;
            aborted += made.filter((r) => upstream.aborted.includes(r)).length;
            if (made.some((r) => !upstream.aborted.includes(r)))
              failures.add(`${where} (the upstream request was not aborted)`);
          }
          // Healthy again: the same BFF serves a normal request.
          upstream.handle(forward);
          let server: ReturnType<typeof createServer> | undefined;
          if (refused) {
            server = createServer((req, res) => {
              const chunks: Buffer[] = [];
              req.on('data', (c: Buffer) => chunks.push(c));
              req.on('end', () => {
                void forwardTo(service.url, req, res, {
                  method: req.method ?? 'GET',
                  url: req.url ?? '/',
                  headers: req.headers,
                  body: Buffer.concat(chunks).toString('utf8'),
                });
              });
            });
            await new Promise<void>((resolve) => server?.listen(refused.port, '127.0.0.1', resolve));
          }
          const again = await route.request(target.url, ++counter);
          const againText = await again.text();
          if (again.status === route.ok) healthy++;
          else
            failures.add(
              `  - after ${fault.name} on ${route.name}: a normal request got ${again.status}: ${againText.slice(0, 160)}`,
            );
          if (refused) {
            await target.close();
            await new Promise<void>((resolve) => {
              server?.close(() => resolve());
              server?.closeAllConnections();
            });
          }
        }
      const row = byStatus.get(fault.status) ?? { cases: 0, slowest: 0, aborted: 0, abortable: 0 };
      row.cases += routes.length * sizes.faultRounds;
      row.slowest = Math.max(row.slowest, worstElapsed);
      row.aborted += aborted;
      row.abortable += abortable;
      byStatus.set(fault.status, row);
      healthyTotal += healthy;
    }
    await sleep(50);
    figures(
      'upstream-faults',
      `${cases} cases (${faults.length} faults × ${routes.length} routes × ${sizes.faultRounds} rounds), ${failures.count} failures, ${unhandled} unhandled rejections, BFF healthy after ${healthyTotal}/${cases}; ${[
        ...byStatus.entries(),
      ]
        .map(
          ([status, row]) =>
            `${row.cases}×${status} within ${ms(row.slowest)}${row.abortable ? ` (${row.aborted}/${row.abortable} upstream calls aborted)` : ''}`,
        )
        .join(', ')}; deadlines: read ${timeouts.readMs} ms, write ${timeouts.writeMs} ms (+ 250 ms allowed)`,
      { cases, failures: failures.count, unhandled },
    );
    expect(failures.count, failures.toString()).toBe(0);
    expect(unhandled, 'unhandled rejections or uncaught exceptions').toBe(0);
  });
});
