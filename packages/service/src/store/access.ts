/**
 * What the per-entity queries in `entities/` need of a database, so that each entity's table and queries are
 * written once and run on SQLite (`SqliteAccess`) and PostgreSQL (`PgAccess`) alike.
 *
 * SQL is written in the dialect both accept: `?` positional parameters, or `@column` named ones fed by `toRow`
 * (`PgAccess` rewrites both to `$1, $2, ...`); `TRUE`/`FALSE` for flags; `ON CONFLICT ... DO UPDATE/NOTHING`.
 * Every method returns a Promise; a write that breaks a uniqueness rule throws `ConflictError`, one that names
 * a missing parent row `MissingReferenceError`.
 */
import type { Row, Table } from './table.js';

export const now = (): string => new Date().toISOString();

/** One statement with `?` parameters: a step of `Work`. */
export interface Sql {
  readonly text: string;
  readonly params: readonly unknown[];
}

/** What a statement answered: its rows (a SELECT's, or a write's RETURNING) and how many rows it changed. */
export interface SqlResult<R = Row> {
  rows: R[];
  changes: number;
}

/**
 * Statements that commit together, as a generator that yields each statement and is handed its result, so
 * the same code runs on both databases as each needs: SQLite runs the steps one after the other without
 * leaving the call, because a transaction that waited on the event loop would hold the file's write lock
 * while another connection of the process blocks on it; PostgreSQL awaits each step on one connection.
 * Write steps with `step`: `const { rows } = yield* step<Row>('SELECT ...', id)`.
 */
export type Work<T> = Generator<Sql, T, SqlResult<unknown>>;

export function* step<R = Row>(
  text: string,
  ...params: unknown[]
): Generator<Sql, SqlResult<R>, SqlResult<unknown>> {
  return (yield { text, params }) as SqlResult<R>;
}

export interface StoreAccess {
  /** The first row of `sql`, as an entity of `table`. */
  get<T>(table: Table<T>, sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T>(table: Table<T>, sql: string, ...params: unknown[]): Promise<T[]>;
  /**
   * Runs a write with named parameters (keys as in the SQL's `@name`s); returns how many rows it changed.
   * A constraint failure is reported as an error about `tableName`, with `conflictMessage` for a conflict.
   */
  run(sql: string, params: Row, constraint?: { table: string; conflictMessage: string }): Promise<number>;
  /** Runs a write with positional parameters; returns how many rows it changed. */
  change(sql: string, ...params: unknown[]): Promise<number>;
  /** The `n` column of the first row of a `SELECT count(*) AS n ...`. */
  count(sql: string, ...params: unknown[]): Promise<number>;
  /** Inserts `entity` as one row of `table`; a broken uniqueness rule throws `ConflictError(conflictMessage)`. */
  insert<T>(table: Table<T>, entity: T, conflictMessage: string): Promise<T>;
  /** The rows of `sql` as the database returns them, and how many rows it changed. */
  query<R = Row>(sql: string, ...params: unknown[]): Promise<SqlResult<R>>;
  /**
   * Runs `work` in one transaction (a savepoint inside one already open) and returns what it returns. It may
   * run more than once (PostgreSQL runs it again after a deadlock), so it has no effect but its statements.
   */
  atomically<T>(work: () => Work<T>): Promise<T>;
}
