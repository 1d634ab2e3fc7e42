/**
 * Waiting for SQLite's write lock without blocking the event loop.
 *
 * The API and the worker are two processes on one database file, and SQLite lets one connection write at a
 * time. SQLite's own busy handler waits by sleeping on the calling thread (1, 2, 5, 10 ms ... until the busy
 * timeout), and better-sqlite3 calls it on the event loop's thread: every request the process holds waits
 * with it, for as long as the other process's transaction takes plus the handler's rounding up. The
 * service's connections are opened with a busy timeout of 0 (`openDatabase`'s `busyTimeoutMs`), so a call
 * finds the lock taken at once, and `whenUnlocked` tries it again on a timer while the process serves other
 * requests.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Sqlite from 'better-sqlite3';

/** How long a call waits for a lock in all before it fails with SQLITE_BUSY (SQLite's busy timeout before). */
export const lockTimeoutMs = 5_000;
/** The longest pause between two tries: a lock is held for well under a millisecond most of the time. */
const maxPauseMs = 8;

/** SQLITE_BUSY and its extended codes (a snapshot that went stale, a WAL being recovered). */
function isBusy(error: unknown): boolean {
  return error instanceof Sqlite.SqliteError && error.code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `call` (one statement, or one whole transaction: it is run again from its start) and, while it fails
 * for a lock another connection holds, runs it again after a pause, for up to `timeoutMs`.
 */
export async function whenUnlocked<T>(call: () => T, timeoutMs = lockTimeoutMs): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pauseMs = 1; ; pauseMs = Math.min(2 * pauseMs, maxPauseMs)) {
    try {
      return call();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pauseMs > deadline) throw error;
    }
    await sleep(pauseMs);
  }
}
