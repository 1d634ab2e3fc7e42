/**
 * The stores' statements run as named prepared statements: PostgreSQL parses and plans each text once per
 * connection instead of at every call. With a backfill storing hundreds of pages a second, parsing and
 * planning were a large share of the database's CPU, and every round trip of a transaction that holds a row
 * lock took longer for it (the lock's waiters with it).
 *
 * The stores' texts are a fixed set (a multi-row statement has one text per row count, capped), so the names
 * are bounded too. Behind PgBouncer in transaction mode this needs its protocol-level prepared statements
 * (`max_prepared_statements`, 1.21 and later); README's scaling section says so.
 */
import pg from 'pg';
import type { PgQueryable } from './query.js';

const names = new Map<string, string>();
let named = 0;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `splice_${++named}`;
    names.set(text, name);
  }
  return name;
}

/**
 * True for PostgreSQL's refusal to run a prepared plan whose result columns changed since it was prepared:
 * another instance's migration added a column to a table a `SELECT *` reads. The statement did nothing.
 */
export function isStalePlan(error: unknown): boolean {
  return (
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test((error as Error).message)
  );
}

/**
 * Runs `text` as a prepared statement. A stale plan gets the text a new name, so that each connection
 * prepares it afresh; outside a transaction the statement is then run again at once, inside one the error
 * goes up and the transaction is run again (`inTransaction`).
 */
export async function queryPrepared(
  db: PgQueryable,
  text: string,
  values: readonly unknown[],
  types?: pg.CustomTypesConfig,
): Promise<pg.QueryResult> {
  const config = () => ({ name: nameOf(text), text, values: values as unknown[], ...(types && { types }) });
  try {
    return await db.query(config());
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    names.delete(text);
    if (!(db instanceof pg.Pool)) throw error;
    return db.query(config());
  }
}
