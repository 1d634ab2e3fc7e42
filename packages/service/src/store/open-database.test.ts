import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from './migrations.js';
import { openDatabase, schemaVersion } from './open-database.js';
import { makeTempDir, removeDir } from './test-helpers.js';

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

  it('runs every migration once and records the version', () => {
    const first = openDatabase(dir);
    expect(schemaVersion(first)).toBe(migrations.length);
    first.close();
    // Reopening must not re-run migration 1 (it would fail on the existing tables).
    const second = openDatabase(dir);
    expect(schemaVersion(second)).toBe(migrations.length);
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
    db.pragma(`user_version = ${migrations.length + 1}`);
    db.close();
    expect(() => openDatabase(dir)).toThrow(/newer than this build/);
  });
});
