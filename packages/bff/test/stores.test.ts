import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryIdempotencyStore } from '../src/middleware/idempotency/store.js';
import { MemoryRateLimitStore } from '../src/middleware/rate-limit/store.js';
import { migrateBffTables, PostgresIdempotencyStore, PostgresRateLimitStore } from '../src/postgres/index.js';
import { describeStoreContract } from './helpers/store-contract.js';

let postgres: RunningPostgres;
let pool: pg.Pool;
beforeAll(async () => {
  postgres = await startPostgres();
  pool = new pg.Pool({ connectionString: await postgres.createDatabase('bff_stores'), max: 20 });
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool?.end();
  await postgres?.stop();
});

describeStoreContract('memory', {
  idempotency: (now) => new MemoryIdempotencyStore(10_000, now),
  rateLimit: () => new MemoryRateLimitStore(),
});

describeStoreContract('PostgreSQL', {
  idempotency: (now) => new PostgresIdempotencyStore({ pool, now }),
  rateLimit: () => new PostgresRateLimitStore({ pool }),
});

describe('PostgreSQL stores', () => {
  it('share their rows between instances, as replicas do', async () => {
    const one = new PostgresIdempotencyStore({ pool });
    const two = new PostgresIdempotencyStore({ pool });
    await one.claim('shared-key', 'f1', 5_000);
    expect(await two.claim('shared-key', 'f2', 5_000)).toEqual({ state: 'pending', fingerprint: 'f1' });
    const limitOne = new PostgresRateLimitStore({ pool });
    const limitTwo = new PostgresRateLimitStore({ pool });
    await limitOne.hit('shared-session', 60_000, 0);
    expect((await limitTwo.hit('shared-session', 60_000, 1)).count).toBe(2);
  });

  it('create their tables once, even when several replicas start together', async () => {
    const url = await postgres.createDatabase('bff_migrate');
    const stores = Array.from({ length: 6 }, () => new PostgresIdempotencyStore({ connectionString: url }));
    try {
      const claims = await Promise.all(stores.map((store) => store.claim('first-use', 'f', 5_000)));
      expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
      const own = new pg.Client({ connectionString: url });
      await own.connect();
      await migrateBffTables(own);
      const { rows } = await own.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE tablename LIKE 'splice_bff_%' ORDER BY 1",
      );
      await own.end();
      expect(rows.map((row) => row.name)).toEqual(['splice_bff_idempotency', 'splice_bff_rate_limit']);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('delete expired rows in the background', async () => {
    let now = 10_000_000;
    const store = new PostgresIdempotencyStore({ pool, now: () => now, sweepEveryMs: 1_000 });
    await store.claim('sweep-me', 'f', 100);
    now += 5_000;
    await store.claim('sweep-trigger', 'f', 100);
    await expect
      .poll(
        async () =>
          (await pool.query("SELECT 1 FROM splice_bff_idempotency WHERE key = 'sweep-me'")).rowCount,
      )
      .toBe(0);
  });
});
