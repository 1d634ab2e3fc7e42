/**
 * SQLite's dialect finds the work of its read loop through indexes over what is open: a service that has
 * run a million reads must not read them all again each time it looks for the next page to read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Sql } from '../access.js';
import { type Database, openDatabase } from '../open-database.js';
import { makeTempDir, removeDir } from '../test-helpers.js';
import { sqliteOperations } from './dialect.js';

let dir: string | undefined;
let db: Database | undefined;
afterEach(() => {
  db?.close();
  if (dir) removeDir(dir);
});

/** How SQLite runs `sql`: one line per step of its plan. */
const planOf = (database: Database, sql: Sql) =>
  (database.prepare(`EXPLAIN QUERY PLAN ${sql.text}`).all(...sql.params) as { detail: string }[]).map(
    (step) => step.detail,
  );

describe('sqliteOperations', () => {
  it("walks only the operations not done for the streams' heads, and answers them in order", () => {
    dir = makeTempDir();
    db = openDatabase(dir);
    const insert = db.prepare(`INSERT INTO read_operations (id, project_id, integration_id, installation_id,
      config_id, object_name, read_type, status, phase, until_time, create_time, update_time)
      VALUES (?, 'p', 'i', ?, 'c', 'contacts', 'backfill', ?, ?, 't', 't', 't')`);
    for (let n = 0; n < 200; n++) insert.run(`done-${n}`, `installation-${n % 3}`, 'success', 'done');
    insert.run('first-of-a', 'installation-a', 'in_progress', 'delivering');
    insert.run('only-of-b', 'installation-b', 'in_progress', 'reading');
    insert.run('second-of-a', 'installation-a', 'in_progress', 'reading');

    const heads = sqliteOperations.headOperations(10);
    expect(planOf(db, heads)[0]).toBe('SCAN o USING INDEX read_operations_open');
    const ids = (db.prepare(heads.text).all(...heads.params) as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual(['first-of-a', 'only-of-b']);
  });
});
