/**
 * What several service instances on one PostgreSQL need of `PgOperationStore`: two stores on one database
 * (as two instances have) never get the same stream, message or scheduled start, a dead holder's claim is
 * taken over, and counters stay exact when both settle messages at once.
 */
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgStore } from '../../reads/operation-store.fixture.js';
import type { Delivery, NewReadOperation, ScheduledStart } from '../../reads/operation-store.js';
import { PgOperationStore } from './pg-operation-store.js';

let server: RunningPostgres;
let databases = 0;
const pools: pg.Pool[] = [];
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await server?.stop();
});

const t0 = '2026-02-01T00:00:00.000Z';

const backfill = (installationId: string, id = `b-${installationId}`): NewReadOperation => ({
  id,
  projectId: 'p',
  integrationId: 'int',
  installationId,
  configId: `${installationId}-config`,
  objectName: 'contacts',
  readType: 'backfill',
  untilTime: t0,
  createTime: t0,
});

/** Two instances' stores on one fresh database with `installations` installations, each with a backfill. */
async function twoInstances(installations: number, leaseMs = 60_000) {
  const db = await pgStore(server, `instances_${++databases}`, { leaseMs });
  pools.push(db.pool);
  const a = db.store as PgOperationStore;
  const b = new PgOperationStore(db.pool, { leaseMs });
  for (let n = 0; n < installations; n++) {
    await db.addInstallation(`i${n}`);
    await a.savePlan(
      `i${n}`,
      `i${n}-config`,
      [{ objectName: 'contacts', nextRunTime: 1_000, backfill: backfill(`i${n}`) }],
      t0,
    );
  }
  return { a, b, pool: db.pool, addInstallation: db.addInstallation };
}

/** Stores one finished page of `count` messages for each backfill, through store `a`. */
async function storeMessages(store: PgOperationStore, count: number) {
  for (const head of await store.headOperations(1_000)) {
    await store.checkpoint({
      operationId: head.id,
      fromAfterId: 0,
      afterId: count,
      recordsProcessed: count,
      messages: Array.from({ length: count }, (_, k) => ({
        id: `${head.installationId}-m${k}`,
        destinationName: 'hook',
        body: '{}',
        numRecords: 2,
      })),
      finished: true,
      createTime: t0,
    });
  }
}

const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

describe('PgOperationStore shared by several instances', () => {
  it('hands each stream head to one instance at a time', async () => {
    const { a, b } = await twoInstances(20);
    const rounds = await Promise.all([a.headOperations(15), b.headOperations(15), a.headOperations(15)]);
    const ofA = new Set([...ids(rounds[0]), ...ids(rounds[2])]);
    const ofB = ids(rounds[1]);
    expect(ofB.filter((id) => ofA.has(id))).toEqual([]);
    // Whatever is left free goes to the next caller; each keeps what it holds.
    const again = await b.headOperations(100);
    expect(new Set([...ofA, ...ids(again)]).size).toBe(20);
    expect(ids(again).filter((id) => ofA.has(id))).toEqual([]);
    expect(ids(await a.headOperations(100)).sort()).toEqual([...ofA].sort());
  });

  it('lets another instance take over a stream whose holder stopped renewing, and stores its page once', async () => {
    const { a, b } = await twoInstances(1, 300);
    const [held] = await a.headOperations(10);
    expect(await b.headOperations(10)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const [taken] = await b.headOperations(10);
    expect(taken?.id).toBe(held?.id);
    expect(await a.headOperations(10)).toEqual([]);
    const pageFrom = (from: string) => ({
      operationId: held!.id,
      fromAfterId: 0,
      afterId: 5,
      recordsProcessed: 5,
      messages: [{ id: `${from}-m`, destinationName: 'hook', body: '{}', numRecords: 5 }],
      finished: false,
      createTime: t0,
    });
    await b.checkpoint(pageFrom('b'));
    // The old holder comes back with the same page: its cursor moved, nothing is stored twice.
    await a.checkpoint(pageFrom('a'));
    expect(await b.getOperation(held!.id)).toMatchObject({ afterId: 5, messagesTotal: 1 });
    expect(await b.pendingDeliveries(held!.installationId, 'contacts')).toBe(1);
  });

  it('never hands one due message to two instances, and counts each delivery once', async () => {
    const { a, b } = await twoInstances(5);
    await storeMessages(a, 10);
    const seen: Delivery[][] = [[], []];
    for (let round = 0; round < 2; round++) {
      const [ofA, ofB] = await Promise.all([
        // Each passes what it holds in flight, as the engine does.
        a.dueDeliveries(Date.now(), 8, 100, new Set(ids(seen[0]!))),
        b.dueDeliveries(Date.now(), 8, 100, new Set(ids(seen[1]!))),
      ]);
      seen[0]!.push(...ofA);
      seen[1]!.push(...ofB);
    }
    const fromA = new Set(ids(seen[0]!));
    expect(ids(seen[1]!).filter((id) => fromA.has(id))).toEqual([]);
    // Two instances claiming together may each come back with fewer (rows the other holds are skipped).
    const handed = fromA.size + seen[1]!.length;
    expect(handed).toBeGreaterThan(16);
    expect(handed).toBeLessThanOrEqual(32);
    // Both settle theirs at once; one message is acknowledged by both (a duplicate answer): counted once.
    await Promise.all([
      ...seen[0]!.map((d) => a.markDelivered(d, t0)),
      ...seen[1]!.map((d) => b.markDelivered(d, t0)),
      b.markDelivered(seen[0]![0]!, t0),
    ]);
    let delivered = 0;
    let records = 0;
    for (let n = 0; n < 5; n++) {
      const operation = await a.getOperation(`b-i${n}`);
      delivered += operation!.messagesDelivered;
      records += (await a.getReadObject(`i${n}`, 'contacts'))!.recordsDelivered;
    }
    expect(delivered).toBe(handed);
    expect(records).toBe(2 * handed);
    const rest = await a.dueDeliveries(Date.now(), 100, 100, new Set());
    expect(rest.length).toBe(50 - handed);
  });

  it('takes its own claim again at once when an attempt ended unrecorded; another instance waits for the lease', async () => {
    const { a, b } = await twoInstances(1);
    await storeMessages(a, 2);
    const [first] = await a.dueDeliveries(Date.now(), 1, 100, new Set());
    expect(first?.id).toBe('i0-m0');
    expect(ids(await b.dueDeliveries(Date.now(), 10, 100, new Set()))).toEqual(['i0-m1']);
    // While a's attempt is in flight, neither instance gets its message again.
    expect(await a.dueDeliveries(Date.now(), 10, 100, new Set(['i0-m0']))).toEqual([]);
    expect(await b.dueDeliveries(Date.now(), 10, 100, new Set(['i0-m1']))).toEqual([]);
    // a's attempt ended but its outcome could not be recorded (the database was down): a sends it again now,
    // not a lease later; b still may not take it.
    expect(ids(await a.dueDeliveries(Date.now(), 10, 100, new Set()))).toEqual(['i0-m0']);
    expect(await b.dueDeliveries(Date.now(), 10, 100, new Set(['i0-m1']))).toEqual([]);
  });

  it('starts each due scheduled read once when two instances start them together', async () => {
    const { a, b, pool } = await twoInstances(30);
    await pool.query(`UPDATE read_operations SET phase = 'done', status = 'success'`);
    const starts = async (store: PgOperationStore, tag: string): Promise<ScheduledStart[]> =>
      (await store.dueObjects(5_000, 100)).map((object) => ({
        installationId: object.installationId,
        objectName: object.objectName,
        nextRunTime: 61_000,
        operation: {
          ...backfill(object.installationId, `${tag}-${object.installationId}`),
          readType: 'scheduled',
          scheduledTime: new Date(object.nextRunTime!).toISOString(),
        },
      }));
    const [ofA, ofB] = await Promise.all([starts(a, 'sa'), starts(b, 'sb')]);
    expect(ofA.length).toBe(30);
    expect(ofB.length).toBe(30);
    await Promise.all([a.startScheduled(ofA), b.startScheduled(ofB)]);
    const { rows } = await pool.query<{ installation_id: string; n: number }>(
      `SELECT installation_id, count(*)::int AS n FROM read_operations WHERE read_type = 'scheduled'
       GROUP BY installation_id`,
    );
    expect(rows.length).toBe(30);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    expect(await a.dueObjects(5_000, 100)).toEqual([]);
  });

  it('plans an installation once when two instances plan it together, and a new config after the first', async () => {
    const { a, b, pool, addInstallation } = await twoInstances(0);
    const installations = Array.from({ length: 20 }, (_, n) => `n${n}`);
    for (const id of installations) await addInstallation(id);
    const plan = (store: PgOperationStore, id: string, configId: string, tag: string) =>
      store.savePlan(
        id,
        configId,
        [
          { objectName: 'contacts', nextRunTime: 1_000, backfill: backfill(id, `${tag}-c-${id}`) },
          { objectName: 'deals', nextRunTime: 1_000 },
        ],
        t0,
      );
    // Both instances plan every installation's first config at once: one of each pair plans it.
    const first = await Promise.all(
      installations.flatMap((id) => [plan(a, id, `${id}-config`, 'a'), plan(b, id, `${id}-config`, 'b')]),
    );
    expect(first.filter(Boolean).length).toBe(installations.length);
    // Then a new config and a tick still on the old one race: the new config is planned, no object twice.
    const second = await Promise.all(
      installations.flatMap((id) => [plan(a, id, `${id}-config-2`, 'a2'), plan(b, id, `${id}-config`, 'b2')]),
    );
    expect(second.filter((planned, index) => planned && index % 2 === 0).length).toBe(installations.length);
    const { rows } = await pool.query<{ installation_id: string; backfills: number; objects: number }>(
      `SELECT i.id AS installation_id,
         (SELECT count(*)::int FROM read_operations o WHERE o.installation_id = i.id) AS backfills,
         (SELECT count(*)::int FROM read_objects r WHERE r.installation_id = i.id) AS objects
       FROM installations i`,
    );
    expect(rows.length).toBe(installations.length);
    // One backfill of contacts per installation: the config that came second knew the object.
    expect(rows.every((row) => row.backfills === 1 && row.objects === 2)).toBe(true);
  });
});
