/**
 * A commit's fsync in libuv's thread pool instead of on the event loop's thread.
 *
 * With `synchronous=FULL`, SQLite fsyncs the WAL file inside each commit, and better-sqlite3 commits on the
 * event loop's thread: every request the process holds waits for the disk. Beside a worker process whose
 * connection commits without an fsync (the read engine's), the disk has the worker's pages to write too,
 * so one of the API's commits took 2.5 ms on average and up to 20 ms.
 *
 * A connection opened with `commitSync: 'thread-pool'` commits with `synchronous=NORMAL` (the WAL is written
 * but not synced) and `SqliteAccess` resolves a write only after `fdatasync` of the WAL file has returned,
 * run in the thread pool while the event loop serves other requests. What a caller sees is FULL's promise:
 * a write that resolved survives a power cut. Writes that commit while one sync runs share the next one.
 *
 * One difference remains: another call can read a commit before its sync returns. Its writer has not been
 * answered yet; after a power cut in that window the row is gone, and so may be something a reader did with it.
 */
import { closeSync, fdatasync, openSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Database } from 'better-sqlite3';

const syncData = promisify(fdatasync);

/** Writes the WAL file's data to disk. */
export type SyncFile = (path: string) => Promise<void>;

/**
 * Opens the WAL file for each sync, so no descriptor outlives the connection; opening and closing are quick
 * enough for the event loop's thread, and the sync alone goes to the thread pool (one round trip). A missing
 * file is one SQLite removed when the last connection closed, after a checkpoint that synced the database.
 */
export const syncWalFile: SyncFile = async (path) => {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await syncData(fd);
  } finally {
    closeSync(fd);
  }
};

export class CommitSync {
  /** Commits counted so far; each gets the next number. */
  #committed = 0;
  /** Every commit up to this number is on disk. */
  #synced = 0;
  #running: Promise<void> | undefined;

  constructor(
    readonly walFile: string,
    readonly syncFile: SyncFile = syncWalFile,
  ) {}

  /** Counts a commit that has just returned; its number is what `onDisk` takes. */
  committed(): number {
    return ++this.#committed;
  }

  /**
   * Resolves once commit `commit` is on disk; rejects if the sync that should have written it failed (the
   * next call tries again). A sync that started before the commit does not count.
   */
  async onDisk(commit: number): Promise<void> {
    while (this.#synced < commit) {
      if (!this.#running) {
        const covers = this.#committed;
        this.#running = this.syncFile(this.walFile)
          .then(() => {
            this.#synced = Math.max(this.#synced, covers);
          })
          .finally(() => {
            this.#running = undefined;
          });
      }
      await this.#running;
    }
  }
}

const syncs = new WeakMap<Database, CommitSync>();

/** Makes `db`'s commits durable through `sync` (see `openDatabase`'s `commitSync`). */
export function syncCommitsOf(db: Database, sync = new CommitSync(`${db.name}-wal`)): CommitSync {
  syncs.set(db, sync);
  return sync;
}

/** The connection's commit sync; undefined when SQLite syncs inside each commit (or never: NORMAL). */
export function commitSyncOf(db: Database): CommitSync | undefined {
  return syncs.get(db);
}
