import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBff } from '../src/index.js';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { listen } from './helpers/listen.js';
import { problemOf } from './helpers/read.js';
import { appOrigin, browserHeaders, resolveTestSession } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff, testApiKey, testAuthToken } from './helpers/start-bff.js';

let upstream: FakeUpstream;
let bff: RunningBff;

beforeAll(async () => {
  upstream = await startFakeUpstream((_req, res) => json(res, 200, { results: [] }));
  bff = await startBff(upstream);
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

/** What every API answer carries, success or not. */
function expectApiHeaders(response: Response) {
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(response.headers.get('x-powered-by')).toBeNull();
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
}

async function expectProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expectApiHeaders(response);
  const problem = await problemOf(response);
  expect(problem.status).toBe(status);
  expect(problem.requestId).toBe(response.headers.get('x-request-id'));
  return problem;
}

describe('every answer', () => {
  it('a success carries the secure headers and no-store', async () => {
    const response = await fetch(`${bff.url}/integrations/crm-sync/search`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
    });
    expect(response.status).toBe(200);
    expectApiHeaders(response);
  });

  it('404 for an unknown address is a problem', async () => {
    await expectProblem(await fetch(`${bff.url}/nothing/here`, { headers: browserHeaders('alice') }), 404);
  });

  it('405 for a known address with another method is a problem with Allow', async () => {
    const response = await fetch(`${bff.url}/integrations/crm-sync/search`, {
      headers: browserHeaders('alice'),
    });
    await expectProblem(response, 405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('413 and 415 are problems', async () => {
    await expectProblem(
      await fetch(`${bff.url}/invites`, {
        method: 'POST',
        headers: browserHeaders('alice'),
        body: JSON.stringify({ email: 'x'.repeat(10_000) }),
      }),
      413,
    );
    await expectProblem(
      await fetch(`${bff.url}/invites`, {
        method: 'POST',
        headers: browserHeaders('alice', { 'Content-Type': 'text/plain' }),
        body: 'email=a@example.com',
      }),
      415,
    );
  });

  it('malformed JSON is a 400 problem', async () => {
    const problem = await expectProblem(
      await fetch(`${bff.url}/invites`, {
        method: 'POST',
        headers: browserHeaders('alice'),
        body: '{"email": ',
      }),
      400,
    );
    expect(problem.type).toBe('urn:problem-type:malformed-body');
  });

  it('a 500 from a broken session resolver is a problem that tells nothing internal', async () => {
    const broken = await startBff(upstream, {
      resolveSession: () => ({ groupRef: '', orgId: 'o', consumerRef: 'c' }),
    });
    const problem = await expectProblem(
      await fetch(`${broken.url}/integrations/crm-sync`, { headers: browserHeaders('alice') }),
      500,
    );
    expect(problem.detail).not.toMatch(/session|resolve/i);
    expect(broken.logs.some((entry) => entry.level === 'error')).toBe(true);
    await broken.close();
  });

  it('never adopts a request ID sent by the client', async () => {
    const response = await fetch(`${bff.url}/nothing`, {
      headers: browserHeaders('alice', { 'X-Request-Id': 'chosen-by-client' }),
    });
    expect(response.headers.get('x-request-id')).not.toBe('chosen-by-client');
    expect((await problemOf(response)).requestId).not.toBe('chosen-by-client');
  });
});

describe('mounted in a host’s Hono app under /api', () => {
  it('serves its routes under the prefix and answers unknown paths under it with problems', async () => {
    const host = new Hono();
    host.get('/', (c) => c.text('host home'));
    const api = createBff({
      baseUrl: upstream.baseUrl,
      searchUrl: upstream.searchUrl,
      apiKey: testApiKey,
      authToken: testAuthToken,
      project: 'demo',
      allowedOrigins: [appOrigin],
      resolveSession: resolveTestSession,
      logger: () => {},
    });
    host.route('/api', api);
    const server = await listen(host.fetch);

    const search = await fetch(`${server.url}/api/integrations/crm-sync/search`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ objectName: 'contacts', fieldFilters: [] }),
    });
    expect(search.status).toBe(200);
    expectApiHeaders(search);
    await expectProblem(await fetch(`${server.url}/api/nothing`, { headers: browserHeaders('alice') }), 404);
    const wrongMethod = await fetch(`${server.url}/api/integrations/crm-sync/search`, {
      headers: browserHeaders('alice'),
    });
    await expectProblem(wrongMethod, 405);
    expect(await (await fetch(`${server.url}/`)).text()).toBe('host home');

    await server.close();
    await api.close();
  });
});
