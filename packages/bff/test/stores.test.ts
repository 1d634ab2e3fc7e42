import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteStore } from '../src/invites/invite-store.js';
import { MemoryInviteStore } from '../src/invites/invite-store.js';
import { MemoryIdempotencyStore } from '../src/middleware/idempotency/store.js';
import { MemoryRateLimitStore } from '../src/middleware/rate-limit/store.js';
import {
  migrateBffTables,
  PostgresIdempotencyStore,
  PostgresInviteStore,
  PostgresRateLimitStore,
} from '../src/postgres/index.js';
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
      expect(rows.map((row) => row.name)).toEqual([
        'splice_bff_idempotency',
        'splice_bff_invites',
        'splice_bff_rate_limit',
      ]);
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

/**
 * Which group sent each invite, so that a group lists and revokes only its own (the service lists the whole
 * organization's): both stores keep the same promises.
 */
function describeInviteStore(name: string, make: () => InviteStore) {
  describe(`${name} invite store`, () => {
    const org = `org-${name}-${Date.now()}`;
    const sent = (inviteId: string, groupRef: string, sentAt: number) => ({
      orgId: org,
      inviteId,
      groupRef,
      consumerRef: `${groupRef}-user`,
      sentAt,
    });

    it('lists a group’s invites newest first, and no other group’s or organization’s', async () => {
      const store = make();
      await store.record(sent('a1', 'acme', 1_000));
      await store.record(sent('a2', 'acme', 2_000));
      await store.record(sent('g1', 'globex', 1_500));
      await store.record({ ...sent('o1', 'acme', 3_000), orgId: `${org}-other` });
      expect((await store.listSent(org, 'acme')).map((r) => r.inviteId)).toEqual(['a2', 'a1']);
      expect(await store.listSent(org, 'globex')).toEqual([sent('g1', 'globex', 1_500)]);
      expect(await store.listSent(org, 'initech')).toEqual([]);
    });

    it('finds one invite’s sender, and forgets it', async () => {
      const store = make();
      await store.record(sent('f1', 'acme', 1_000));
      expect(await store.find(org, 'f1')).toEqual(sent('f1', 'acme', 1_000));
      expect(await store.find(`${org}-other`, 'f1')).toBeUndefined();
      await store.forget(org, 'f1');
      expect(await store.find(org, 'f1')).toBeUndefined();
      expect((await store.listSent(org, 'acme')).map((r) => r.inviteId)).not.toContain('f1');
    });
  });
}

describeInviteStore('memory', () => new MemoryInviteStore());
describeInviteStore('PostgreSQL', () => new PostgresInviteStore({ pool }));

describe('memory invite store', () => {
  it('is bounded: when full, the oldest record goes first', async () => {
    const store = new MemoryInviteStore(2);
    for (const id of ['one', 'two', 'three']) {
      await store.record({ orgId: 'o', inviteId: id, groupRef: 'g', consumerRef: 'c', sentAt: 1 });
    }
    expect(store.size).toBe(2);
    expect(await store.find('o', 'one')).toBeUndefined();
  });
});

describe('PostgreSQL invite store', () => {
  it('shares its rows between instances, as replicas do', async () => {
    const one = new PostgresInviteStore({ pool });
    const two = new PostgresInviteStore({ pool });
    await one.record({ orgId: 'shared', inviteId: 'i1', groupRef: 'g', consumerRef: 'c', sentAt: 5 });
    expect(await two.find('shared', 'i1')).toMatchObject({ groupRef: 'g', sentAt: 5 });
  });
});
