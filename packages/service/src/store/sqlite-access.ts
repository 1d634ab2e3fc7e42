/**
 * `StoreAccess` on SQLite: a statement cache over one better-sqlite3 connection, typed row reads, and the
 * translation of SQLite constraint failures into the store's typed errors. Each call runs its statement at
 * once, so a single call is atomic without a transaction; while another connection holds the lock it
 * needs, the call waits on a timer, not on the event loop's thread (./lock-wait.ts). On a connection whose
 * commits are synced in the thread pool, a write resolves once it is on disk (./commit-sync.ts).
 */
import type { Database, Statement } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import type { SqlResult, StoreAccess, Work } from './access.js';
import type { CommitSync } from './commit-sync.js';
import { commitSyncOf } from './commit-sync.js';
import { ConflictError, MissingReferenceError } from './errors.js';
import { whenUnlocked } from './lock-wait.js';
import type { Row, Table } from './table.js';
import { insertSql, toEntity, toRow } from './table.js';

export interface SqliteAccessOptions {
  /**
   * The caller holds the connection for each call and waits for its commits to reach the disk itself once
   * it lets go (`lastCommit`, `onDisk`), so calls waiting for the connection do not wait for the disk too.
   * Otherwise each write waits before it resolves. Only for a connection with a commit sync (./commit-sync.ts).
   */
  callerAwaitsSync?: boolean;
}

export class SqliteAccess implements StoreAccess {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();
  readonly #sync: CommitSync | undefined;
  readonly #callerAwaitsSync: boolean;
  #lastCommit = 0;

  constructor(db: Database, options: SqliteAccessOptions = {}) {
    this.#db = db;
    this.#sync = commitSyncOf(db);
    this.#callerAwaitsSync = options.callerAwaitsSync ?? false;
  }

  /**
   * Prepares each distinct SQL text once. The cache is bounded by the stores' fixed statements; a multi-row
   * statement adds one text per row count, and those are capped (see `rowsAtOnce`).
   */
  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async get<T>(table: Table<T>, sql: string, ...params: unknown[]): Promise<T | undefined> {
    const row = (await this.#call(sql, (statement) => statement.get(...params))) as Row | undefined;
    return row && toEntity(table, row);
  }

  async all<T>(table: Table<T>, sql: string, ...params: unknown[]): Promise<T[]> {
    const rows = (await this.#call(sql, (statement) => statement.all(...params))) as Row[];
    return rows.map((row) => toEntity(table, row));
  }

  async run(
    sql: string,
    params: Row,
    constraint?: { table: string; conflictMessage: string },
  ): Promise<number> {
    return this.#call(sql, (statement) => {
      const write = () => statement.run(params).changes;
      return constraint ? translateConstraint(constraint.table, constraint.conflictMessage, write) : write();
    });
  }

  async change(sql: string, ...params: unknown[]): Promise<number> {
    return this.#call(sql, (statement) => statement.run(...params).changes);
  }

  async count(sql: string, ...params: unknown[]): Promise<number> {
    return this.#call(sql, (statement) => (statement.get(...params) as { n: number }).n);
  }

  async insert<T>(table: Table<T>, entity: T, conflictMessage: string): Promise<T> {
    await this.run(insertSql(table), toRow(table, entity), { table: table.name, conflictMessage });
    return entity;
  }

  async query<R>(sql: string, ...params: unknown[]): Promise<SqlResult<R>> {
    return this.#call(sql, (statement) => this.#execute(statement, params) as SqlResult<R>);
  }

  /**
   * Runs every step before it returns: the transaction never waits on the event loop (see `Work`). Found
   * locked, it is rolled back and run again from its first step.
   */
  async atomically<T>(work: () => Work<T>): Promise<T> {
    let wrote = false;
    const transaction = this.#db.transaction(() => {
      wrote = false;
      const steps = work();
      let next = steps.next();
      while (!next.done) {
        const statement = this.#statement(next.value.text);
        wrote ||= !statement.readonly;
        next = steps.next(this.#execute(statement, next.value.params));
      }
      return next.value;
    });
    const result = await whenUnlocked(() => transaction());
    if (wrote) await this.#written();
    return result;
  }

  /** Runs one statement (waiting while another connection holds the lock it needs), synced if it wrote. */
  async #call<T>(sql: string, call: (statement: Statement) => T): Promise<T> {
    let wrote = false;
    const result = await whenUnlocked(() => {
      const statement = this.#statement(sql);
      const answer = call(statement);
      wrote = !statement.readonly;
      return answer;
    });
    if (wrote) await this.#written();
    return result;
  }

  /**
   * After a statement or a transaction that wrote: unless the caller does, waits until its commit is on disk.
   * A write inside an open transaction commits with it.
   */
  async #written(): Promise<void> {
    if (this.#db.inTransaction) return;
    const commit = this.#counted();
    if (!this.#callerAwaitsSync) await this.onDisk(commit);
  }

  /** Counts a commit that has just returned (0 without a commit sync). */
  #counted(): number {
    if (!this.#sync) return 0;
    this.#lastCommit = this.#sync.committed();
    return this.#lastCommit;
  }

  #execute(statement: Statement, params: readonly unknown[]): SqlResult<unknown> {
    if (statement.reader) {
      const rows = statement.all(...params);
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: statement.run(...params).changes };
  }

  /** Runs transaction control (BEGIN, SAVEPOINT, RELEASE ...) on the connection. */
  exec(sql: string): void {
    this.#db.exec(sql);
  }

  /** Commits the transaction `execWhenUnlocked('BEGIN ...')` opened; the caller awaits `onDisk`. */
  commit(): void {
    this.#db.exec('COMMIT');
    this.#counted();
  }

  /** `exec` for a statement that may find the database locked (BEGIN IMMEDIATE): waits for the lock. */
  execWhenUnlocked(sql: string): Promise<void> {
    return whenUnlocked(() => void this.#db.exec(sql));
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  /** The number of this access's latest commit (0 before its first), for `onDisk`. */
  get lastCommit(): number {
    return this.#lastCommit;
  }

  /** Resolves once commit `commit` of this connection is on disk (at once without a commit sync). */
  async onDisk(commit: number): Promise<void> {
    if (this.#sync && commit > 0) await this.#sync.onDisk(commit);
  }
}

/**
 * Runs a write and turns SQLite constraint failures into the store's typed errors, so callers never inspect
 * driver error codes. Other errors (I/O, a bug in a statement) pass through untouched.
 */
export function translateConstraint<T>(tableName: string, conflictMessage: string, write: () => T): T {
  // Error messages and `ConflictError.entity` use the singular (`installation`), tables the plural.
  const entity = tableName.replace(/s$/, '');
  try {
    return write();
  } catch (error) {
    if (error instanceof Sqlite.SqliteError) {
      if (error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new ConflictError(entity, conflictMessage, { cause: error });
      }
      if (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new ConflictError(entity, `${entity} id already exists`, { cause: error });
      }
      if (error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
        throw new MissingReferenceError(entity, `${entity} refers to a row that does not exist`, {
          cause: error,
        });
      }
    }
    throw error;
  }
}
