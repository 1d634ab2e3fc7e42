import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, MissingReferenceError, StoreUnavailableError } from '../errors.js';
import { migrations } from '../migrations.js';
import { openDatabase } from '../open-database.js';
import { makeTempDir, removeDir } from '../test-helpers.js';
import { migratePostgres } from './migrate.js';
import type { PgPool } from './pool.js';
import { openPgPool } from './pool.js';
import { pgQuery } from './query.js';

const latest = migrations.at(-1)!.version;

describe('PostgreSQL foundation', () => {
  let server: RunningPostgres;
  const pools: PgPool[] = [];
  const pool = async (name: string) => {
    const opened = openPgPool(await server.createDatabase(name));
    pools.push(opened);
    return opened;
  };

  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await server?.stop();
  });

  it('migrates once when several instances start at the same moment', async () => {
    const url = await server.createDatabase('concurrent');
    const instances = [openPgPool(url), openPgPool(url), openPgPool(url)];
    pools.push(...instances);
    const results = await Promise.all(instances.map((p) => migratePostgres(p)));
    // Every version was applied by exactly one of them; each ends on the latest schema.
    expect(results.flatMap((r) => r.applied).sort((a, b) => a - b)).toEqual(migrations.map((m) => m.version));
    expect(results.map((r) => r.version)).toEqual([1, 2, 3].map(() => latest));
    const { rows } = await pgQuery<{ n: number }>(
      instances[0]!,
      'SELECT count(*)::int AS n FROM schema_migrations',
    );
    expect(rows[0]!.n).toBe(migrations.length);
    expect((await migratePostgres(instances[1]!)).applied).toEqual([]);
  });

  it('has every table and column of the SQLite schema, under the same names', async () => {
    const db = await pool('same_names');
    await migratePostgres(db);
    const dir = makeTempDir();
    const sqlite = openDatabase(dir);
    try {
      const tables = sqlite
        .prepare(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
        )
        .all() as { name: string }[];
      expect(tables.length).toBeGreaterThan(10);
      for (const { name } of tables) {
        const sqliteColumns = (sqlite.pragma(`table_info(${name})`) as { name: string }[]).map((c) => c.name);
        const { rows } = await pgQuery<{ column_name: string }>(
          db,
          `SELECT column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
          [name],
        );
        expect(
          rows.map((r) => r.column_name),
          name,
        ).toEqual(sqliteColumns);
      }
    } finally {
      sqlite.close();
      removeDir(dir);
    }
  });

  it('refuses a database that a newer build migrated', async () => {
    const db = await pool('newer');
    await migratePostgres(db);
    await pgQuery(db, 'INSERT INTO schema_migrations (version) VALUES ($1)', [latest + 1]);
    await expect(migratePostgres(db)).rejects.toThrow(/newer than this build/);
  });

  it('brings a database an earlier build migrated up to date, running only the later versions', async () => {
    const db = await pool('earlier');
    await pgQuery(
      db,
      'CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_time timestamptz)',
    );
    for (const migration of migrations.slice(0, 5)) {
      await pgQuery(db, migration.postgres);
      await pgQuery(db, 'INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
    }
    // Every later version, in order, and none of the five already applied.
    const later = migrations.slice(5).map((migration) => migration.version);
    expect(later[0]).toBe(6);
    expect((await migratePostgres(db)).applied).toEqual(later);
    const { rows } = await pgQuery<{ attstorage: string }>(
      db,
      `SELECT attstorage FROM pg_attribute WHERE attrelid = 'delivery_bodies'::regclass AND attname = 'body'`,
    );
    // Bodies are stored uncompressed (version 6 said so of the column they had before 18 moved them).
    expect(rows[0]!.attstorage).toBe('e');
  });

  it('translates constraint failures into the store errors', async () => {
    const db = await pool('constraints');
    await migratePostgres(db);
    const insertProject = 'INSERT INTO projects (id, name, create_time) VALUES ($1, $2, $3)';
    const on = { table: 'projects', conflictMessage: 'project name taken' };
    await pgQuery(db, insertProject, ['p1', 'demo', '2025-01-01T00:00:00.000Z'], on);
    const sameName = pgQuery(db, insertProject, ['p2', 'demo', '2025-01-01T00:00:00.000Z'], on);
    await expect(sameName).rejects.toThrow(ConflictError);
    await expect(sameName).rejects.toMatchObject({ entity: 'project', message: 'project name taken' });
    await expect(
      pgQuery(db, insertProject, ['p1', 'other', '2025-01-01T00:00:00.000Z'], on),
    ).rejects.toMatchObject({ message: 'project id already exists' });
    const orphan = pgQuery(
      db,
      'INSERT INTO groups (project_id, group_ref, group_name, create_time) VALUES ($1, $2, $3, $4)',
      ['nope', 'acme', 'Acme', '2025-01-01T00:00:00.000Z'],
      { table: 'groups', conflictMessage: 'group exists' },
    );
    await expect(orphan).rejects.toThrow(MissingReferenceError);
    // A statement error is not a store outcome: it passes through as the driver reported it.
    await expect(pgQuery(db, 'SELECT nope FROM projects', [], on)).rejects.toMatchObject({ code: '42703' });
  });

  it('reads bigint columns as numbers', async () => {
    const db = await pool('bigints');
    const { rows } = await pgQuery<{ n: number }>(db, 'SELECT 1732000000000::bigint AS n');
    expect(rows[0]!.n).toBe(1732000000000);
  });

  it('reports a server it cannot reach as StoreUnavailableError', async () => {
    // A port nothing listens on: the OS hands it out free and it is closed again at once.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const db = openPgPool(`postgres://postgres:x@127.0.0.1:${port}/gone`, { connectionTimeoutMillis: 1_000 });
    pools.push(db);
    await expect(pgQuery(db, 'SELECT 1')).rejects.toThrow(StoreUnavailableError);
    await expect(migratePostgres(db)).rejects.toThrow(StoreUnavailableError);
  });
});
