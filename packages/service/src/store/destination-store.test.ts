import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../oauth/crypto.js';
import type { DestinationStore } from './destination-store.js';
import { newSigningSecret, PgDestinationStore, SqliteDestinationStore } from './destination-store.js';
import { ConflictError } from './errors.js';
import { PgRepository } from './pg/pg-repository.js';
import { SqliteRepository } from './sqlite-repository.js';
import type { OpenedStore } from './test-backends.js';
import { stopTestPostgres, storeBackends } from './test-backends.js';

afterAll(stopTestPostgres);

const secrets = new SecretBox(randomBytes(32));

function storeOn(opened: OpenedStore, box: SecretBox): DestinationStore {
  return opened.kind === 'sqlite'
    ? new SqliteDestinationStore(opened.db, box)
    : new PgDestinationStore(opened.pool, box);
}

/** The signing_secret column as stored, bypassing the store. */
async function storedSecret(opened: OpenedStore, name: string): Promise<string> {
  const sql = 'SELECT signing_secret AS s FROM destinations WHERE name = ';
  if (opened.kind === 'sqlite') {
    return (opened.db.prepare(`${sql}?`).get(name) as { s: string }).s;
  }
  return (await opened.pool.query<{ s: string }>(`${sql}$1`, [name])).rows[0]!.s;
}

async function storeSecretAsIs(opened: OpenedStore, name: string, value: string): Promise<void> {
  const sql = 'UPDATE destinations SET signing_secret = ';
  if (opened.kind === 'sqlite') opened.db.prepare(`${sql}? WHERE name = ?`).run(value, name);
  else await opened.pool.query(`${sql}$1 WHERE name = $2`, [value, name]);
}

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
    store = storeOn(opened, secrets);
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

  it('stores signing secrets sealed, never as the text that signs', async () => {
    const created = await store.insert({
      projectId,
      name: 'crm',
      metadata: { url: 'https://example.com/hook' },
    });
    const rotated = (await store.rotateSecret(projectId, 'crm'))!;
    await store.insert({ projectId, name: 'known', metadata: { url: 'https://example.com/k' } });
    await store.setSigningSecret(projectId, 'known', 'whsec_a25vd24tc2VjcmV0LWZvci10aGUtdGVzdA==');
    for (const [name, secret] of [
      ['crm', rotated.signingSecret!],
      ['known', 'whsec_a25vd24tc2VjcmV0LWZvci10aGUtdGVzdA=='],
    ] as const) {
      const stored = await storedSecret(opened, name);
      expect(stored).not.toContain('whsec_');
      expect(stored).not.toContain(secret.slice(6, 30));
      expect(secrets.open(JSON.parse(stored))).toBe(secret);
      expect((await store.get(projectId, name))?.signingSecret).toBe(secret);
    }
    expect(rotated.signingSecret).not.toBe(created.signingSecret);
  });

  it('reads a secret stored plain by an earlier version, and seals such rows when asked', async () => {
    const plain = newSigningSecret();
    await store.insert({ projectId, name: 'old', metadata: { url: 'https://example.com/old' } });
    await store.insert({ projectId, name: 'new', metadata: { url: 'https://example.com/new' } });
    await storeSecretAsIs(opened, 'old', plain);
    const sealedBefore = await storedSecret(opened, 'new');
    expect((await store.get(projectId, 'old'))?.signingSecret).toBe(plain);
    expect((await store.list(projectId)).find((d) => d.name === 'old')?.signingSecret).toBe(plain);

    expect(await store.sealPlainSecrets()).toBe(1);
    expect(await storedSecret(opened, 'old')).not.toContain('whsec_');
    expect((await store.get(projectId, 'old'))?.signingSecret).toBe(plain);
    // Sealed rows are left as they are, and a second pass finds nothing.
    expect(await storedSecret(opened, 'new')).toBe(sealedBefore);
    expect(await store.sealPlainSecrets()).toBe(0);
  });

  it('gives no secret for a row sealed under another key, rather than failing the read', async () => {
    await store.insert({ projectId, name: 'crm', metadata: { url: 'https://example.com/hook' } });
    const otherKey = storeOn(opened, new SecretBox(randomBytes(32)));
    const seen = await otherKey.get(projectId, 'crm');
    expect(seen).toMatchObject({ name: 'crm', status: 'enabled' });
    expect(seen).not.toHaveProperty('signingSecret');
  });
});

describe('SqliteDestinationStore sealing rows from an earlier version', () => {
  it('leaves the plain secret nowhere in the database, WAL or shared-memory file', async () => {
    const opened = await storeBackends[0]!.open();
    if (opened.kind !== 'sqlite') throw new Error('expected SQLite');
    try {
      const store = new SqliteDestinationStore(opened.db, secrets);
      const projectId = (await new SqliteRepository(opened.db).insertProject({ name: 'demo' })).id;
      await store.insert({ projectId, name: 'old', metadata: { url: 'https://example.com/old' } });
      const plain = newSigningSecret();
      await storeSecretAsIs(opened, 'old', plain);
      opened.db.pragma('wal_checkpoint(TRUNCATE)');
      const files = () =>
        ['', '-wal', '-shm']
          .map((suffix) => `${opened.db.name}${suffix}`)
          .filter((file) => fs.existsSync(file))
          .map((file) => fs.readFileSync(file));
      expect(files().some((bytes) => bytes.includes(plain))).toBe(true);

      await store.sealPlainSecrets();
      expect(files().filter((bytes) => bytes.includes(plain.slice(6)))).toEqual([]);
      expect((await store.get(projectId, 'old'))?.signingSecret).toBe(plain);
    } finally {
      await opened.close();
    }
  });
});
