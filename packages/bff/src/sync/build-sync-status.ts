import type { ConnectionStatus, SyncObjectStatus, SyncProblem, SyncRun, SyncStatus } from '@splice/schema';
import type { ObjectReadStatus, Operation } from '../upstream/read-shapes.js';
import { scrubDetail } from './scrub-detail.js';

const connectionWords = /\b(credentials?|unauthori[sz]ed|tokens?|reconnect|connection)\b/i;

/** The newest operation that read `objectName` (operations come newest first). */
function latestOperation(operations: readonly Operation[], objectName: string): Operation | undefined {
  return operations.find((op) => op.metadata?.objects?.includes(objectName));
}

function operationTime(op: Operation): string | undefined {
  return op.endTime ?? op.updateTime ?? op.createTime;
}

function lastRunOf(status: ObjectReadStatus, op: Operation | undefined): SyncRun | null {
  const time = op ? operationTime(op) : undefined;
  if (op && time) {
    return { operationId: op.id, readType: op.metadata?.readType ?? null, status: op.status, time };
  }
  if (status.lastRunTime && status.lastRunStatus) {
    return { operationId: '', readType: null, status: status.lastRunStatus, time: status.lastRunTime };
  }
  return null;
}

/** Why the object fails, if it does: deliveries first (they block everything), then the last read. */
function problemOf(status: ObjectReadStatus, op: Operation | undefined): SyncProblem | null {
  const delivery = status.delivery;
  if (delivery?.state === 'disabled' || delivery?.state === 'retrying') {
    const detail = scrubDetail(delivery.lastError);
    return {
      code: delivery.state === 'disabled' ? 'delivery_disabled' : 'delivery_retrying',
      ...(detail ? { detail } : {}),
      ...(delivery.retryingSince ? { since: delivery.retryingSince } : {}),
    };
  }
  const lastFailed = op ? op.status === 'failure' : status.lastRunStatus === 'failure';
  if (lastFailed) {
    const words = op?.metadata?.errors?.[0] ?? op?.result;
    const detail = scrubDetail(words);
    return {
      code: words && connectionWords.test(words) ? 'connection' : 'read_failed',
      ...(detail ? { detail } : {}),
      ...(op && operationTime(op) ? { since: operationTime(op) } : {}),
    };
  }
  return null;
}

/** What the status knows beyond the service's read state. */
export interface SyncStatusContext {
  /** The installation's connection to the provider, as the service last saw it. */
  connectionStatus?: ConnectionStatus | undefined;
  /** Where "Run now" of each object would start reading (see `runNowSince`). */
  runNowSince?: ((objectName: string) => string | null) | undefined;
}

/** The note the BFF pauses with: who paused, so that the status can tell the user's pause from others. */
export const userPauseNotePrefix = 'consumer:';

function objectStatus(
  status: ObjectReadStatus,
  operations: readonly Operation[],
  context: SyncStatusContext,
): SyncObjectStatus {
  const op = latestOperation(operations, status.objectName);
  const backfillOp = status.backfill
    ? operations.find((candidate) => candidate.id === status.backfill?.operationId)
    : undefined;
  const backfill = status.backfill
    ? {
        operationId: status.backfill.operationId,
        recordsProcessed: status.backfill.recordsProcessed,
        recordsEstimatedTotal: status.backfill.recordsEstimatedTotal ?? null,
        ...(status.backfill.recordsDelivered === undefined
          ? {}
          : { recordsDelivered: status.backfill.recordsDelivered }),
        startTime: backfillOp?.createTime ?? null,
        updateTime: backfillOp?.updateTime ?? backfillOp?.createTime ?? null,
        done: status.backfill.status !== 'in_progress',
      }
    : null;
  const turnedOff = status.disabled === true;
  // A connection the provider stopped accepting fails every read: it is the reason, whatever else the
  // last read said, and the user's one remedy is to reconnect.
  const disconnected = context.connectionStatus === 'bad_credentials';
  const problem: SyncProblem | null = disconnected ? { code: 'connection' } : problemOf(status, op);
  const paused = status.paused === true;
  const running = op?.status === 'in_progress' || status.lastRunStatus === 'in_progress';
  const backfilling = Boolean(backfill && !backfill.done);
  const state: SyncObjectStatus['state'] = turnedOff
    ? 'turned_off'
    : problem
      ? 'failing'
      : paused
        ? 'paused'
        : backfilling
          ? 'backfilling'
          : running
            ? 'reading'
            : op || status.lastRunTime
              ? 'up_to_date'
              : 'waiting';
  // A turned-off object refuses on-demand reads (seed 2.4); a broken connection would fail one; a
  // running one would only queue a second read.
  const runNowBlockedBy = turnedOff
    ? 'turned_off'
    : disconnected
      ? 'connection'
      : running || backfilling
        ? 'running'
        : undefined;
  const since = context.runNowSince?.(status.objectName);
  // Only while a read runs: the three words a user reads, and the times, never the provider's message.
  const wait = running || backfilling ? status.providerWait : undefined;
  const providerWait = wait
    ? {
        state: disconnected ? ('reconnect' as const) : wait.state,
        since: wait.since,
        ...(wait.retryAt ? { retryAt: wait.retryAt } : {}),
      }
    : undefined;
  return {
    objectName: status.objectName,
    state,
    backfill,
    lastRun: lastRunOf(status, op),
    nextRunTime: paused || turnedOff ? null : (status.nextRunTime ?? null),
    recordsDelivered: status.recordsDelivered ?? 0,
    problem: turnedOff ? null : problem,
    canRunNow: runNowBlockedBy === undefined,
    ...(runNowBlockedBy ? { runNowBlockedBy } : {}),
    ...(since === undefined ? {} : { runNowSince: since }),
    paused,
    ...(paused ? { pausedBy: status.pauseNote?.startsWith(userPauseNotePrefix) ? 'user' : 'service' } : {}),
    ...(providerWait ? { providerWait } : {}),
  };
}

/**
 * The browser's status answer, from the service's read state and latest operations. Only what the
 * strict browser schema names is copied: no destination, URL, header or secret can pass through.
 */
export function buildSyncStatus(
  installationId: string | null,
  objects: readonly ObjectReadStatus[],
  operations: readonly Operation[],
  now: Date,
  context: SyncStatusContext = {},
): SyncStatus {
  const statuses = objects.map((status) => objectStatus(status, operations, context));
  return {
    installationId,
    ...(context.connectionStatus ? { connectionStatus: context.connectionStatus } : {}),
    objects: statuses,
    // Polling is worth it while something moves: a read running, deliveries waiting to be retried, or
    // an installation so new that its first read is not planned yet (it starts within one engine tick).
    running: statuses.some(
      (s) =>
        s.state === 'backfilling' ||
        s.state === 'reading' ||
        s.problem?.code === 'delivery_retrying' ||
        (s.state === 'waiting' && s.nextRunTime === null),
    ),
    checkedAt: now.toISOString(),
  };
}
