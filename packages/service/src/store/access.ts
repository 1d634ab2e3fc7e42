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
}
