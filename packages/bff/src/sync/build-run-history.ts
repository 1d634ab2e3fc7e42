import type { RunHistory, RunHistoryEntry } from '@splice/schema';
import { runHistoryLength } from '@splice/schema';
import type { Operation } from '../upstream/read-shapes.js';
import { scrubDetail } from './scrub-detail.js';

function entryOf(op: Operation): RunHistoryEntry | null {
  const time = op.createTime ?? op.updateTime ?? op.endTime;
  if (!time) return null;
  const reason = op.status === 'failure' ? scrubDetail(op.metadata?.errors?.[0] ?? op.result) : undefined;
  const delivered = op.metadata?.recordsDelivered;
  return {
    operationId: op.id,
    readType: op.metadata?.readType ?? null,
    status: op.status,
    time,
    endTime: op.status === 'in_progress' ? null : (op.endTime ?? op.updateTime ?? null),
    ...(delivered === undefined ? {} : { recordsDelivered: delivered }),
    ...(reason ? { reason } : {}),
  };
}

/**
 * One object's recent reads, newest first, from the installation's operations (which come newest first):
 * the reads that name the object, the latest `runHistoryLength` of them. A failure's reason is the
 * service's words made safe for a browser (no receiver address or secret).
 */
export function buildRunHistory(objectName: string, operations: readonly Operation[]): RunHistory {
  const runs = operations
    .filter((op) => op.metadata?.objects?.includes(objectName))
    .flatMap((op) => entryOf(op) ?? [])
    .slice(0, runHistoryLength);
  return { objectName, runs };
}
