/**
 * What the stores need of node-postgres: `query` with parameters. A `pg.Pool` has it, so does a
 * `pg.Client`; typed here rather than imported so that `@splice/bff/postgres` adds no types of `pg` to a
 * builder's program and loads `pg` only when given a connection string.
 */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

/** Where a store keeps its rows: the builder's pool, or a connection string for a pool of its own. */
export type PostgresConnection =
  | { pool: PostgresQueryable; connectionString?: never }
  | { connectionString: string; pool?: never; maxConnections?: number };

export type PostgresStoreOptions = PostgresConnection & {
  /** Create the tables on first use (default true); false when `migrateBffTables` ran at deploy time. */
  createTables?: boolean;
  /** How often expired rows are deleted, at most, in milliseconds. Default 60,000. */
  sweepEveryMs?: number;
};

/** A pool the store opened itself (from a connection string) is ended by `close()`; a passed one is not. */
export interface OwnedPool {
  queryable: PostgresQueryable;
  close(): Promise<void>;
}

export function openPool(connection: PostgresConnection): OwnedPool {
  if (connection.pool) return { queryable: connection.pool, close: async () => {} };
  const { connectionString } = connection;
  if (typeof connectionString !== 'string' || connectionString === '')
    throw new TypeError('@splice/bff/postgres: pass a pg Pool as `pool` or a `connectionString`.');
  // `pg` is imported on first use only: builders who pass their own pool need not install it twice.
  const pool = import('pg').then(({ default: pg }) => {
    const opened = new pg.Pool({ connectionString, max: connection.maxConnections ?? 10 });
    // An idle connection the server drops (a restart, a failover) is discarded by the pool; without a
    // listener its 'error' event would end the process. The next query opens a new connection.
    opened.on('error', () => {});
    return opened;
  });
  return {
    queryable: { query: async (text, values) => (await pool).query(text, values) },
    close: async () => (await pool).end(),
  };
}
