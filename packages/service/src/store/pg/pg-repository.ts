/**
 * The PostgreSQL implementation of `Repository`: the entity queries of `EntityRepository` over a pool.
 *
 * A call outside a transaction takes any free connection of the pool. `transaction` checks one client out of
 * the pool and runs BEGIN ... COMMIT on it; its `tx` sends every call to that client, and a nested
 * `tx.transaction` is a savepoint. Other callers are not held up: PostgreSQL isolates them (READ COMMITTED),
 * and uniqueness rules still hold across instances. A client whose connection failed is discarded.
 */
import type pg from 'pg';
import type { StoreAccess } from '../access.js';
import { EntityRepository } from '../entity-repository.js';
import type { Repository } from '../repository.js';
import { PgAccess } from './pg-access.js';
import type { PgPool } from './pool.js';
import { isConnectionFailure, translatePgError } from './query.js';

interface Inside {
  client: pg.PoolClient;
  active: boolean;
  savepoints: number;
}

export class PgRepository extends EntityRepository {
  readonly #pool: PgPool;
  readonly #access: PgAccess;
  readonly #inside: Inside | undefined;

  constructor(pool: PgPool, inside?: Inside) {
    super();
    this.#pool = pool;
    this.#inside = inside;
    this.#access = new PgAccess(inside ? inside.client : pool);
  }

  protected use<T>(body: (db: StoreAccess) => Promise<T>): Promise<T> {
    if (this.#inside && !this.#inside.active) {
      return Promise.reject(new Error('a transaction was used after it ended'));
    }
    return body(this.#access);
  }

  async transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T> {
    if (this.#inside) return this.#savepoint(this.#inside, fn);
    let client: pg.PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw translatePgError(error);
    }
    const inside: Inside = { client, active: true, savepoints: 0 };
    let failure: unknown;
    try {
      await control(client, 'BEGIN');
      const result = await fn(new PgRepository(this.#pool, inside));
      await control(client, 'COMMIT');
      return result;
    } catch (error) {
      failure = error;
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      inside.active = false;
      client.release(isConnectionFailure(failure) ? (failure as Error) : undefined);
    }
  }

  async #savepoint<T>(inside: Inside, fn: (tx: Repository) => Promise<T>): Promise<T> {
    if (!inside.active) throw new Error('a transaction was used after it ended');
    const name = `sp${++inside.savepoints}`;
    await control(inside.client, `SAVEPOINT ${name}`);
    try {
      const result = await fn(this);
      await control(inside.client, `RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      // After a failed statement the transaction accepts nothing but this rollback.
      await control(inside.client, `ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
      throw error;
    }
  }
}

async function control(client: pg.PoolClient, sql: string): Promise<void> {
  try {
    await client.query(sql);
  } catch (error) {
    throw translatePgError(error);
  }
}
