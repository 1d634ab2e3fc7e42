import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUpstream } from './helpers/fake-upstream.js';
import { json, startFakeUpstream } from './helpers/fake-upstream.js';
import { invite } from './helpers/fixtures.js';
import { problemOf } from './helpers/read.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff } from './helpers/start-bff.js';

let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startFakeUpstream((req, res) =>
    req.url?.includes('/invites') ? json(res, 201, invite) : json(res, 200, { results: [] }),
  );
});
afterAll(async () => {
  await upstream.close();
});

function search(url: string, user: string, body: unknown = { objectName: 'contacts', fieldFilters: [] }) {
  return fetch(`${url}/integrations/crm-sync/search`, {
    method: 'POST',
    headers: browserHeaders(user),
    body: JSON.stringify(body),
  });
}

describe('body and schema limits', () => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(upstream, { limits: { searchBodyBytes: 4 * 1024, inviteBodyBytes: 512 } });
  });
  afterAll(async () => {
    await bff.close();
  });

  it('refuses a body over the route’s limit with 413, by its declared length', async () => {
    const before = upstream.requests.length;
    const response = await fetch(`${bff.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(1_000) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(upstream.requests.length).toBe(before);
  });

  it('refuses a streamed body over the limit with 413, counting as it arrives', async () => {
    const chunk = new TextEncoder().encode(
      `{"objectName":"contacts","fieldFilters":[],"x":"${'y'.repeat(8 * 1024)}"}`,
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await fetch(`${bff.url}/integrations/crm-sync/search`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('applies the per-route limit: the same size passes where the route allows it', async () => {
    const response = await search(bff.url, 'alice', {
      objectName: 'contacts',
      fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'x'.repeat(1_000) }],
    });
    expect(response.status).toBe(200);
  });

  it('enforces the schemas’ sizes: at most 100 filters, e-mail addresses of at most 254 characters', async () => {
    const filters = Array.from({ length: 101 }, (_, i) => ({ fieldName: `f${i}`, operator: 'eq', value: 1 }));
    const tooMany = await search(bff.url, 'alice', { objectName: 'contacts', fieldFilters: filters });
    expect(tooMany.status).toBe(413);
    const big = await startBff(upstream);
    const refused = await search(big.url, 'alice', { objectName: 'contacts', fieldFilters: filters });
    expect(refused.status).toBe(400);
    expect((await problemOf(refused)).issues).toEqual([expect.objectContaining({ name: 'fieldFilters' })]);
    const longEmail = await fetch(`${big.url}/invites`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ email: `${'a'.repeat(250)}@example.com` }),
    });
    expect(longEmail.status).toBe(400);
    await big.close();
  });
});

describe('per-session rate limit', () => {
  it('answers 429 with Retry-After past the limit, for that session only', async () => {
    const bff = await startBff(upstream, { limits: { requestsPerWindow: 3, rateWindowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await search(bff.url, 'alice')).status).toBe(200);
    const limited = await search(bff.url, 'alice');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await problemOf(limited)).toMatchObject({
      type: 'urn:problem-type:rate-limited',
      retryable: true,
    });
    expect((await search(bff.url, 'bob')).status).toBe(200);
    await bff.close();
  });
});

describe('cap on in-flight upstream calls', () => {
  it('answers 503 with Retry-After while the cap is reached, and serves again after', async () => {
    const bff = await startBff(upstream, { limits: { maxInFlight: 1 } });
    let release: () => void = () => {};
    upstream.handle((_req, res) => {
      release = () => json(res, 200, { results: [] });
    });
    const first = search(bff.url, 'alice');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await search(bff.url, 'bob');
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await problemOf(second)).toMatchObject({ type: 'urn:problem-type:busy', retryable: true });
    release();
    expect((await first).status).toBe(200);
    upstream.handle((_req, res) => json(res, 200, { results: [] }));
    expect((await search(bff.url, 'bob')).status).toBe(200);
    await bff.close();
  });
});
