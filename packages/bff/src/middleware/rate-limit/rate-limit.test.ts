import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../problem/handlers.js';
import { rateLimit } from './index.js';
import { MemoryRateLimitStore } from './store.js';

describe('rateLimit', () => {
  it('allows max requests per window and key, then 429 until the window ends', async () => {
    let now = 1_000_000;
    const app = new Hono()
      .use(rateLimit({ max: 2, windowMs: 10_000, key: (c) => c.req.header('x-user') ?? '', now: () => now }))
      .get('/', (c) => c.json({ ok: true }))
      .onError(errorHandler(() => {}));
    const as = (user: string) => app.request('/', { headers: { 'x-user': user } });
    expect((await as('a')).status).toBe(200);
    expect((await as('a')).status).toBe(200);
    now += 4_000;
    const limited = await as('a');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('6');
    expect((await as('b')).status).toBe(200);
    now += 6_000;
    expect((await as('a')).status).toBe(200);
  });
});

describe('MemoryRateLimitStore', () => {
  it('stays within its key bound, dropping the oldest windows first', async () => {
    const store = new MemoryRateLimitStore(3);
    for (const key of ['a', 'b', 'c', 'd', 'e']) await store.hit(key, 60_000, 0);
    expect(store.size).toBe(3);
    // 'a' was dropped: it starts a new window at one hit.
    expect((await store.hit('a', 60_000, 1)).count).toBe(1);
    expect((await store.hit('e', 60_000, 1)).count).toBe(2);
  });
});
