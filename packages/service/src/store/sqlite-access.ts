/**
 * What every entity's queries share: a statement cache over one better-sqlite3 connection, typed row reads,
 * the translation of SQLite constraint failures into the store's typed errors, and the clock.
 */
import type { Database, Statement } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import { ConflictError, MissingReferenceError } from './errors.js';
import type { Row, Table } from './table.js';
import { insertSql, toEntity, toRow } from './table.js';

export const now = (): string => new Date().toISOString();

export class SqliteAccess {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Database) {
    this.#db = db;
  }

  /** Prepares each distinct SQL text once; the cache is bounded by the fixed set of statements in `entities/`. */
  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** The first row of `sql`, as an entity of `table`. */
  get<T>(table: Table<T>, sql: string, ...params: unknown[]): T | undefined {
    const row = this.#statement(sql).get(...params) as Row | undefined;
    return row && toEntity(table, row);
  }

  all<T>(table: Table<T>, sql: string, ...params: unknown[]): T[] {
    return (this.#statement(sql).all(...params) as Row[]).map((row) => toEntity(table, row));
  }

  run(sql: string, params: Row): void {
    this.#statement(sql).run(params);
  }

  /** Runs a write with positional parameters; returns how many rows it changed. */
  change(sql: string, ...params: unknown[]): number {
    return this.#statement(sql).run(...params).changes;
  }

  /** The `n` column of the first row of a `SELECT count(*) AS n ...`. */
  count(sql: string, ...params: unknown[]): number {
    return (this.#statement(sql).get(...params) as { n: number }).n;
  }

  /**
   * Inserts `entity` as one row of `table`. A broken uniqueness rule throws `ConflictError` with
   * `conflictMessage`, a missing parent row `MissingReferenceError`.
   */
  insert<T>(table: Table<T>, entity: T, conflictMessage: string): T {
    translateConstraint(table.name, conflictMessage, () => this.run(insertSql(table), toRow(table, entity)));
    return entity;
  }

  /** A synchronous transaction; inside an open one (see `SqliteRepository.transaction`) a savepoint. */
  transaction<T>(fn: () => T): T {
    return this.#db.transaction(fn)();
  }

  /** Runs transaction control (BEGIN, COMMIT, SAVEPOINT ...) on the connection. */
  exec(sql: string): void {
    this.#db.exec(sql);
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
