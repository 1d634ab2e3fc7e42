/**
 * Both operation stores on a fresh database for the contract tests: SQLite in a temp directory, or a
 * PostgreSQL database of the test file's server. Each seeds the rows an installation needs (project,
 * integration, group, connection), since the read tables refer to installations.
 */
import type { RunningPostgres } from '@splice/testing-postgres';
import type pg from 'pg';
import { openDatabase } from '../store/open-database.js';
import { migratePostgres, openPgPool } from '../store/pg/index.js';
import { PgOperationStore, type PgOperationStoreOptions } from '../store/pg/pg-operation-store.js';
import { makeTempDir, removeDir } from '../store/test-helpers.js';
import type { OperationStore } from './operation-store.js';
import { SqliteOperationStore } from './sqlite-operation-store.js';

export interface StoreUnderTest {
  store: OperationStore;
  /** Adds an installation whose current config has id `configId`. */
  addInstallation(id: string, configId?: string): Promise<void>;
  /** The installation's `last_operation_status`. */
  lastStatus(id: string): Promise<string | null>;
  close(): Promise<void>;
}

const created = '2026-01-01T00:00:00.000Z';
const config = (configId: string) => JSON.stringify({ id: configId, content: { provider: 'hubspot' } });

export function sqliteStore(): StoreUnderTest {
  const dir = makeTempDir();
  const db = openDatabase(dir);
  db.prepare('INSERT INTO projects (id, name, create_time) VALUES (?, ?, ?)').run('p', 'p', created);
  db.prepare(
    `INSERT INTO integrations (id, project_id, name, provider, create_time, revision_id, spec_version, content)
     VALUES ('int', 'p', 'crm', 'hubspot', ?, 'r1', '1.0.0', '{}')`,
  ).run(created);
  db.prepare(
    `INSERT INTO groups (project_id, group_ref, group_name, create_time) VALUES ('p', 'g', 'g', ?)`,
  ).run(created);
  db.prepare(
    `INSERT INTO connections (id, project_id, provider, group_ref, consumer_ref, status, auth_scheme, is_default,
       create_time, credentials) VALUES ('c', 'p', 'hubspot', 'g', 'u', 'working', 'none', 0, ?, '{}')`,
  ).run(created);
  return {
    store: new SqliteOperationStore(db),
    async addInstallation(id, configId = `${id}-config`) {
      // A group installs an integration once: each installation gets a group of its own.
      db.prepare(
        'INSERT INTO groups (project_id, group_ref, group_name, create_time) VALUES (?, ?, ?, ?)',
      ).run('p', `g-${id}`, id, created);
      db.prepare(
        `INSERT INTO installations (id, project_id, integration_id, group_ref, connection_id, health_status,
           create_time, created_by, config) VALUES (?, 'p', 'int', ?, 'c', 'healthy', ?, 'u', ?)`,
      ).run(id, `g-${id}`, created, config(configId));
    },
    async lastStatus(id) {
      return db.prepare('SELECT last_operation_status FROM installations WHERE id = ?').pluck().get(id) as
        | string
        | null;
    },
    async close() {
      db.close();
      removeDir(dir);
    },
  };
}

/** A migrated PostgreSQL database of `server` with the seed rows; `storesOn` adds more stores on it. */
export async function pgDatabase(server: RunningPostgres, name: string) {
  const pool = openPgPool(await server.createDatabase(name));
  await migratePostgres(pool);
  await pool.query(`INSERT INTO projects (id, name, create_time) VALUES ('p', 'p', $1)`, [created]);
  await pool.query(
    `INSERT INTO integrations (id, project_id, name, provider, create_time, revision_id, spec_version, content)
     VALUES ('int', 'p', 'crm', 'hubspot', $1, 'r1', '1.0.0', '{}')`,
    [created],
  );
  await pool.query(
    `INSERT INTO groups (project_id, group_ref, group_name, create_time) VALUES ('p', 'g', 'g', $1)`,
    [created],
  );
  await pool.query(
    `INSERT INTO connections (id, project_id, provider, group_ref, consumer_ref, status, auth_scheme, is_default,
       create_time, credentials) VALUES ('c', 'p', 'hubspot', 'g', 'u', 'working', 'none', false, $1, '{}')`,
    [created],
  );
  return pool;
}

export async function pgStore(
  server: RunningPostgres,
  name: string,
  options: PgOperationStoreOptions = {},
): Promise<StoreUnderTest & { pool: pg.Pool }> {
  const pool = await pgDatabase(server, name);
  return {
    pool,
    store: new PgOperationStore(pool, options),
    async addInstallation(id, configId = `${id}-config`) {
      await pool.query(
        `INSERT INTO groups (project_id, group_ref, group_name, create_time) VALUES ('p', $1, $2, $3)`,
        [`g-${id}`, id, created],
      );
      await pool.query(
        `INSERT INTO installations (id, project_id, integration_id, group_ref, connection_id, health_status,
           create_time, created_by, config) VALUES ($1, 'p', 'int', $2, 'c', 'healthy', $3, 'u', $4)`,
        [id, `g-${id}`, created, config(configId)],
      );
    },
    async lastStatus(id) {
      const { rows } = await pool.query('SELECT last_operation_status FROM installations WHERE id = $1', [
        id,
      ]);
      return (rows[0]?.last_operation_status as string | null) ?? null;
    },
    close: () => pool.end(),
  };
}
