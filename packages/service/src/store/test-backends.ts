/**
 * The two databases a store contract suite runs against: a fresh SQLite file, or a fresh database on one
 * embedded PostgreSQL server per test file (started on first use, stopped by `stopTestPostgres`).
 */
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import type { Database } from './open-database.js';
import { openDatabase } from './open-database.js';
import { migratePostgres } from './pg/migrate.js';
import type { PgPool } from './pg/pool.js';
import { openPgPool } from './pg/pool.js';
import { makeTempDir, removeDir } from './test-helpers.js';

export type OpenedStore =
  | { kind: 'sqlite'; db: Database; close(): Promise<void> }
  | { kind: 'postgres'; pool: PgPool; close(): Promise<void> };

let server: Promise<RunningPostgres> | undefined;
let databases = 0;

export const storeBackends: { name: 'SQLite' | 'PostgreSQL'; open(): Promise<OpenedStore> }[] = [
  {
    name: 'SQLite',
    async open() {
      const dir = makeTempDir();
      // As the service opens it: commits synced in the thread pool.
      const db = openDatabase(dir, { commitSync: 'thread-pool' });
      return {
        kind: 'sqlite',
        db,
        close: async () => {
          db.close();
          removeDir(dir);
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      server ??= startPostgres();
      const pool = openPgPool(await (await server).createDatabase(`store_${++databases}`));
      await migratePostgres(pool);
      return { kind: 'postgres', pool, close: () => pool.end() };
    },
  },
];

/** Call from the file's `afterAll`. */
export async function stopTestPostgres(): Promise<void> {
  const running = server;
  server = undefined;
  await (await running)?.stop();
}
