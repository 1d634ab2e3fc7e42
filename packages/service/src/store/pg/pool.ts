/**
 * The service's PostgreSQL connection pool, opened from `SPLICE_DATABASE_URL` (or an explicit URL).
 *
 * `bigint` columns (epoch-millisecond times, counters, sequence numbers) come back as JS numbers rather than
 * node-postgres's default strings: every value the store keeps in one fits a double exactly, and the entity
 * code then reads the same types from both databases. Set per pool, so a builder's own pools are untouched.
 */
import pg from 'pg';

export type PgPool = pg.Pool;

/** The environment variable that switches the service from SQLite to PostgreSQL. */
export const databaseUrlVariable = 'SPLICE_DATABASE_URL';

/** The PostgreSQL URL the environment names, or undefined (then the service runs on SQLite). */
export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = env[databaseUrlVariable]?.trim();
  return url ? url : undefined;
}

export interface PgPoolOptions {
  /** Connections at most (default 10). Each service instance has its own pool: size the server for all. */
  max?: number;
  /** How long a query waits for a free or new connection before failing as unavailable (default 5 s). */
  connectionTimeoutMillis?: number;
}

const int8 = 20;
/** The pool's type parsers: node-postgres's, with `bigint` as number. */
export const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export function openPgPool(url: string, options: PgPoolOptions = {}): PgPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Without a bound, a request would wait forever for a connection while the server is down.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    types: pgTypes,
  });
  // An idle connection the server drops (a restart, a failover) is discarded by the pool; without a listener
  // its 'error' event would end the process. The next query opens a new connection.
  pool.on('error', () => {});
  // The same for a client that is checked out (a transaction awaiting its caller) when the server goes: its
  // next query fails and the caller sees that (a 503); an unheard 'error' event would end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
