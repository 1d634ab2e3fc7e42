import { statSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations, sqliteVersionsBeforeLedger } from './migrations.js';
import {
  apiCheckpointAfterPages,
  databaseFileName,
  ledgerApplicationId,
  openDatabase,
  schemaVersion,
} from './open-database.js';
import { makeTempDir, removeDir } from './test-helpers.js';

const latest = migrations.at(-1)!.version;

describe('openDatabase', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir();
  });
  afterEach(() => removeDir(dir));

  it('creates the data directory and applies the durability pragmas', () => {
    const db = openDatabase(`${dir}/nested/data`);
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      // 2 = FULL
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      db.close();
    }
  });

  it('leaves copying the WAL back to other connections until it holds `checkpointAfterPages`', () => {
    const fileSize = () => statSync(path.join(dir, databaseFileName)).size;
    // A writer that never checkpoints fills the WAL with about 2,000 pages.
    const writer = openDatabase(dir, { checkpointAfterPages: 0 });
    writer.exec('CREATE TABLE filler (b BLOB)');
    const fill = writer.prepare('INSERT INTO filler VALUES (zeroblob(?))');
    fill.run(2_000 * 4096);
    const before = fileSize();
    const api = openDatabase(dir, { checkpointAfterPages: apiCheckpointAfterPages });
    expect(fileSize()).toBe(before);
    api.prepare('INSERT INTO filler VALUES (?)').run(Buffer.from([1]));
    expect(fileSize()).toBe(before);
    const byDefault = openDatabase(dir);
    try {
      // At SQLite's default threshold, the same small commit copies the writer's pages into the file.
      byDefault.prepare('INSERT INTO filler VALUES (?)').run(Buffer.from([2]));
      expect(fileSize()).toBeGreaterThan(before + 1_000 * 4096);
    } finally {
      for (const db of [writer, api, byDefault]) db.close();
    }
  });

  it('runs every migration once and records the version', () => {
    const first = openDatabase(dir);
    expect(schemaVersion(first)).toBe(latest);
    first.close();
    // Reopening must not re-run migration 1 (it would fail on the existing tables).
    const second = openDatabase(dir);
    expect(schemaVersion(second)).toBe(latest);
    const tables = second
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'connections',
        'groups',
        'installations',
        'integrations',
        'invites',
        'orgs',
        'projects',
      ]),
    );
    second.close();
  });

  it('refuses a database written by a newer build', () => {
    const db = openDatabase(dir);
    db.pragma(`user_version = ${latest + 1}`);
    db.close();
    expect(() => openDatabase(dir)).toThrow(/newer than this build/);
  });

  /**
   * A file as a build before the shared ledger left it: SQLite's own list of migrations, the first `count`
   * of them applied, `user_version` counting them, no application id.
   */
  function fileBeforeLedger(count: number): void {
    const db = new Sqlite(path.join(dir, databaseFileName));
    for (const version of sqliteVersionsBeforeLedger.slice(0, count)) {
      db.exec(migrations.find((m) => m.version === version)!.sqlite);
    }
    db.pragma(`user_version = ${count}`);
    db.prepare(`INSERT INTO projects (id, name, create_time) VALUES ('p1', 'demo', '2026-01-01')`).run();
    db.close();
  }

  it("upgrades a file at the old list's latest version without running any migration again", () => {
    fileBeforeLedger(sqliteVersionsBeforeLedger.length);
    // Running the display name's migration again would fail on the existing column.
    const db = openDatabase(dir);
    try {
      expect(schemaVersion(db)).toBe(latest);
      expect(db.pragma('application_id', { simple: true })).toBe(ledgerApplicationId);
      expect(db.prepare('SELECT id, display_name FROM projects').all()).toEqual([
        { id: 'p1', display_name: null },
      ]);
    } finally {
      db.close();
    }
    // Reopened, it is read in the ledger's numbering: nothing runs.
    openDatabase(dir).close();
  });

  it('upgrades a file of the old list that lacks its last migration, skipping none', () => {
    fileBeforeLedger(sqliteVersionsBeforeLedger.length - 1);
    const db = openDatabase(dir);
    try {
      expect(schemaVersion(db)).toBe(latest);
      const columns = (db.pragma('table_info(projects)') as { name: string }[]).map((c) => c.name);
      expect(columns).toContain('display_name');
    } finally {
      db.close();
    }
  });

  it("moves each delivery's body to a table of its own, which loses it with its message", () => {
    const before = migrations.filter((m) => m.version < 18);
    const old = new Sqlite(path.join(dir, databaseFileName));
    for (const migration of before) old.exec(migration.sqlite);
    old.pragma(`user_version = ${before.at(-1)!.version}`);
    old.pragma(`application_id = ${ledgerApplicationId}`);
    const insert = old.prepare(
      `INSERT INTO deliveries (id, operation_id, project_id, installation_id, object_name, destination_name,
         body, num_records, status, next_attempt_time, create_time)
       VALUES (?, 'op', 'p1', 'i1', 'contacts', 'hook', ?, 1, 'pending', 5, '2026-01-01')`,
    );
    insert.run('m1', '{"records":[1]}');
    insert.run('m2', '{"records":[2]}');
    old.close();

    const db = openDatabase(dir);
    try {
      const columns = (db.pragma('table_info(deliveries)') as { name: string }[]).map((c) => c.name);
      expect(columns).not.toContain('body');
      expect(db.prepare('SELECT id, status, next_attempt_time FROM deliveries ORDER BY seq').all()).toEqual([
        { id: 'm1', status: 'pending', next_attempt_time: 5 },
        { id: 'm2', status: 'pending', next_attempt_time: 5 },
      ]);
      const bodies = db.prepare('SELECT id, body FROM delivery_bodies ORDER BY id');
      expect(bodies.all()).toEqual([
        { id: 'm1', body: '{"records":[1]}' },
        { id: 'm2', body: '{"records":[2]}' },
      ]);
      // A delivered message is deleted, and its body with it.
      db.prepare("DELETE FROM deliveries WHERE id = 'm1'").run();
      expect(bodies.all()).toEqual([{ id: 'm2', body: '{"records":[2]}' }]);
    } finally {
      db.close();
    }
  });
});
