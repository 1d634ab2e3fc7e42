/**
 * Opens the service's SQLite database and brings its schema up to date.
 *
 * Durability settings: WAL so readers never block the writer, `synchronous=FULL` so a transaction that
 * returned is on disk even after a power cut (NORMAL would only survive a process crash; see `commitSync` for
 * the same promise with the fsync off the event loop's thread), foreign keys on
 * (SQLite leaves them off by default), and a busy timeout so a second process (a CLI, a test) waits for the
 * write lock instead of failing at once. The data directory and the file are its owner's alone (./data-dir.ts).
 */
import type { Database } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import { syncCommitsOf } from './commit-sync.js';
import { prepareDataDir, type Warn } from './data-dir.js';
import { lockTimeoutMs } from './lock-wait.js';
import { migrations, sqliteVersionsBeforeLedger } from './migrations.js';

export type { Database } from 'better-sqlite3';

/** The database file's name inside the data directory. */
export const databaseFileName = 'splice.db';

export interface OpenDatabaseOptions {
  /**
   * NORMAL: a committed transaction survives a crash of the process (SIGKILL included) but not a power cut;
   * commits cost no fsync. The read engine's own connection uses it (see `SqliteOperationStore`).
   */
  synchronous?: 'FULL' | 'NORMAL';
  /**
   * Where a FULL connection's fsync runs. 'in-commit' (the default): inside SQLite's commit, on the calling
   * thread. 'thread-pool': after the commit, in libuv's thread pool, awaited by `SqliteAccess` before a write
   * resolves (./commit-sync.ts); only writes through `SqliteAccess` are synced, so the service's stores
   * use it and scripts writing with better-sqlite3 directly keep the default.
   */
  commitSync?: 'in-commit' | 'thread-pool';
  /** Where warnings about a data directory others may read go. Default: stderr. */
  warn?: Warn;
  /**
   * How long a statement that finds the database locked waits inside SQLite, which sleeps on the calling
   * thread (default 5,000 ms). The service's own connections use 0: their calls wait on timers instead
   * (./lock-wait.ts), so a process's event loop never sleeps while another process writes. Opening and
   * migrating always wait inside SQLite, as two processes may open a new file at once.
   */
  busyTimeoutMs?: number;
  /**
   * How many pages the WAL may hold before a commit on this connection copies them back into the database
   * file (SQLite's `wal_autocheckpoint`, default 1,000). See `apiCheckpointAfterPages`.
   */
  checkpointAfterPages?: number;
}

/**
 * `checkpointAfterPages` for a process that answers requests while a worker process writes the same file
 * (`--role api`). SQLite runs the checkpoint on whichever connection commits once the WAL is past the
 * threshold, on that connection's thread: at the default, the API's commits would copy the worker's pages
 * back, 5 to 30 ms each time with the event loop waiting. At ten times the default the worker's own
 * commits reach the threshold first; an API whose worker writes nothing still checkpoints, so the WAL stays
 * bounded (about 40 MB of pages).
 */
export const apiCheckpointAfterPages = 10_000;

export function openDatabase(dataDir: string, options: OpenDatabaseOptions = {}): Database {
  const db = new Sqlite(prepareDataDir(dataDir, databaseFileName, options.warn));
  try {
    db.pragma('journal_mode = WAL');
    const syncsOffThread = options.synchronous !== 'NORMAL' && options.commitSync === 'thread-pool';
    db.pragma(`synchronous = ${syncsOffThread ? 'NORMAL' : (options.synchronous ?? 'FULL')}`);
    db.pragma('foreign_keys = ON');
    if (options.checkpointAfterPages !== undefined) {
      db.pragma(`wal_autocheckpoint = ${options.checkpointAfterPages}`);
    }
    db.pragma(`busy_timeout = ${lockTimeoutMs}`);
    migrate(db);
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? lockTimeoutMs}`);
    if (syncsOffThread) syncCommitsOf(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * The schema version of an open database: the ledger version of the last migration applied (see
 * `migrations`).
 */
export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * `application_id` of a file whose `user_version` counts in the ledger's versions. A file without it was
 * written before SQLite and PostgreSQL shared one ledger, when `user_version` counted SQLite's own list.
 */
export const ledgerApplicationId = 0x53504c43;

function migrate(db: Database): void {
  // IMMEDIATE takes the write lock before the version is read, so two processes opening a fresh file cannot
  // both decide to run the same migration. All pending migrations commit together with the version bump.
  db.transaction(() => {
    const current = ledgerVersion(db);
    const latest = migrations.at(-1)?.version ?? 0;
    if (current > latest) {
      // A newer build wrote this file; running older code on it could silently misread rows.
      throw new Error(`database schema version ${current} is newer than this build knows (${latest})`);
    }
    for (const migration of migrations) {
      if (migration.version > current && migration.sqlite.trim()) db.exec(migration.sqlite);
    }
    db.pragma(`user_version = ${latest}`);
    db.pragma(`application_id = ${ledgerApplicationId}`);
  }).immediate();
}

/** The file's schema version in the ledger's numbering, whichever numbering the file was written in. */
function ledgerVersion(db: Database): number {
  const version = schemaVersion(db);
  if (db.pragma('application_id', { simple: true }) === ledgerApplicationId || version === 0) return version;
  const ledger = sqliteVersionsBeforeLedger[version - 1];
  if (ledger === undefined) {
    throw new Error(`database schema version ${version} is newer than this build knows`);
  }
  return ledger;
}
