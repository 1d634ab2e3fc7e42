import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DestinationStore } from './destination-store.js';
import { PgDestinationStore, SqliteDestinationStore } from './destination-store.js';
import { ConflictError } from './errors.js';
import { PgRepository } from './pg/pg-repository.js';
import { SqliteRepository } from './sqlite-repository.js';
import type { OpenedStore } from './test-backends.js';
import { stopTestPostgres, storeBackends } from './test-backends.js';

afterAll(stopTestPostgres);

// The same contract for both databases: routes and the read engine see no difference.
describe.each(storeBackends)('DestinationStore on $name', (backend) => {
  let opened: OpenedStore;
  let store: DestinationStore;
  let projectId: string;

  beforeAll(async () => {
    await (await backend.open()).close();
  });
  beforeEach(async () => {
    opened = await backend.open();
    const repo = opened.kind === 'sqlite' ? new SqliteRepository(opened.db) : new PgRepository(opened.pool);
    store =
      opened.kind === 'sqlite' ? new SqliteDestinationStore(opened.db) : new PgDestinationStore(opened.pool);
    projectId = (await repo.insertProject({ name: 'demo' })).id;
  });
  afterEach(async () => {
    await opened.close();
  });

  it('inserts, finds and lists destinations, refusing a second of the same name', async () => {
    const created = await store.insert({
      projectId,
      name: 'crm',
      metadata: { url: 'https://example.com/hook', headers: { 'x-team': 'a' } },
    });
    expect(created).toMatchObject({ type: 'webhook', status: 'enabled', name: 'crm' });
    expect(created.signingSecret).toMatch(/^whsec_/);
    expect(await store.get(projectId, 'crm')).toEqual(created);
    await store.insert({ projectId, name: 'audit', metadata: { url: 'https://example.com/audit' } });
    expect((await store.list(projectId)).map((d) => d.name)).toEqual(['audit', 'crm']);
    await expect(
      store.insert({ projectId, name: 'crm', metadata: { url: 'https://example.com/other' } }),
    ).rejects.toThrow(ConflictError);
    expect(await store.get(projectId, 'nope')).toBeUndefined();
  });

  it('disables a destination failing for too long, and an update enables it again', async () => {
    const d = await store.insert({ projectId, name: 'crm', metadata: { url: 'https://example.com/hook' } });
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    await store.recordFailure(d.id, 'HTTP 500', start, 60_000);
    expect(await store.get(projectId, 'crm')).toMatchObject({
      status: 'enabled',
      failingSince: '2025-01-01T00:00:00.000Z',
      lastError: 'HTTP 500',
    });
    await store.recordFailure(d.id, 'HTTP 502', start + 60_000, 60_000);
    const disabled = await store.get(projectId, 'crm');
    expect(disabled).toMatchObject({ status: 'disabled', failingSince: '2025-01-01T00:00:00.000Z' });
    expect(disabled?.disabledReason).toContain('HTTP 502');
    const updated = await store.update(projectId, 'crm', {
      name: 'crm-2',
      metadata: { url: 'https://example.com/new' },
    });
    expect(updated).toMatchObject({
      name: 'crm-2',
      status: 'enabled',
      metadata: { url: 'https://example.com/new' },
    });
    expect(updated?.disabledReason).toBeUndefined();
    expect(updated?.failingSince).toBeUndefined();
    await store.recordFailure(d.id, 'HTTP 500', start, 60_000);
    await store.recordSuccess(d.id);
    expect((await store.get(projectId, 'crm-2'))?.failingSince).toBeUndefined();
  });

  it('refuses a rename onto a taken name, rotates and sets secrets, deletes', async () => {
    await store.insert({ projectId, name: 'a', metadata: { url: 'https://example.com/a' } });
    const b = await store.insert({ projectId, name: 'b', metadata: { url: 'https://example.com/b' } });
    await expect(store.update(projectId, 'b', { name: 'a' })).rejects.toThrow(ConflictError);
    const rotated = await store.rotateSecret(projectId, 'b');
    expect(rotated?.signingSecret).toMatch(/^whsec_/);
    expect(rotated?.signingSecret).not.toBe(b.signingSecret);
    expect(await store.rotateSecret(projectId, 'nope')).toBeUndefined();
    await store.setSigningSecret(projectId, 'b', 'whsec_known');
    expect((await store.get(projectId, 'b'))?.signingSecret).toBe('whsec_known');
    expect(await store.delete(projectId, 'b')).toBe(true);
    expect(await store.delete(projectId, 'b')).toBe(false);
    expect(await store.update(projectId, 'b', { name: 'c' })).toBeUndefined();
  });
});
