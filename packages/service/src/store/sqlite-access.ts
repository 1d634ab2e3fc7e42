/**
 * `StoreAccess` on SQLite: a statement cache over one better-sqlite3 connection, typed row reads, and the
 * translation of SQLite constraint failures into the store's typed errors. Each call runs its statement at
 * once, so a single call is atomic without a transaction; while another connection holds the lock it
 * needs, the call waits on a timer, not on the event loop's thread (./lock-wait.ts).
 */
import type { Database, Statement } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import type { Sql, SqlResult, StoreAccess, Work } from './access.js';
import { ConflictError, MissingReferenceError } from './errors.js';
import { whenUnlocked } from './lock-wait.js';
import type { Row, Table } from './table.js';
import { insertSql, toEntity, toRow } from './table.js';

export class SqliteAccess implements StoreAccess {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Database) {
    this.#db = db;
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
    const row = (await whenUnlocked(() => this.#statement(sql).get(...params))) as Row | undefined;
    return row && toEntity(table, row);
  }

  async all<T>(table: Table<T>, sql: string, ...params: unknown[]): Promise<T[]> {
    const rows = (await whenUnlocked(() => this.#statement(sql).all(...params))) as Row[];
    return rows.map((row) => toEntity(table, row));
  }

  async run(
    sql: string,
    params: Row,
    constraint?: { table: string; conflictMessage: string },
  ): Promise<number> {
    const write = () => this.#statement(sql).run(params).changes;
    return whenUnlocked(() =>
      constraint ? translateConstraint(constraint.table, constraint.conflictMessage, write) : write(),
    );
  }

  async change(sql: string, ...params: unknown[]): Promise<number> {
    return whenUnlocked(() => this.#statement(sql).run(...params).changes);
  }

  async count(sql: string, ...params: unknown[]): Promise<number> {
    return whenUnlocked(() => (this.#statement(sql).get(...params) as { n: number }).n);
  }

  async insert<T>(table: Table<T>, entity: T, conflictMessage: string): Promise<T> {
    await this.run(insertSql(table), toRow(table, entity), { table: table.name, conflictMessage });
    return entity;
  }

  async query<R>(sql: string, ...params: unknown[]): Promise<SqlResult<R>> {
    return whenUnlocked(() => this.#execute({ text: sql, params }) as SqlResult<R>);
  }

  /**
   * Runs every step before it returns: the transaction never waits on the event loop (see `Work`). Found
   * locked, it is rolled back and run again from its first step.
   */
  async atomically<T>(work: () => Work<T>): Promise<T> {
    const transaction = this.#db.transaction(() => {
      const steps = work();
      let next = steps.next();
      while (!next.done) next = steps.next(this.#execute(next.value));
      return next.value;
    });
    return whenUnlocked(() => transaction());
  }

  #execute({ text, params }: Sql): SqlResult<unknown> {
    const statement = this.#statement(text);
    if (statement.reader) {
      const rows = statement.all(...params);
      return { rows, changes: rows.length };
    }
    return { rows: [], changes: statement.run(...params).changes };
  }

  /** Runs transaction control (BEGIN, COMMIT, SAVEPOINT ...) on the connection. */
  exec(sql: string): void {
    this.#db.exec(sql);
  }

  /** `exec` for a statement that may find the database locked (BEGIN IMMEDIATE): waits for the lock. */
  execWhenUnlocked(sql: string): Promise<void> {
    return whenUnlocked(() => void this.#db.exec(sql));
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction;
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
