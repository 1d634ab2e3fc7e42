import { describe, expect, it } from 'vitest';
import { MemoryWebhookDedupeStore } from './dedupe-store.js';

describe('MemoryWebhookDedupeStore', () => {
  it('lets one delivery of an id handle it, tells a concurrent one it is in progress, and a later one it is done', async () => {
    const store = new MemoryWebhookDedupeStore();
    expect(await store.claim('a', 1000)).toBe('claimed');
    expect(await store.claim('a', 1000)).toBe('in_progress');
    await store.complete('a', 60_000);
    expect(await store.claim('a', 1000)).toBe('done');
  });

  it('gives an id back after a failure, and lets a stuck claim lapse', async () => {
    let now = 0;
    const store = new MemoryWebhookDedupeStore(10, () => now);
    await store.claim('a', 1000);
    await store.release('a');
    expect(await store.claim('a', 1000)).toBe('claimed');
    now = 1001;
    expect(await store.claim('a', 1000)).toBe('claimed');
  });

  it('forgets a handled id after its time, and the oldest ids first when full', async () => {
    let now = 0;
    const store = new MemoryWebhookDedupeStore(2, () => now);
    for (const id of ['a', 'b', 'c']) {
      await store.claim(id, 1000);
      await store.complete(id, 5000);
    }
    expect(store.size).toBe(2);
    expect(await store.claim('a', 1000)).toBe('claimed');
    expect(await store.claim('c', 1000)).toBe('done');
    now = 5001;
    expect(await store.claim('c', 1000)).toBe('claimed');
  });
});
