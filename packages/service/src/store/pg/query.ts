/**
 * Running SQL on PostgreSQL with the store's typed errors: a broken uniqueness rule becomes `ConflictError`, a
 * missing parent row `MissingReferenceError` (as `translateConstraint` does for SQLite), and a database that
 * cannot be reached `StoreUnavailableError`, so routes answer 409/404/503 without knowing the driver.
 */
import pg from 'pg';
import { ConflictError, MissingReferenceError, StoreUnavailableError } from '../errors.js';

/** A pool or one checked-out client (inside a transaction): both answer `query`. */
export type PgQueryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** What a constraint failure is about: the table written and the message of its `ConflictError`. */
export interface ConstraintContext {
  table: string;
  conflictMessage: string;
}

/** The rows of `sql` (`$1`, `$2`, ... parameters), with every failure translated (see `translatePgError`). */
export async function pgQuery<R = Record<string, unknown>>(
  db: PgQueryable,
  sql: string,
  params: readonly unknown[] = [],
  constraint?: ConstraintContext,
): Promise<{ rows: R[]; rowCount: number }> {
  try {
    // With parameters it is one command (PostgreSQL takes no scripts with them) and is prepared; without,
    // it may be a script of several (a migration).
    const result = params.length > 0 ? await queryPrepared(db, sql, params) : await db.query(sql);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  } catch (error) {
    throw translatePgError(error, constraint);
  }
}

/*
 * Prepared statements: PostgreSQL parses and plans each of the stores' statements once per connection
 * instead of at every call. With a backfill storing hundreds of pages a second, parsing and planning were a
 * large share of the database's CPU, and every round trip of a transaction that holds a row lock took longer
 * for it (the lock's waiters with it).
 *
 * The stores' texts are a fixed set (a multi-row statement has one text per row count, capped), so the names
 * are bounded too. Behind PgBouncer in transaction mode this needs its protocol-level prepared statements
 * (`max_prepared_statements`, 1.21 and later); README's scaling section says so.
 */
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

/** Socket errors of a server that is down, restarting or unreachable. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that refuses work for now: class 08 (connection exception), 57P01-57P03 (shutting
 * down, crashed, starting up) and 53300 (too many connections).
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own errors for a connection that ended or never came, which carry no code. */
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended',
];

/** True when `error` says the database could not be reached, rather than that the statement was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || unavailableStates.has(code) || code.startsWith('08')) return true;
  }
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  if (error instanceof AggregateError && error.errors.some(isConnectionFailure)) return true;
  return unavailableMessages.some((message) => error.message.includes(message));
}

/**
 * True when `error`, or an error it was caused by, says the database could not be reached: what the service
 * answers 503 for, whichever store (or the read engine's) failed.
 */
export function unavailableStore(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (isConnectionFailure(e)) return true;
  }
  return false;
}

/**
 * The store's error for a driver error: constraint failures (with `constraint` given) and connection failures
 * are translated; anything else (a bug in a statement) is returned untouched.
 */
export function translatePgError(error: unknown, constraint?: ConstraintContext): unknown {
  if (isConnectionFailure(error)) {
    return error instanceof StoreUnavailableError
      ? error
      : new StoreUnavailableError('the database cannot be reached', { cause: error });
  }
  if (!constraint || !(error instanceof Error)) return error;
  // Error messages and `ConflictError.entity` use the singular (`installation`), tables the plural.
  const entity = constraint.table.replace(/s$/, '');
  const { code, constraint: name } = error as { code?: string; constraint?: string };
  if (code === '23505') {
    return name?.endsWith('_pkey')
      ? new ConflictError(entity, `${entity} id already exists`, { cause: error })
      : new ConflictError(entity, constraint.conflictMessage, { cause: error });
  }
  if (code === '23503') {
    return new MissingReferenceError(entity, `${entity} refers to a row that does not exist`, {
      cause: error,
    });
  }
  return error;
}
