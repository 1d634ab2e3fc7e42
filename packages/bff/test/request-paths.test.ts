import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBff } from '../src/index.js';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { listen } from './helpers/listen.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff, testBffOptions } from './helpers/start-bff.js';

// On @hono/node-server the BFF reads the body and the browser's disconnect from Node's request and
// response (middleware/node-exchange); under any other adapter it gets a standard Request. Both must
// behave the same: the body reaches the service intact, a body over the limit is a 413 whether declared
// or streamed, a malformed one a 400, and a browser that leaves aborts the upstream call.

let upstream: FakeUpstream;
const search = {
  objectName: 'contacts',
  fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'é@x.io' }],
};

beforeAll(async () => {
  upstream = await startFakeUpstream((_req, res) => json(res, 200, { results: [] }));
});
afterAll(async () => {
  await upstream.close();
});

const limits = { searchBodyBytes: 1024 };

function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      // Two chunks, so that the count runs across them.
      controller.enqueue(bytes.subarray(0, 10));
      controller.enqueue(bytes.subarray(10));
      controller.close();
    },
  });
}

describe.each(['node server', 'standard Request'])('request bodies, %s', (path) => {
  let send: (init: RequestInit) => Promise<Response>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    if (path === 'node server') {
      const running: RunningBff = await startBff(upstream, { limits });
      send = (init) => fetch(`${running.url}/integrations/crm-sync/search`, init);
      close = running.close;
    } else {
      const bff = createBff(testBffOptions(upstream, { limits }));
      // No Node request behind it: what a Bun, Deno or worker adapter hands over.
      send = async (init) => bff.fetch(new Request('http://bff.test/integrations/crm-sync/search', init));
      close = () => bff.close();
    }
  });
  afterAll(async () => {
    await close();
  });

  it('passes the body to the service unchanged (UTF-8 across chunks)', async () => {
    const before = upstream.requests.length;
    const response = await send({
      method: 'POST',
      headers: browserHeaders('alice'),
      body: streamed(JSON.stringify(search)),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(200);
    expect(JSON.parse(upstream.requests[before]!.body)).toEqual(search);
  });

  it('refuses a body over the limit, declared or streamed, before calling the service', async () => {
    const before = upstream.requests.length;
    const big = JSON.stringify({ ...search, padding: 'x'.repeat(2_000) });
    const declared = await send({ method: 'POST', headers: browserHeaders('alice'), body: big });
    expect(declared.status).toBe(413);
    const counted = await send({
      method: 'POST',
      headers: browserHeaders('alice'),
      body: streamed(big),
      duplex: 'half',
    } as RequestInit);
    expect(counted.status).toBe(413);
    expect(counted.headers.get('content-type')).toBe('application/problem+json');
    expect(upstream.requests.length).toBe(before);
  });

  it('answers a malformed body with 400', async () => {
    const response = await send({ method: 'POST', headers: browserHeaders('alice'), body: '{"objectName":' });
    expect(response.status).toBe(400);
  });
});

describe('a host that read the body before the BFF', () => {
  it('still gets it checked against the limit and passed on', async () => {
    const bff = createBff(testBffOptions(upstream, { limits }));
    // The host's own middleware parses the JSON first (hono caches it on the request).
    const host = new Hono()
      .use(async (c, next) => {
        if (c.req.method === 'POST') await c.req.json();
        await next();
      })
      .route('/api', bff);
    const server = await listen(host.fetch);
    const url = `${server.url}/api/integrations/crm-sync/search`;
    const before = upstream.requests.length;
    const ok = await fetch(url, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify(search),
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(upstream.requests[before]!.body)).toEqual(search);
    const big = JSON.stringify({ ...search, padding: 'x'.repeat(2_000) });
    const tooLarge = await fetch(url, { method: 'POST', headers: browserHeaders('alice'), body: big });
    expect(tooLarge.status).toBe(413);
    await server.close();
    await bff.close();
  });
});

describe('a browser that leaves, standard Request', () => {
  it('aborts the upstream call', async () => {
    upstream.handle(() => {});
    const logs: string[] = [];
    const bff = createBff(
      testBffOptions(upstream, { logger: (entry) => logs.push(`${entry.msg} ${String(entry.status)}`) }),
    );
    const abortedBefore = upstream.aborted.length;
    const requestsBefore = upstream.requests.length;
    const browser = new AbortController();
    const answer = bff.fetch(
      new Request('http://bff.test/integrations/crm-sync/search', {
        method: 'POST',
        headers: browserHeaders('alice'),
        body: JSON.stringify(search),
        signal: browser.signal,
      }),
    );
    await expect.poll(() => upstream.requests.length, { timeout: 5_000 }).toBeGreaterThan(requestsBefore);
    browser.abort();
    expect((await answer).status).toBeGreaterThanOrEqual(400);
    expect(logs).toContain('request 499');
    await expect.poll(() => upstream.aborted.length, { timeout: 5_000 }).toBeGreaterThan(abortedBefore);
    upstream.handle((_req, res) => json(res, 200, { results: [] }));
    await bff.close();
  });
});
