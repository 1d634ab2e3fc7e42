/**
 * `StoreAccess` on PostgreSQL: runs the entity queries of `entities/`, written once in the dialect both
 * databases share, on a pool or on a transaction's client.
 *
 * The SQL's `?` and `@name` parameters become `$1, $2, ...` (rewritten once per statement text). JSON
 * columns are read as their text, as SQLite returns them, so `toEntity` parses both the same way.
 */
import type pg from 'pg';
import type { StoreAccess } from '../access.js';
import type { Row, Table } from '../table.js';
import { insertSql, toEntity, toRow } from '../table.js';
import { pgTypes } from './pool.js';
import type { ConstraintContext, PgQueryable } from './query.js';
import { translatePgError } from './query.js';

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

/** Bounded by the fixed set of statement texts in `entities/`. */
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

  async #query(sql: string, params: unknown[] | Row, constraint?: ConstraintContext) {
    const statement = toPgStatement(sql);
    const values = Array.isArray(params)
      ? params
      : (statement.names ?? []).map((name) => (params as Row)[name] ?? null);
    try {
      const result = await this.#db.query({ text: statement.text, values, types: jsonAsText });
      return { rows: result.rows as Row[], changes: result.rowCount ?? 0 };
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
}
