import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.js';
import { makeTempDir, removeDir } from './test-helpers.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the data directory', () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    root = makeTempDir();
    // No umask at all: the modes must come from the service, not from the shell that started it.
    umask = process.umask(0o000);
  });
  afterEach(() => {
    process.umask(umask);
    removeDir(root);
  });

  it('is created 0700, with the database and its WAL and shared-memory files 0600, and nothing to warn', () => {
    const dataDir = path.join(root, 'new', 'service');
    const warnings: string[] = [];
    const db = openDatabase(dataDir, { warn: (message) => warnings.push(message) });
    try {
      db.exec('CREATE TABLE t (x TEXT); INSERT INTO t VALUES (1)');
      expect(modeOf(dataDir)).toBe(0o700);
      for (const name of ['splice.db', 'splice.db-wal', 'splice.db-shm']) {
        expect({ name, mode: modeOf(path.join(dataDir, name)).toString(8) }).toEqual({ name, mode: '600' });
      }
    } finally {
      db.close();
    }
    expect(warnings).toEqual([]);
  });

  it('warns once about an existing directory or database others can reach, leaving their modes', () => {
    const dataDir = path.join(root, 'loose');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    openDatabase(dataDir, { warn: () => {} }).close();
    fs.chmodSync(path.join(dataDir, 'splice.db'), 0o644);
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    openDatabase(dataDir, { warn }).close();
    openDatabase(dataDir, { warn }).close();
    expect(warnings).toEqual([
      `${dataDir} is 0755: other users of this machine can reach the secrets in it. Run chmod 700 ${dataDir}.`,
      `${path.join(dataDir, 'splice.db')} is 0644: other users of this machine can reach the secrets in it. Run chmod 600 ${path.join(dataDir, 'splice.db')}.`,
    ]);
    expect(modeOf(dataDir)).toBe(0o755);
  });
});
