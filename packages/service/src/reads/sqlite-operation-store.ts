/**
 * `OperationStore` over the service's SQLite database (the read tables of migration 3 in
 * ../store/migrations.ts), for a service that runs as one process: the store written once
 * (`StoredOperations`) with SQLite's dialect, where nothing is claimed because one process writes alone.
 * better-sqlite3 is synchronous; each method does its work in one transaction that never waits on the
 * event loop, and hands back a settled Promise, so callers are written for a networked store already.
 *
 * It is meant to get a connection of its own opened with `synchronous = NORMAL`: a backfill commits a few
 * hundred times a second, and an fsync each would stall the event loop. A process crash (SIGKILL) loses no
 * committed transaction either way. A power cut may lose the last commits; since a page's messages and
 * its cursor commit together, the engine then reads those records again and nothing is lost, but messages
 * already delivered may arrive again under new ids.
 */
import type { Database } from 'better-sqlite3';
import { sqliteOperations } from '../store/operations/dialect.js';
import { StoredOperations } from '../store/operations/stored-operations.js';
import { SqliteAccess } from '../store/sqlite-access.js';

export class SqliteOperationStore extends StoredOperations {
  constructor(db: Database) {
    super(new SqliteAccess(db), sqliteOperations);
  }
}
