/**
 * The `OperationStore` contract, run against both implementations: SQLite (the default) and PostgreSQL
 * (a real server, one per file). What only several instances on one database need is in
 * ../store/pg/pg-operation-store.test.ts.
 */
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgStore, type StoreUnderTest, sqliteStore } from './operation-store.fixture.js';
import type { NewDelivery, NewReadOperation, OperationStore, ReadOperation } from './operation-store.js';

let server: RunningPostgres;
let databases = 0;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(() => server?.stop());

const t0 = '2026-02-01T00:00:00.000Z';

function operation(id: string, extra: Partial<NewReadOperation> = {}): NewReadOperation {
  return {
    id,
    projectId: 'p',
    integrationId: 'int',
    installationId: 'i1',
    configId: 'i1-config',
    objectName: 'contacts',
    readType: 'backfill',
    untilTime: t0,
    createTime: t0,
    ...extra,
  };
}

const message = (id: string, numRecords = 10): NewDelivery => ({
  id,
  destinationName: 'hook',
  body: `{"id":"${id}"}`,
  numRecords,
});

/** Stores a page read from the operation's current cursor. */
async function page(store: OperationStore, op: ReadOperation, ids: string[], finished: boolean) {
  await store.checkpoint({
    operationId: op.id,
    fromAfterId: op.afterId,
    afterId: op.afterId + ids.length * 10,
    recordsProcessed: op.recordsProcessed + ids.length * 10,
    messages: ids.map((id) => message(id)),
    finished,
    createTime: t0,
  });
  return (await store.getOperation(op.id))!;
}

describe.each([
  ['SQLite', async () => sqliteStore()],
  ['PostgreSQL', async () => pgStore(server, `contract_${++databases}`)],
])('OperationStore on %s', (_name, open: () => Promise<StoreUnderTest>) => {
  let db: StoreUnderTest;
  let store: OperationStore;
  beforeEach(async () => {
    db = await open();
    store = db.store;
    await db.addInstallation('i1');
    return () => db.close();
  });

  it('plans an installation once per config, keeping known objects and dropping the rest', async () => {
    expect(await store.installationsToPlan(10)).toEqual([{ projectId: 'p', installationId: 'i1' }]);
    const planned = await store.savePlan(
      'i1',
      'i1-config',
      [
        { objectName: 'contacts', schedule: '*/15 * * * *', nextRunTime: 1_000, backfill: operation('b1') },
        { objectName: 'deals', nextRunTime: 2_000, cursorTime: t0 },
      ],
      t0,
    );
    expect(planned).toBe(true);
    expect(await store.savePlan('i1', 'i1-config', [], t0)).toBe(false);
    expect(await store.installationsToPlan(10)).toEqual([]);
    const objects = await store.readObjects('i1');
    expect(objects.map((o) => [o.objectName, o.nextRunTime, o.paused, o.backfillOperationId])).toEqual([
      ['contacts', 1_000, false, 'b1'],
      ['deals', 2_000, false, undefined],
    ]);
    expect((await store.getOperation('b1'))?.phase).toBe('reading');
    // A new config: contacts is known (no second backfill), deals goes, notes is new.
    await store.savePlan(
      'i1',
      'i1-config-2',
      [
        { objectName: 'contacts', nextRunTime: 5_000, backfill: operation('b2') },
        { objectName: 'notes', backfill: operation('b3', { objectName: 'notes' }) },
      ],
      t0,
    );
    expect((await store.readObjects('i1')).map((o) => o.objectName)).toEqual(['contacts', 'notes']);
    expect(await store.getOperation('b2')).toBeUndefined();
    expect((await store.getOperation('b3'))?.objectName).toBe('notes');
    expect(await store.nextRunTime()).toBe(5_000);
  });

  it('commits a page with its cursor, refuses a page from a moved cursor, and finishes when settled', async () => {
    await store.savePlan('i1', 'i1-config', [{ objectName: 'contacts', backfill: operation('b1') }], t0);
    const [head] = await store.headOperations(10);
    expect(head?.id).toBe('b1');
    const afterFirst = await page(store, head!, ['m1', 'm2'], false);
    expect([afterFirst.afterId, afterFirst.recordsProcessed, afterFirst.messagesTotal]).toEqual([20, 20, 2]);
    // The same page again, read from the old cursor: nothing is stored twice.
    await page(store, head!, ['m1x', 'm2x'], false);
    expect(await store.pendingDeliveries('i1', 'contacts')).toBe(2);
    expect(await store.operationWithPending('b1')).toEqual({ operation: afterFirst, pending: 2 });
    expect(await store.operationWithPending('nope')).toBeUndefined();
    const done = await page(store, afterFirst, ['m3'], true);
    expect(done.phase).toBe('delivering');
    expect((await store.getReadObject('i1', 'contacts'))?.cursorTime).toBe(t0);

    const due = await store.dueDeliveries(Date.now(), 10, 2, new Set());
    expect(due.map((d) => [d.id, d.body])).toEqual([
      ['m1', '{"id":"m1"}'],
      ['m2', '{"id":"m2"}'],
    ]);
    expect((await store.dueDeliveries(Date.now(), 10, 2, new Set(['m1', 'm2']))).length).toBe(0);
    for (const delivery of due) await store.markDelivered(delivery, t0);
    expect(await store.finishIfSettled('b1', t0)).toBe(false);
    const [last] = await store.dueDeliveries(Date.now(), 10, 2, new Set());
    expect(last?.id).toBe('m3');
    await store.markDelivered(last!, t0);
    expect(await store.finishIfSettled('b1', t0)).toBe(true);
    const finished = await store.getOperation('b1');
    expect(finished).toMatchObject({
      phase: 'done',
      status: 'success',
      messagesDelivered: 3,
      recordsDelivered: 30,
      result: '[contacts] 30 records delivered',
    });
    expect((await store.getReadObject('i1', 'contacts'))?.recordsDelivered).toBe(30);
    expect(await db.lastStatus('i1')).toBe('success');
    expect(await store.headOperations(10)).toEqual([]);
  });

  it("commits a connector's opaque cursor with its page and refuses a page read from a cursor it moved past", async () => {
    await store.savePlan('i1', 'i1-config', [{ objectName: 'contacts', backfill: operation('b1') }], t0);
    const [head] = await store.headOperations(10);
    expect(head?.cursor).toBeUndefined();
    const connectorPage = async (from: ReadOperation, cursor: string, ids: string[]) => {
      await store.checkpoint({
        operationId: from.id,
        fromAfterId: from.afterId,
        afterId: from.afterId,
        ...(from.cursor === undefined ? {} : { fromCursor: from.cursor }),
        cursor,
        recordsProcessed: from.recordsProcessed + ids.length,
        messages: ids.map((id) => message(id, 1)),
        finished: false,
        createTime: t0,
      });
      return (await store.getOperation(from.id))!;
    };
    const first = await connectorPage(head!, 'c1', ['m1']);
    expect([first.cursor, first.recordsProcessed]).toEqual(['c1', 1]);
    // The first page again (read before any cursor was stored): nothing is written.
    await connectorPage(head!, 'c1-again', ['m1x']);
    const second = await connectorPage(first, 'c2', ['m2']);
    expect([second.cursor, second.recordsProcessed]).toEqual(['c2', 2]);
    // A page read from c1 once c2 is stored: nothing is written either.
    await connectorPage(first, 'c2-again', ['m2x']);
    expect((await store.getOperation('b1'))?.cursor).toBe('c2');
    expect(await store.pendingDeliveries('i1', 'contacts')).toBe(2);
  });

  it('hands out due messages by due time, each behind fewer than `window` pending ones of its stream', async () => {
    await store.savePlan(
      'i1',
      'i1-config',
      [
        { objectName: 'contacts', backfill: operation('b1') },
        { objectName: 'notes', backfill: operation('b2', { objectName: 'notes' }) },
      ],
      t0,
    );
    const [contacts, notes] = await store.headOperations(10);
    await page(store, contacts!, ['c1', 'c2', 'c3'], true);
    await page(store, notes!, ['n1', 'n2'], true);
    // c1 waits a minute: still pending, it keeps its place at its stream's front.
    const [c1] = await store.dueDeliveries(Date.now(), 1, 1, new Set());
    expect(c1?.id).toBe('c1');
    await store.markRetry(c1!, Date.now() + 60_000, 1_234, 'the receiver answered 503');
    const ids = async (window: number, limit = 10) =>
      (await store.dueDeliveries(Date.now(), limit, window, new Set())).map((d) => d.id);
    expect(await ids(1)).toEqual(['n1']);
    expect(await ids(2)).toEqual(['c2', 'n1', 'n2']);
    expect(await ids(3)).toEqual(['c2', 'c3', 'n1', 'n2']);
    expect(await ids(3, 2)).toEqual(['c2', 'c3']);
  });

  it('retries, parks, wakes and fails messages, and reports the stream', async () => {
    await store.savePlan('i1', 'i1-config', [{ objectName: 'contacts', backfill: operation('b1') }], t0);
    const [head] = await store.headOperations(10);
    await page(store, head!, ['m1', 'm2'], true);
    const [first] = await store.dueDeliveries(Date.now(), 1, 8, new Set());
    await store.markRetry(first!, Date.now() + 60_000, 1_234, 'the receiver answered 503');
    expect(await store.streamDeliveryState('i1', 'contacts')).toEqual({
      pending: 2,
      attempts: 1,
      lastError: 'the receiver answered 503',
      retryingSince: 1_234,
    });
    // A message handed out once is not handed out again (PostgreSQL: it is claimed; the engine: in flight).
    const [second] = await store.dueDeliveries(Date.now(), 10, 8, new Set());
    expect(second?.id).toBe('m2');
    await store.park(second!, Date.now() + 60_000, 'destination disabled');
    expect(await store.dueDeliveries(Date.now(), 10, 8, new Set())).toEqual([]);
    expect(await store.nextDeliveryTime()).toBeGreaterThan(Date.now() + 30_000);
    await store.wakeDestination('p', 'hook');
    const woken = await store.dueDeliveries(Date.now(), 10, 8, new Set());
    expect(woken.map((d) => [d.id, d.attempts])).toEqual([
      ['m1', 1],
      ['m2', 0],
    ]);
    await store.markFailed(woken[0]!, 'the receiver answered 400', t0);
    await store.markDelivered(woken[1]!, t0);
    expect(await store.finishIfSettled('b1', t0)).toBe(true);
    const done = await store.getOperation('b1');
    expect(done).toMatchObject({ status: 'failure', messagesFailed: 1, messagesDelivered: 1 });
    expect(done?.errors).toEqual(['message m1: the receiver answered 400']);
    expect(done?.result).toBe('[contacts] 10 of 20 records delivered; message m1: the receiver answered 400');
  });

  it('starts due scheduled reads, pauses, and lists operations newest first', async () => {
    await store.savePlan(
      'i1',
      'i1-config',
      [{ objectName: 'contacts', nextRunTime: 1_000, cursorTime: t0 }],
      t0,
    );
    const [due] = await store.dueObjects(1_000, 10);
    expect(due).toMatchObject({
      objectName: 'contacts',
      configId: 'i1-config',
      projectId: 'p',
      cursorTime: t0,
    });
    await store.startScheduled([
      {
        installationId: 'i1',
        objectName: 'contacts',
        nextRunTime: 2_000,
        operation: operation('s1', { readType: 'scheduled', scheduledTime: new Date(1_000).toISOString() }),
      },
    ]);
    expect(await store.dueObjects(5_000, 10)).toEqual([]);
    expect((await store.getReadObject('i1', 'contacts'))?.nextRunTime).toBe(2_000);
    await store.insertOperation(operation('t1', { readType: 'triggered' }));
    await store.setEstimate('t1', 99);
    expect((await store.latestOperation('i1', 'contacts'))?.id).toBe('t1');
    expect((await store.latestOperation('i1', 'contacts', 'scheduled'))?.id).toBe('s1');
    const listed = await store.listOperations('i1', 1);
    expect(listed.map((o) => [o.id, o.recordsEstimatedTotal])).toEqual([['t1', 99]]);
    expect((await store.listOperations('i1', 5, listed[0]!.seq)).map((o) => o.id)).toEqual(['s1']);
    await store.setPaused('i1', ['contacts'], true, 'paused by a test');
    expect(await store.getReadObject('i1', 'contacts')).toMatchObject({
      paused: true,
      pauseNote: 'paused by a test',
    });
    expect(await store.nextRunTime()).toBeUndefined();
    await store.setPaused('i1', undefined, false);
    await store.setNextRun('i1', 'contacts', 3_000);
    expect(await store.nextRunTime()).toBe(3_000);
  });

  it('fails a read, stops streams and forgets an installation', async () => {
    await store.savePlan(
      'i1',
      'i1-config',
      [
        { objectName: 'contacts', backfill: operation('b1') },
        { objectName: 'deals', backfill: operation('b2', { objectName: 'deals' }) },
      ],
      t0,
    );
    const heads = await store.headOperations(10);
    await page(store, heads.find((o) => o.id === 'b1')!, ['m1'], false);
    await store.failReading('b1', 'the provider refused', t0);
    expect(await store.getOperation('b1')).toMatchObject({
      phase: 'delivering',
      errors: ['the provider refused'],
    });
    expect(await store.stopStreams('i1', ['contacts'], 'Stopped.', t0)).toBe(1);
    expect(await store.getOperation('b1')).toMatchObject({ phase: 'done', result: '[contacts] Stopped.' });
    expect(await store.pendingDeliveries('i1', 'contacts')).toBe(0);
    await store.forgetInstallation('i1', 'the installation was deleted', t0);
    expect(await store.getOperation('b2')).toMatchObject({
      status: 'failure',
      errors: ['the installation was deleted'],
      result: '[deals] the installation was deleted',
    });
    expect(await store.readObjects('i1')).toEqual([]);
    expect(await store.installationsToPlan(10)).toEqual([{ projectId: 'p', installationId: 'i1' }]);
  });
});
