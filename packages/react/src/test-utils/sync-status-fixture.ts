import type { RunHistory, SyncObjectStatus, SyncStatus, SyncWriteStatus } from '@splice/schema';

/** The moment every fixture is taken at, so relative words ("in 12 minutes") are the same in every run. */
export const fixtureNow = '2026-11-22T12:00:00.000Z';

const at = (minutes: number) => new Date(Date.parse(fixtureNow) + minutes * 60_000).toISOString();

export const upToDateObject: SyncObjectStatus = {
  objectName: 'companies',
  state: 'up_to_date',
  backfill: null,
  lastRun: { operationId: 'op-c-9', readType: 'scheduled', status: 'success', time: at(-3) },
  nextRunTime: at(12),
  recordsDelivered: 1_204,
  problem: null,
  canRunNow: true,
};

export const backfillingObject: SyncObjectStatus = {
  objectName: 'contacts',
  state: 'backfilling',
  backfill: {
    operationId: 'op-b-1',
    recordsProcessed: 1_250,
    recordsEstimatedTotal: 5_000,
    startTime: at(-1),
    updateTime: at(-0.5),
    done: false,
  },
  lastRun: { operationId: 'op-b-1', readType: 'backfill', status: 'in_progress', time: at(-1) },
  nextRunTime: at(14),
  recordsDelivered: 1_250,
  problem: null,
  canRunNow: false,
  runNowBlockedBy: 'running',
};

export const pausedObject: SyncObjectStatus = {
  ...upToDateObject,
  objectName: 'deals',
  state: 'paused',
  nextRunTime: null,
};

export const failingObject: SyncObjectStatus = {
  ...upToDateObject,
  objectName: 'contacts',
  state: 'failing',
  problem: {
    code: 'delivery_retrying',
    detail: 'the receiver answered 503 Service Unavailable',
    since: at(-20),
  },
};

/** A backfill waiting out what its provider does: a rate limit, no answer, or a refused connection. */
export function waitingObject(
  state: NonNullable<SyncObjectStatus['providerWait']>['state'],
): SyncObjectStatus {
  return {
    ...backfillingObject,
    providerWait: { state, since: at(-4), ...(state === 'reconnect' ? {} : { retryAt: at(2) }) },
  };
}

/** Contacts written today, one refused earlier with HubSpot's reason. */
export const writtenContacts: SyncWriteStatus = {
  objectName: 'contacts',
  recordsWrittenToday: 1_312,
  recordsDeletedToday: 0,
  recordsFailedToday: 2,
  lastFailure: {
    time: at(-20),
    reason: 'Property values were not valid: "not-an-email" is not a valid email address.',
  },
};

/** A status answer as the BFF sends it; `running` follows the objects unless given. */
export function syncStatusFixture(
  objects: SyncObjectStatus[] = [backfillingObject, upToDateObject],
): SyncStatus {
  return {
    installationId: 'inst_1',
    objects,
    running: objects.some(
      (o) => o.state === 'backfilling' || o.state === 'reading' || o.problem?.code === 'delivery_retrying',
    ),
    checkedAt: fixtureNow,
  };
}

/**
 * An object's recent runs: a Run now that is still reading, a scheduled read that failed with the
 * service's reason, a scheduled read and the import of past records that succeeded.
 */
export function runHistoryFixture(objectName = 'contacts'): RunHistory {
  return {
    objectName,
    runs: [
      { operationId: 'op-r-4', readType: 'triggered', status: 'in_progress', time: at(-1), endTime: null },
      {
        operationId: 'op-r-3',
        readType: 'scheduled',
        status: 'failure',
        time: at(-16),
        endTime: at(-15),
        reason: 'The provider refused the read: field "score" is not visible to the connected user.',
      },
      {
        operationId: 'op-r-2',
        readType: 'scheduled',
        status: 'success',
        time: at(-31),
        endTime: at(-30),
        recordsDelivered: 1,
      },
      {
        operationId: 'op-r-1',
        readType: 'backfill',
        status: 'success',
        time: at(-120),
        endTime: at(-95),
        recordsDelivered: 5_000,
      },
    ],
  };
}
