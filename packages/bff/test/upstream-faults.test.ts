import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, refusedPort, startFakeUpstream } from './helpers/fake-upstream.js';
import { validCreateBody } from './helpers/fixtures.js';
import { problemOf } from './helpers/read.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

let upstream: FakeUpstream;
let bff: RunningBff;

const fastFaults = {
  timeouts: { readMs: 300, writeMs: 300, requestMs: 3_000 },
  retry: { baseDelayMs: 5, maxDelayMs: 20 },
  limits: { upstreamResponseBytes: 64 * 1024 },
};

beforeAll(async () => {
  upstream = await startFakeUpstream();
  bff = await startBff(upstream, fastFaults);
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

function search(url = bff.url) {
  return fetch(`${url}/integrations/crm-sync/search`, {
    method: 'POST',
    headers: browserHeaders('alice'),
    body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
  });
}

function create() {
  return fetch(`${bff.url}/integrations/crm-sync/installations`, {
    method: 'POST',
    headers: browserHeaders('alice', { 'Idempotency-Key': crypto.randomUUID() }),
    body: JSON.stringify(validCreateBody),
  });
}

function invite() {
  return fetch(`${bff.url}/invites`, {
    method: 'POST',
    headers: browserHeaders('alice'),
    body: JSON.stringify({ email: 'fault@example.com' }),
  });
}

/** Every fault answer: a problem object with a request ID, nothing about the upstream's whereabouts. */
async function expectFault(response: Response, status: number, retryable: boolean) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const text = await response.text();
  const problem = JSON.parse(text);
  expect(problem).toMatchObject({ status, retryable });
  expect(problem.requestId).toBe(response.headers.get('x-request-id'));
  expect(text).not.toContain('127.0.0.1');
  expect(text).not.toContain(new URL(upstream.url).port);
  return problem;
}

function callsSince(before: number) {
  return upstream.requests.length - before;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('upstream faults become 502 or 504 problems', () => {
  it('connection refused: 502, retryable, search tried three times', async () => {
    const port = await refusedPort();
    const target = `http://127.0.0.1:${port}`;
    const refused = await startBff({ baseUrl: `${target}/v1`, searchUrl: `${target}/search/v1` }, fastFaults);
    const response = await search(refused.url);
    const problem = await problemOf(response);
    expect(response.status).toBe(502);
    expect(problem.retryable).toBe(true);
    expect(JSON.stringify(problem)).not.toContain(String(port));
    const attempts = refused.logs.filter((entry) => entry.msg === 'upstream' && entry.fault === 'refused');
    expect(attempts.map((entry) => entry.attempt)).toEqual([1, 2, 3]);
    await refused.close();
  });

  it('connection reset mid-body: 502, retryable; search retries, create and invite do not', async () => {
    upstream.handle((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('{"results": [');
      setTimeout(() => req.socket.destroy(), 10);
    });
    let before = upstream.requests.length;
    await expectFault(await search(), 502, true);
    expect(callsSince(before)).toBe(3);
    before = upstream.requests.length;
    await expectFault(await create(), 502, true);
    expect(callsSince(before)).toBe(1);
    before = upstream.requests.length;
    await expectFault(await invite(), 502, true);
    expect(callsSince(before)).toBe(1);
  });

  it('connection closed before any answer: 502, retryable', async () => {
    upstream.handle((req) => req.socket.destroy());
    await expectFault(await search(), 502, true);
  });

  it('5xx: 502, retryable; search tried three times with backoff, create and invite once', async () => {
    upstream.handle((_req, res) =>
      json(res, 503, { type: 'about:blank', title: 'Unavailable', status: 503 }),
    );
    let before = upstream.requests.length;
    await expectFault(await search(), 502, true);
    expect(callsSince(before)).toBe(3);
    before = upstream.requests.length;
    await expectFault(await create(), 502, true);
    expect(callsSince(before)).toBe(1);
    before = upstream.requests.length;
    await expectFault(await invite(), 502, true);
    expect(callsSince(before)).toBe(1);
  });

  it('no answer in time: 504, retryable, the upstream request really aborted, not retried', async () => {
    upstream.handle(() => {});
    const before = upstream.requests.length;
    const started = Date.now();
    await expectFault(await search(), 504, true);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(callsSince(before)).toBe(1);
    await sleep(50);
    expect(upstream.aborted).toContain(upstream.requests.at(-1));
  });

  it('a body that stalls halfway: 504, and the upstream request aborted', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"results": [');
    });
    await expectFault(await create(), 504, true);
    await sleep(50);
    expect(upstream.aborted).toContain(upstream.requests.at(-1));
  });

  it('malformed JSON: 502, not retryable', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"results": [ {"id": ');
    });
    await expectFault(await search(), 502, false);
  });

  it('JSON of the wrong shape: 502, not retryable', async () => {
    upstream.handle((_req, res) => json(res, 201, { id: 42, surprise: true }));
    await expectFault(await invite(), 502, false);
  });

  it('a redirect: 502, and the redirect target is never called', async () => {
    const elsewhere = await startFakeUpstream((_req, res) => json(res, 200, { results: [] }));
    upstream.handle((_req, res) => {
      res.writeHead(302, { Location: `${elsewhere.url}/steal` });
      res.end();
    });
    await expectFault(await search(), 502, false);
    await expectFault(await create(), 502, false);
    expect(elsewhere.requests).toEqual([]);
    await elsewhere.close();
  });

  it('a huge body, declared or streamed: 502, not read to the end', async () => {
    const chunk = 'x'.repeat(16 * 1024);
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(10 * 1024 * 1024) });
      res.write(chunk);
    });
    await expectFault(await search(), 502, false);
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Streamed without a length: the BFF must count and stop, not trust a header.
      let sent = 0;
      const pump = () => {
        while (sent < 200 && res.write(chunk)) sent++;
        if (sent < 200 && !res.destroyed) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    await expectFault(await search(), 502, false);
  });

  it('the request deadline: 504 problem, and the upstream call aborted with it', async () => {
    const slow = await startBff(upstream, { timeouts: { readMs: 10_000, writeMs: 10_000, requestMs: 300 } });
    upstream.handle(() => {});
    const response = await fetch(`${slow.url}/integrations/crm-sync/search`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
    });
    const problem = await expectFault(response, 504, true);
    expect(problem.type).toBe('urn:problem-type:deadline-exceeded');
    await sleep(50);
    expect(upstream.aborted).toContain(upstream.requests.at(-1));
    await slow.close();
  });
});
