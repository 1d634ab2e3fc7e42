import { describe, expect, it } from 'vitest';
import type { IdempotencyStore } from '../../src/middleware/idempotency/store.js';
import type { RateLimitStore } from '../../src/middleware/rate-limit/store.js';

/** A store under test with a clock the test moves; `fresh` gives one with no rows from earlier cases. */
export interface ClockedStores {
  idempotency(now: () => number): IdempotencyStore;
  rateLimit(): RateLimitStore;
}

const answer = {
  status: 201,
  headers: { 'Content-Type': 'application/json' },
  body: '{"id":"inst-1","name":"ünïcode ✓"}',
};

let unique = 0;
/** Keys unique across cases, so that stores sharing one database do not see each other's rows. */
const keyOf = (name: string) => `${name}-${process.pid}-${++unique}-${Date.now()}`;

/**
 * What every idempotency and rate-limit store promises the middleware, run against each implementation
 * (in-memory and PostgreSQL), so that a builder can swap one for the other.
 */
export function describeStoreContract(name: string, stores: ClockedStores) {
  describe(`${name} idempotency store`, () => {
    it('claims a free key once; a repeat sees it pending with the first fingerprint', async () => {
      const store = stores.idempotency(Date.now);
      const key = keyOf('claim');
      expect(await store.claim(key, 'f1', 5_000)).toEqual({ state: 'claimed' });
      expect(await store.claim(key, 'f1', 5_000)).toEqual({ state: 'pending', fingerprint: 'f1' });
      expect(await store.claim(key, 'f2', 5_000)).toEqual({ state: 'pending', fingerprint: 'f1' });
    });

    it('replays a completed answer byte for byte, with the fingerprint that made it', async () => {
      const store = stores.idempotency(Date.now);
      const key = keyOf('complete');
      await store.claim(key, 'f1', 5_000);
      await store.complete(key, 'f1', answer, 60_000);
      expect(await store.claim(key, 'f2', 5_000)).toEqual({
        state: 'completed',
        fingerprint: 'f1',
        response: answer,
      });
    });

    it('release frees a pending claim, never a recorded answer', async () => {
      const store = stores.idempotency(Date.now);
      const pending = keyOf('release');
      await store.claim(pending, 'f1', 5_000);
      await store.release(pending);
      expect(await store.claim(pending, 'f2', 5_000)).toEqual({ state: 'claimed' });

      const done = keyOf('release-done');
      await store.claim(done, 'f1', 5_000);
      await store.complete(done, 'f1', answer, 60_000);
      await store.release(done);
      expect((await store.claim(done, 'f1', 5_000)).state).toBe('completed');
    });

    it('lets a pending claim expire (a crashed request cannot lock its key) and an answer expire', async () => {
      let now = 1_000_000;
      const store = stores.idempotency(() => now);
      const key = keyOf('expiry');
      await store.claim(key, 'f1', 1_000);
      now += 999;
      expect((await store.claim(key, 'f1', 1_000)).state).toBe('pending');
      now += 1;
      expect(await store.claim(key, 'f2', 1_000)).toEqual({ state: 'claimed' });
      await store.complete(key, 'f2', answer, 5_000);
      now += 4_999;
      expect((await store.claim(key, 'f1', 1_000)).state).toBe('completed');
      now += 1;
      expect(await store.claim(key, 'f1', 1_000)).toEqual({ state: 'claimed' });
    });

    it('does not let a request whose claim expired overwrite the new holder', async () => {
      let now = 2_000_000;
      const store = stores.idempotency(() => now);
      const key = keyOf('late');
      await store.claim(key, 'slow', 1_000);
      now += 1_000;
      await store.claim(key, 'next', 1_000);
      await store.complete(key, 'slow', answer, 60_000);
      await store.release(key);
      expect(await store.claim(key, 'next', 1_000)).toEqual({ state: 'claimed' });
    });

    it('gives one claim to 20 concurrent claimers of one key', async () => {
      const store = stores.idempotency(Date.now);
      const key = keyOf('race');
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(key, 'f1', 5_000)));
      expect(results.filter((result) => result.state === 'claimed')).toHaveLength(1);
      expect(results.filter((result) => result.state === 'pending')).toHaveLength(19);
    });
  });

  describe(`${name} rate-limit store`, () => {
    it('counts hits in a fixed window that ends windowMs after its first hit', async () => {
      const store = stores.rateLimit();
      const key = keyOf('window');
      expect(await store.hit(key, 60_000, 1_000)).toEqual({ count: 1, resetAt: 61_000 });
      expect(await store.hit(key, 60_000, 30_000)).toEqual({ count: 2, resetAt: 61_000 });
      expect(await store.hit(key, 60_000, 60_999)).toEqual({ count: 3, resetAt: 61_000 });
      expect(await store.hit(key, 60_000, 61_000)).toEqual({ count: 1, resetAt: 121_000 });
    });

    it('keeps keys apart', async () => {
      const store = stores.rateLimit();
      const [a, b] = [keyOf('a'), keyOf('b')];
      await store.hit(a, 60_000, 0);
      await store.hit(a, 60_000, 0);
      expect((await store.hit(b, 60_000, 0)).count).toBe(1);
    });

    it('counts 50 concurrent hits exactly: each gets its own number', async () => {
      const store = stores.rateLimit();
      const key = keyOf('burst');
      const now = Date.now();
      const hits = await Promise.all(Array.from({ length: 50 }, () => store.hit(key, 60_000, now)));
      expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
    });
  });
}
