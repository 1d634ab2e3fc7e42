/**
 * `StoreAccess` on PostgreSQL: runs the entity queries of `entities/`, written once in the dialect both
 * databases share, on a pool or on a transaction's client.
 *
 * The SQL's `?` and `@name` parameters become `$1, $2, ...` (rewritten once per statement text). JSON
 * columns are read as their text, as SQLite returns them, so `toEntity` parses both the same way.
 */
import pg from 'pg';
import type { SqlResult, StoreAccess, Work } from '../access.js';
import type { Row, Table } from '../table.js';
import { insertSql, toEntity, toRow } from '../table.js';
import { inTransaction, retryingDeadlocks } from './pg-transaction.js';
import { pgTypes } from './pool.js';
import type { ConstraintContext, PgQueryable } from './query.js';
import { queryPrepared, translatePgError } from './query.js';

const json = 114;
const jsonb = 3802;
const jsonAsText: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === json || oid === jsonb
      ? (value: string) => value
      : pgTypes.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

interface Statement {
  text: string;
  /** For `@name` statements: the parameter names in `$n` order. */
  names?: string[];
}

/** Bounded by the stores' fixed statement texts (a multi-row statement: one per row count, capped). */
const statements = new Map<string, Statement>();

/** Rewrites `@name` (named) or `?` (positional) parameters into PostgreSQL's `$n`. */
export function toPgStatement(sql: string): Statement {
  let statement = statements.get(sql);
  if (statement) return statement;
  if (sql.includes('@')) {
    const names: string[] = [];
    const text = sql.replace(/@([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      return `$${index + 1}`;
    });
    statement = { text, names };
  } else {
    let n = 0;
    statement = { text: sql.replace(/\?/g, () => `$${++n}`) };
  }
  statements.set(sql, statement);
  return statement;
}

export class PgAccess implements StoreAccess {
  readonly #db: PgQueryable;

  constructor(db: PgQueryable) {
    this.#db = db;
  }

  async #query(sql: string, params: readonly unknown[] | Row, constraint?: ConstraintContext) {
    try {
      return await run(this.#db, sql, params);
    } catch (error) {
      throw translatePgError(error, constraint);
    }
  }

  async get<T>(table: Table<T>, sql: string, ...params: unknown[]): Promise<T | undefined> {
    const row = (await this.#query(sql, params)).rows[0];
    return row && toEntity(table, row);
  }

  async all<T>(table: Table<T>, sql: string, ...params: unknown[]): Promise<T[]> {
    return (await this.#query(sql, params)).rows.map((row) => toEntity(table, row));
  }

  async run(sql: string, params: Row, constraint?: ConstraintContext): Promise<number> {
    return (await this.#query(sql, params, constraint)).changes;
  }

  async change(sql: string, ...params: unknown[]): Promise<number> {
    return (await this.#query(sql, params)).changes;
  }

  async count(sql: string, ...params: unknown[]): Promise<number> {
    return Number((await this.#query(sql, params)).rows[0]?.n ?? 0);
  }

  async insert<T>(table: Table<T>, entity: T, conflictMessage: string): Promise<T> {
    await this.run(insertSql(table), toRow(table, entity), { table: table.name, conflictMessage });
    return entity;
  }

  /** On the pool, a statement PostgreSQL aborted in a deadlock (it changed nothing) is run again. */
  async query<R>(sql: string, ...params: unknown[]): Promise<SqlResult<R>> {
    const db = this.#db;
    if (!(db instanceof pg.Pool)) return (await this.#query(sql, params)) as SqlResult<R>;
    return (await retryingDeadlocks(() => run(db, sql, params))) as SqlResult<R>;
  }

  /** On the pool, its own transaction, run again after a deadlock; on a transaction's client, a savepoint. */
  async atomically<T>(work: () => Work<T>): Promise<T> {
    const db = this.#db;
    if (db instanceof pg.Pool) return inTransaction(db, (client) => drive(client, work()));
    await this.#query('SAVEPOINT work', []);
    try {
      const result = await drive(db, work());
      await this.#query('RELEASE SAVEPOINT work', []);
      return result;
    } catch (error) {
      await db.query('ROLLBACK TO SAVEPOINT work').catch(() => {});
      throw translatePgError(error);
    }
  }
}

/** Runs one statement; errors come back as the driver reports them. */
async function run(db: PgQueryable, sql: string, params: readonly unknown[] | Row): Promise<SqlResult<Row>> {
  const statement = toPgStatement(sql);
  const values = Array.isArray(params)
    ? params
    : (statement.names ?? []).map((name) => (params as Row)[name] ?? null);
  const result = await queryPrepared(db, statement.text, values, jsonAsText);
  return { rows: result.rows as Row[], changes: result.rowCount ?? 0 };
}

async function drive<T>(db: PgQueryable, steps: Work<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) next = steps.next(await run(db, next.value.text, next.value.params));
  return next.value;
}
