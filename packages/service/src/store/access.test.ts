import Sqlite from 'better-sqlite3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type StoreAccess, step } from './access.js';
import { PgAccess } from './pg/pg-access.js';
import { SqliteAccess } from './sqlite-access.js';
import type { OpenedStore } from './test-backends.js';
import { stopTestPostgres, storeBackends } from './test-backends.js';

afterAll(stopTestPostgres);

const created = '2026-01-01T00:00:00.000Z';
const insertOrg = 'INSERT INTO orgs (id, name, create_time) VALUES (?, ?, ?)';

describe.each(storeBackends)('StoreAccess units of work on $name', (backend) => {
  let opened: OpenedStore;
  let db: StoreAccess;
  beforeEach(async () => {
    opened = await backend.open();
    db = opened.kind === 'sqlite' ? new SqliteAccess(opened.db) : new PgAccess(opened.pool);
  });
  afterEach(() => opened.close());

  it('commits every statement of a unit of work and hands each its result', async () => {
    const names = await db.atomically(function* () {
      yield* step(insertOrg, 'o1', 'first', created);
      const renamed = yield* step("UPDATE orgs SET name = 'renamed' WHERE id = ?", 'o1');
      const { rows } = yield* step<{ name: string }>('SELECT name FROM orgs WHERE id = ?', 'o1');
      return { changes: renamed.changes, rows };
    });
    expect(names).toEqual({ changes: 1, rows: [{ name: 'renamed' }] });
    expect(await db.count('SELECT count(*) AS n FROM orgs')).toBe(1);
  });

  it('commits nothing of a unit of work whose statement fails', async () => {
    const failing = db.atomically(function* () {
      yield* step(insertOrg, 'o1', 'first', created);
      yield* step(insertOrg, 'o1', 'the same id again', created);
    });
    await expect(failing).rejects.toThrow();
    expect(await db.count('SELECT count(*) AS n FROM orgs')).toBe(0);
  });
});

describe('SqliteAccess.atomically', () => {
  let opened: OpenedStore;
  beforeEach(async () => {
    opened = await storeBackends[0]!.open();
  });
  afterEach(() => opened.close());

  it('commits before control returns to the event loop, so no other connection waits on its lock', async () => {
    if (opened.kind !== 'sqlite') throw new Error('a SQLite backend was expected');
    const db = new SqliteAccess(opened.db);
    const other = new Sqlite(opened.db.name, { timeout: 0 });
    try {
      const done = db.atomically(function* () {
        yield* step(insertOrg, 'o1', 'first', created);
        yield* step(insertOrg, 'o2', 'second', created);
      });
      // Still in the same turn: another connection writes at once (a held lock would make it fail, with no
      // wait allowed) and sees both rows.
      other.prepare(insertOrg).run('o3', 'third', created);
      expect(other.prepare('SELECT count(*) AS n FROM orgs').get()).toEqual({ n: 3 });
      await done;
    } finally {
      other.close();
    }
  });
});
