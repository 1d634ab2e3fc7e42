import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../problem/handlers.js';
import { canonicalJson } from './fingerprint.js';
import { idempotency } from './index.js';
import { MemoryIdempotencyStore } from './store.js';

function app(store = new MemoryIdempotencyStore(), gate?: Promise<unknown>) {
  let created = 0;
  const routes = new Hono()
    .post(
      '/things',
      idempotency({
        store,
        key: (c) => c.req.header('Idempotency-Key'),
        scope: (c) => c.req.header('x-user') ?? '',
        ttlMs: 60_000,
        pendingTtlMs: 5_000,
        pollMs: 5,
      }),
      async (c) => {
        created++;
        await (gate ?? new Promise((resolve) => setTimeout(resolve, 20)));
        return c.json({ n: created }, 201);
      },
    )
    .onError(errorHandler(() => {}));
  return { routes, created: () => created };
}

const post = (routes: Hono, key: string, body: unknown, user = 'u1') =>
  routes.request('/things', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'x-user': user },
    body: JSON.stringify(body),
  });

describe('idempotency', () => {
  it('runs concurrent repeats once and answers each with the first answer', async () => {
    const { routes, created } = app();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(routes, 'k', { a: 1 })));
    expect(created()).toBe(1);
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual(Array(5).fill({ n: 1 }));
  });

  it('refuses the same key with another body with 422', async () => {
    const { routes } = app();
    await post(routes, 'k', { a: 1 });
    expect((await post(routes, 'k', { a: 2 })).status).toBe(422);
  });

  it('refuses another body with 422 while the first runs on another replica, then replays the first answer', async () => {
    // Two replicas: two middleware instances, one shared store, the first request held until released.
    let open: (value?: unknown) => void = () => {};
    const gate = new Promise((resolve) => {
      open = resolve;
    });
    const store = new MemoryIdempotencyStore();
    const one = app(store, gate);
    const two = app(store, gate);
    const first = post(one.routes, 'k', { a: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await post(two.routes, 'k', { a: 2 })).status).toBe(422);
    const repeat = post(two.routes, 'k', { a: 1 });
    open();
    expect(await (await first).json()).toEqual({ n: 1 });
    const replayed = await repeat;
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replayed.json()).toEqual({ n: 1 });
    expect((await post(two.routes, 'k', { a: 2 })).status).toBe(422);
    expect(one.created() + two.created()).toBe(1);
  });

  it('replays a body equal to the first one: what the deep run counted as 5 missed 422s', async () => {
    // In 5 of 200 rounds the generated config was exactly the test's fixed "other" config, so the BFF
    // rightly answered with the first 201 (see SECURITY.md, Findings).
    const { routes, created } = app();
    const config = { content: { provider: 'sandboxcrm', proxy: { enabled: false } } };
    await post(routes, 'k', { config });
    const other = await post(routes, 'k', {
      config: { content: { proxy: { enabled: false }, provider: 'sandboxcrm' } },
    });
    expect(other.status).toBe(201);
    expect(other.headers.get('Idempotent-Replayed')).toBe('true');
    expect(created()).toBe(1);
  });

  it('keeps keys of different scopes apart', async () => {
    const { routes, created } = app();
    await post(routes, 'k', { a: 1 }, 'u1');
    await post(routes, 'k', { a: 1 }, 'u2');
    expect(created()).toBe(2);
  });

  it('answers 400 without a key', async () => {
    const { routes } = app();
    const response = await routes.request('/things', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
  });
});

describe('MemoryIdempotencyStore', () => {
  const response = { status: 201, headers: {}, body: '{}' };

  it('forgets an answer after its TTL', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore(10, () => now);
    await store.claim('k', 'f', 1_000);
    await store.complete('k', 'f', response, 5_000);
    expect((await store.claim('k', 'f', 1_000)).state).toBe('completed');
    now = 5_001;
    expect((await store.claim('k', 'f', 1_000)).state).toBe('claimed');
  });

  it('lets a stale pending claim expire, so a crashed request cannot lock its key', async () => {
    let now = 0;
    const store = new MemoryIdempotencyStore(10, () => now);
    await store.claim('k', 'f', 1_000);
    expect((await store.claim('k', 'f', 1_000)).state).toBe('pending');
    now = 1_001;
    expect((await store.claim('k', 'f', 1_000)).state).toBe('claimed');
  });

  it('stays within its entry bound', async () => {
    const store = new MemoryIdempotencyStore(3);
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      await store.claim(key, 'f', 1_000);
      await store.complete(key, 'f', response, 60_000);
    }
    expect(store.size).toBe(3);
  });
});

describe('canonicalJson', () => {
  it('is the same for the same data in another key order, and differs for other data', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, 2] }, b: 1 }),
    );
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });
});
