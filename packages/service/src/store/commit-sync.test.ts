/**
 * A connection opened with `commitSync: 'thread-pool'` commits without an fsync and syncs the WAL file off the
 * event loop's thread: a write resolves only once that sync has returned, writes that commit during one sync
 * share the next, and a read never waits for another call's sync.
 */
import { setImmediate as turn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { step } from './access.js';
import { CommitSync, syncCommitsOf, syncWalFile } from './commit-sync.js';
import { type Database, openDatabase } from './open-database.js';
import { SqliteAccess } from './sqlite-access.js';
import { SqliteRepository } from './sqlite-repository.js';
import { makeTempDir, removeDir } from './test-helpers.js';

let dir: string | undefined;
let db: Database | undefined;
afterEach(() => {
  db?.close();
  if (dir) removeDir(dir);
  db = dir = undefined;
});

/** A sync the test finishes (or fails) by hand, one call at a time. */
function heldSyncs() {
  const calls: Array<{ path: string; finish(): void; fail(error: Error): void }> = [];
  const syncFile = (path: string) =>
    new Promise<void>((finish, fail) => {
      calls.push({ path, finish, fail });
    });
  return { calls, syncFile };
}

/** A service connection whose WAL syncs wait for the test. */
function openHeld() {
  dir = makeTempDir();
  db = openDatabase(dir, { commitSync: 'thread-pool' });
  db.exec('CREATE TABLE scratch (n INTEGER NOT NULL)');
  const held = heldSyncs();
  syncCommitsOf(db, new CommitSync(`${db.name}-wal`, held.syncFile));
  return { db, held };
}

/** Whether `promise` has settled after a turn of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await turn();
  return done;
}

describe('commits synced in the thread pool', () => {
  it('commits with synchronous=NORMAL, where the default connection syncs inside each commit (FULL)', () => {
    dir = makeTempDir();
    const full = openDatabase(dir);
    expect(full.pragma('synchronous', { simple: true })).toBe(2);
    full.close();
    db = openDatabase(dir, { commitSync: 'thread-pool' });
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
  });

  it("resolves a write only after the WAL file's sync has returned", async () => {
    const { db, held } = openHeld();
    const access = new SqliteAccess(db);
    const write = access.change('INSERT INTO scratch (n) VALUES (1)');
    expect(await settled(write)).toBe(false);
    expect(held.calls.map((call) => call.path)).toEqual([`${db.name}-wal`]);
    held.calls[0]?.finish();
    await expect(write).resolves.toBe(1);
  });

  it('syncs a transaction that wrote, and not a read or a transaction that only read', async () => {
    const { db, held } = openHeld();
    const access = new SqliteAccess(db);
    await expect(access.query('SELECT count(*) AS n FROM scratch')).resolves.toMatchObject({
      rows: [{ n: 0 }],
    });
    await expect(
      access.atomically(function* () {
        return (yield* step<{ n: number }>('SELECT count(*) AS n FROM scratch')).rows[0]?.n;
      }),
    ).resolves.toBe(0);
    expect(held.calls).toHaveLength(0);
    const written = access.atomically(function* () {
      yield* step('INSERT INTO scratch (n) VALUES (1), (2)');
      return (yield* step<{ n: number }>('SELECT count(*) AS n FROM scratch')).rows[0]?.n;
    });
    expect(await settled(written)).toBe(false);
    held.calls[0]?.finish();
    await expect(written).resolves.toBe(2);
  });

  it('lets the writes that commit during one sync share the next', async () => {
    const { db, held } = openHeld();
    const access = new SqliteAccess(db);
    const first = access.change('INSERT INTO scratch (n) VALUES (1)');
    await turn();
    const second = access.change('INSERT INTO scratch (n) VALUES (2)');
    const third = access.change('INSERT INTO scratch (n) VALUES (3)');
    await turn();
    // The sync running began before the second and third commits: it cannot stand for them.
    expect(held.calls).toHaveLength(1);
    held.calls[0]?.finish();
    await first;
    expect(await settled(second)).toBe(false);
    expect(held.calls).toHaveLength(2);
    held.calls[1]?.finish();
    await Promise.all([second, third]);
    expect(held.calls).toHaveLength(2);
  });

  it('fails the writes waiting for a sync that failed, and syncs again for the next write', async () => {
    const { db, held } = openHeld();
    const access = new SqliteAccess(db);
    const write = access.change('INSERT INTO scratch (n) VALUES (1)');
    await turn();
    held.calls[0]?.fail(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(write).rejects.toThrow('EIO');
    const next = access.change('INSERT INTO scratch (n) VALUES (2)');
    await turn();
    expect(held.calls).toHaveLength(2);
    held.calls[1]?.finish();
    await expect(next).resolves.toBe(1);
  });

  it("lets a repository's reads go on while a write of its waits for the disk", async () => {
    const { db, held } = openHeld();
    const repo = new SqliteRepository(db);
    const insert = repo.insertProject({ name: 'acme' });
    await turn();
    expect(held.calls).toHaveLength(1);
    expect(await settled(insert)).toBe(false);
    // The row is committed and the connection let go: a read needs neither the disk nor the write's caller.
    await expect(repo.getProject('acme')).resolves.toMatchObject({ name: 'acme' });
    const transaction = repo.transaction((tx) => tx.insertProject({ name: 'globex' }));
    await turn();
    expect(held.calls).toHaveLength(1);
    held.calls[0]?.finish();
    await expect(insert).resolves.toMatchObject({ name: 'acme' });
    // The transaction committed after the first sync had begun: it waits for a second.
    expect(await settled(transaction)).toBe(false);
    held.calls[1]?.finish();
    await expect(transaction).resolves.toMatchObject({ name: 'globex' });
  });

  it('syncs the real WAL file, and takes a file SQLite removed as synced', async () => {
    dir = makeTempDir();
    db = openDatabase(dir, { commitSync: 'thread-pool' });
    const repo = new SqliteRepository(db);
    await expect(repo.insertProject({ name: 'acme' })).resolves.toMatchObject({ name: 'acme' });
    await expect(syncWalFile(`${dir}/no-such-file-wal`)).resolves.toBeUndefined();
  });
});
