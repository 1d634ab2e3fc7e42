/**
 * The SQLite implementation of `Repository` (better-sqlite3): the entity queries of `EntityRepository` over
 * one connection (`SqliteAccess`).
 *
 * Transactions: one connection holds at most one transaction, and a transaction's body may await, so
 * `transaction` takes the connection for itself (BEGIN IMMEDIATE ... COMMIT) and every other call on this
 * repository waits until it ends; calls through its `tx` run at once. A call outside a transaction also takes
 * the connection while it runs, so its statements (an id lookup then a name lookup, say) never land inside
 * another caller's open transaction.
 */
import type { Database } from 'better-sqlite3';
import type { StoreAccess } from './access.js';
import { EntityRepository } from './entity-repository.js';
import type { Repository } from './repository.js';
import { SqliteAccess } from './sqlite-access.js';

/** The connection's one open transaction or call, if any: other callers wait for `ended`. */
interface ConnectionState {
  open?: { ended: Promise<void> };
  savepoints: number;
}

export class SqliteRepository extends EntityRepository {
  readonly #db: SqliteAccess;
  readonly #state: ConnectionState;
  /** Set on the `tx` of a transaction: its calls run inside it, without waiting. */
  readonly #inside: { active: boolean } | undefined;

  constructor(db: Database | SqliteAccess, state?: ConnectionState, inside?: { active: boolean }) {
    super();
    this.#db = db instanceof SqliteAccess ? db : new SqliteAccess(db, { callerAwaitsSync: true });
    this.#state = state ?? { savepoints: 0 };
    this.#inside = inside;
  }

  /**
   * Waits until no other caller holds the connection, then holds it while `body` runs. What `body` committed
   * is on disk before this resolves; the connection is let go first, so the next caller does not wait for
   * the disk too (./commit-sync.ts).
   */
  async #exclusive<T>(body: () => Promise<T>): Promise<T> {
    while (this.#state.open) await this.#state.open.ended;
    let end!: () => void;
    this.#state.open = { ended: new Promise<void>((resolve) => (end = resolve)) };
    const before = this.#db.lastCommit;
    try {
      return await body();
    } finally {
      this.#state.open = undefined;
      end();
      if (this.#db.lastCommit !== before) await this.#db.onDisk(this.#db.lastCommit);
    }
  }

  protected use<T>(body: (db: StoreAccess) => Promise<T>): Promise<T> {
    if (this.#inside) {
      if (!this.#inside.active) return Promise.reject(new Error('a transaction was used after it ended'));
      return body(this.#db);
    }
    return this.#exclusive(() => body(this.#db));
  }

  async transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T> {
    if (this.#inside) {
      if (!this.#inside.active) throw new Error('a transaction was used after it ended');
      const name = `sp${++this.#state.savepoints}`;
      this.#db.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(this);
        this.#db.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        this.#db.exec(`ROLLBACK TO ${name}`);
        this.#db.exec(`RELEASE ${name}`);
        throw error;
      }
    }
    return this.#exclusive(async () => {
      const inside = { active: true };
      try {
        await this.#db.execWhenUnlocked('BEGIN IMMEDIATE');
        try {
          const result = await fn(new SqliteRepository(this.#db, this.#state, inside));
          this.#db.commit();
          return result;
        } catch (error) {
          if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
          throw error;
        }
      } finally {
        inside.active = false;
      }
    });
  }
}
