/**
 * The stores' prepared statements on a real PostgreSQL: parsed once per connection, and still answering
 * after another connection's migration changed the columns a prepared `SELECT *` returns.
 */
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { step } from '../access.js';
import { PgAccess } from './pg-access.js';
import { openPgPool, type PgPool } from './pool.js';

describe('prepared statements', () => {
  let server: RunningPostgres;
  let url: string;
  let pool: PgPool;
  let databases = 0;

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });
  // One connection, so that every call below meets the statements an earlier call prepared.
  beforeEach(async () => {
    await pool?.end();
    url = await server.createDatabase(`prepared_${++databases}`);
    pool = openPgPool(url, { max: 1 });
    await pool.query('CREATE TABLE notes (id int PRIMARY KEY)');
    await pool.query('INSERT INTO notes (id) VALUES (1)');
  });

  /** A migration as another instance runs it: on a connection of its own. */
  const migrateElsewhere = async (sql: string) => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(sql);
    await other.end();
  };

  it('parses a statement once per connection, however often it runs', async () => {
    const db = new PgAccess(pool);
    for (let id = 1; id <= 3; id++) await db.query('SELECT id FROM notes WHERE id = ?', id);
    const { rows } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1',
      ['SELECT id FROM notes WHERE id = $1'],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('answers with the new columns after another connection added one, outside a transaction', async () => {
    const db = new PgAccess(pool);
    expect((await db.query('SELECT * FROM notes')).rows).toEqual([{ id: 1 }]);
    await migrateElsewhere("ALTER TABLE notes ADD COLUMN body text NOT NULL DEFAULT 'kept'");
    expect((await db.query('SELECT * FROM notes')).rows).toEqual([{ id: 1, body: 'kept' }]);
  });

  it('runs a transaction again whose prepared statement was planned before the migration', async () => {
    const db = new PgAccess(pool);
    const readAll = () =>
      db.atomically(function* () {
        yield* step('UPDATE notes SET id = id WHERE id = 1');
        return (yield* step('SELECT * FROM notes')).rows;
      });
    expect(await readAll()).toEqual([{ id: 1 }]);
    await migrateElsewhere("ALTER TABLE notes ADD COLUMN body text NOT NULL DEFAULT 'kept'");
    expect(await readAll()).toEqual([{ id: 1, body: 'kept' }]);
  });
});
