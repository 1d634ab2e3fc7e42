import { syncStatusSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import type { ObjectReadStatus, Operation } from '../upstream/read-shapes.js';
import { buildSyncStatus, userPauseNotePrefix } from './build-sync-status.js';
import { scrubDetail } from './scrub-detail.js';

const now = new Date('2026-11-22T12:00:00.000Z');

const op = (fields: Partial<Operation> & { id: string; objects: string[] }): Operation => ({
  id: fields.id,
  status: fields.status ?? 'success',
  createTime: fields.createTime ?? '2026-11-22T11:00:00.000Z',
  updateTime: fields.updateTime ?? '2026-11-22T11:01:00.000Z',
  ...(fields.result ? { result: fields.result } : {}),
  metadata: { objects: fields.objects, readType: fields.metadata?.readType ?? 'scheduled' },
});

const base: ObjectReadStatus = {
  objectName: 'contacts',
  paused: false,
  disabled: false,
  nextRunTime: '2026-11-22T12:15:00.000Z',
  lastRunTime: null,
  recordsDelivered: 0,
  delivery: { state: 'ok' },
};

function one(status: ObjectReadStatus, operations: Operation[] = []) {
  const answer = buildSyncStatus('inst-1', [status], operations, now);
  expect(syncStatusSchema.safeParse(answer).success).toBe(true);
  return { answer, object: answer.objects[0]! };
}

describe('buildSyncStatus', () => {
  it('shows a running backfill with its progress and times, and asks the browser to keep polling', () => {
    const { answer, object } = one(
      {
        ...base,
        backfill: {
          operationId: 'op-b',
          status: 'in_progress',
          recordsProcessed: 120,
          recordsEstimatedTotal: 400,
        },
      },
      [op({ id: 'op-b', objects: ['contacts'], status: 'in_progress', metadata: { readType: 'backfill' } })],
    );
    expect(object.state).toBe('backfilling');
    expect(object.backfill).toEqual({
      operationId: 'op-b',
      recordsProcessed: 120,
      recordsEstimatedTotal: 400,
      startTime: '2026-11-22T11:00:00.000Z',
      updateTime: '2026-11-22T11:01:00.000Z',
      done: false,
    });
    expect(object.canRunNow).toBe(false);
    expect(answer.running).toBe(true);
  });

  it("carries what a running read waits out at the provider, with its times, and a broken connection's wait as reconnect", () => {
    const running = [op({ id: 'op-r', objects: ['contacts'], status: 'in_progress' })];
    const waiting: ObjectReadStatus = {
      ...base,
      providerWait: {
        state: 'rate_limited',
        since: '2026-11-22T11:59:00.000Z',
        retryAt: '2026-11-22T12:00:10.000Z',
      },
    };
    expect(one(waiting, running).object.providerWait).toEqual({
      state: 'rate_limited',
      since: '2026-11-22T11:59:00.000Z',
      retryAt: '2026-11-22T12:00:10.000Z',
    });
    // Nothing running: no wait to show.
    expect(one(waiting, [op({ id: 'op-s', objects: ['contacts'] })]).object.providerWait).toBeUndefined();
    const broken = buildSyncStatus(
      'inst-1',
      [{ ...waiting, providerWait: { state: 'not_answering', since: '2026-11-22T11:59:00.000Z' } }],
      running,
      now,
      { connectionStatus: 'bad_credentials' },
    );
    expect(broken.objects[0]?.providerWait).toEqual({
      state: 'reconnect',
      since: '2026-11-22T11:59:00.000Z',
    });
  });

  it('is up to date after a successful read, with its last and next run, and stops the polling', () => {
    const { answer, object } = one({ ...base, recordsDelivered: 312, lastRunStatus: 'success' }, [
      op({ id: 'op-2', objects: ['contacts'], metadata: { readType: 'triggered' } }),
      op({ id: 'op-1', objects: ['contacts'] }),
    ]);
    expect(object).toMatchObject({
      state: 'up_to_date',
      recordsDelivered: 312,
      nextRunTime: '2026-11-22T12:15:00.000Z',
      lastRun: {
        operationId: 'op-2',
        readType: 'triggered',
        status: 'success',
        time: '2026-11-22T11:01:00.000Z',
      },
      problem: null,
      canRunNow: true,
    });
    expect(answer.running).toBe(false);
  });

  it('is paused with no next run when the object is paused, and still offers Run now', () => {
    expect(one({ ...base, paused: true }).object).toMatchObject({
      state: 'paused',
      nextRunTime: null,
      canRunNow: true,
    });
  });

  it('tells an object turned off in the settings from one paused by the user or by the service', () => {
    const turnedOff = one({ ...base, disabled: true, delivery: { state: 'disabled' } }).object;
    expect(turnedOff).toMatchObject({
      state: 'turned_off',
      nextRunTime: null,
      problem: null,
      canRunNow: false,
      runNowBlockedBy: 'turned_off',
      paused: false,
    });
    expect(turnedOff.pausedBy).toBeUndefined();
    const byUser = one({ ...base, paused: true, pauseNote: `${userPauseNotePrefix}alice` }).object;
    expect(byUser).toMatchObject({ state: 'paused', paused: true, pausedBy: 'user' });
    const byService = one({ ...base, paused: true, pauseNote: 'maintenance of the receiver' }).object;
    expect(byService).toMatchObject({ state: 'paused', paused: true, pausedBy: 'service' });
    expect(one({ ...base, paused: true }).object.pausedBy).toBe('service');
  });

  it('says a broken connection on every object turned on, and why Run now cannot start', () => {
    const answer = buildSyncStatus(
      'inst-1',
      [
        { ...base, lastRunStatus: 'success' },
        { ...base, objectName: 'deals', delivery: { state: 'retrying' } },
        { ...base, objectName: 'companies', disabled: true },
      ],
      [op({ id: 'op-1', objects: ['contacts'] })],
      now,
      { connectionStatus: 'bad_credentials' },
    );
    expect(syncStatusSchema.safeParse(answer).success).toBe(true);
    expect(answer.connectionStatus).toBe('bad_credentials');
    const [contacts, deals, companies] = answer.objects;
    for (const object of [contacts, deals]) {
      expect(object).toMatchObject({
        state: 'failing',
        problem: { code: 'connection' },
        canRunNow: false,
        runNowBlockedBy: 'connection',
      });
    }
    expect(companies).toMatchObject({ state: 'turned_off', runNowBlockedBy: 'turned_off' });
    const working = buildSyncStatus(
      'inst-1',
      [{ ...base, lastRunTime: now.toISOString(), lastRunStatus: 'success' }],
      [],
      now,
      {
        connectionStatus: 'working',
      },
    );
    expect(working.objects[0]).toMatchObject({ state: 'up_to_date', canRunNow: true, problem: null });
  });

  it('names why Run now is unavailable while a read runs, and what it would read', () => {
    const { object } = one({ ...base, lastRunStatus: 'in_progress' });
    expect(object).toMatchObject({ state: 'reading', canRunNow: false, runNowBlockedBy: 'running' });
    const since = buildSyncStatus('inst-1', [base], [], now, {
      runNowSince: () => '2026-11-22T11:00:00.000Z',
    }).objects[0];
    expect(since?.runNowSince).toBe('2026-11-22T11:00:00.000Z');
  });

  it('keeps a backfill’s delivered count beside its read count', () => {
    const { object } = one({
      ...base,
      backfill: {
        operationId: 'op-b',
        status: 'in_progress',
        recordsProcessed: 4000,
        recordsEstimatedTotal: 5013,
        recordsDelivered: 2000,
      },
    });
    expect(object.backfill).toMatchObject({ recordsProcessed: 4000, recordsDelivered: 2000 });
  });

  it('is waiting when nothing has run yet, and asks for polling only until the first read is planned', () => {
    const planned = one(base);
    expect(planned.object.state).toBe('waiting');
    expect(planned.answer.running).toBe(false);
    // Just created: the engine has not planned the object yet, so its backfill or first read is moments away.
    const unplanned = one({ ...base, nextRunTime: null });
    expect(unplanned.object).toMatchObject({ state: 'waiting', nextRunTime: null });
    expect(unplanned.answer.running).toBe(true);
    expect(one({ ...base, nextRunTime: null, paused: true }).answer.running).toBe(false);
  });

  it('is failing while deliveries are retried, without ever showing the receiver address', () => {
    const { answer, object } = one({
      ...base,
      delivery: {
        state: 'retrying',
        lastError:
          'POST http://10.0.0.7:8443/hooks?token=abc answered 503; connect ECONNREFUSED 127.0.0.1:5173',
        retryingSince: '2026-11-22T11:50:00.000Z',
      },
    });
    expect(object.state).toBe('failing');
    expect(object.problem?.code).toBe('delivery_retrying');
    expect(object.problem?.since).toBe('2026-11-22T11:50:00.000Z');
    expect(JSON.stringify(answer)).not.toMatch(/10\.0\.0\.7|127\.0\.0\.1|8443|5173|token=abc|http:/);
    expect(answer.running).toBe(true);
  });

  it('tells a disabled destination apart from a failed read, and a connection failure apart from both', () => {
    expect(one({ ...base, delivery: { state: 'disabled' } }).object.problem?.code).toBe('delivery_disabled');
    const read = one({ ...base, lastRunStatus: 'failure' }, [
      op({
        id: 'op-1',
        objects: ['contacts'],
        status: 'failure',
        result: '[contacts] field "x" is not readable',
      }),
    ]).object;
    expect(read.problem).toMatchObject({
      code: 'read_failed',
      detail: '[contacts] field "x" is not readable',
    });
    const connection = one({ ...base }, [
      op({
        id: 'op-1',
        objects: ['contacts'],
        status: 'failure',
        result: 'the provider refused the credentials',
      }),
    ]).object;
    expect(connection.problem?.code).toBe('connection');
  });

  it('answers an installation-less group with no objects', () => {
    expect(buildSyncStatus(null, [], [], now)).toEqual({
      installationId: null,
      objects: [],
      running: false,
      checkedAt: now.toISOString(),
    });
  });
});

describe('scrubDetail', () => {
  it('removes URLs, addresses, host:port pairs and secrets, and cuts long texts', () => {
    expect(scrubDetail('POST https://hooks.example.com/in answered 500')).toBe(
      'POST the receiver answered 500',
    );
    expect(scrubDetail('connect ECONNREFUSED [::1]:9000')).toBe('connect ECONNREFUSED the receiver');
    expect(scrubDetail('getaddrinfo ENOTFOUND api.example.com:443')).toBe(
      'getaddrinfo ENOTFOUND the receiver',
    );
    expect(scrubDetail('signed with whsec_abc==')).toBe('signed with [secret]');
    expect(scrubDetail('x'.repeat(400))?.length).toBe(300);
    expect(scrubDetail(undefined)).toBeUndefined();
  });
});
