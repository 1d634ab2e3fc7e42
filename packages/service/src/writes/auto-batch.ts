/**
 * Auto-batching: asynchronous single-record writes sent with `autoBatchPolicy` wait in the store until
 * `maxDelayMinutes` after they were accepted, or until a hundred of them wait for the same installation's
 * object and type, and are then sent together as one provider batch. Each caller's operation ends with its
 * own record's result. The group is formed when its oldest write comes due, from whatever waits then, so a
 * restart loses nothing: the writes are rows of the store until they end.
 */
import type { WriteRequest, WriteResult } from '@splice/schema';
import type { WriteAnswer } from './write-answer.js';
import type { WriteOperation } from './write-store.js';

/** The provider batch's size, and how many waiting writes make a group due before its delay ends. */
export const autoBatchLimit = 100;

export const isAutoBatched = (operation: WriteOperation): boolean =>
  operation.request.autoBatchPolicy !== undefined && operation.request.record !== undefined;

/** When an auto-batched write accepted at `nowMs` is sent at the latest. */
export function autoBatchDueTime(request: WriteRequest, nowMs: number): number {
  return nowMs + (request.autoBatchPolicy?.maxDelayMinutes ?? 0) * 60_000;
}

/** The group's writes as one batch request (each record as its caller sent it). */
export function groupRequest(group: readonly WriteOperation[]): WriteRequest {
  const first = group[0]!.request;
  return {
    groupRef: first.groupRef,
    type: first.type,
    mode: 'asynchronous',
    batch: group.map((operation) => ({ record: operation.request.record! })),
    batchPolicy: { allOrNone: false },
  };
}

/** One write's own answer, from its record's result in the group's batch. */
export function ownAnswer(operationId: string, result: WriteResult | undefined): WriteAnswer {
  if (result?.success) return { status: 200, body: { operationId, result } };
  const errors = result?.errors ?? [{ message: 'The provider answered nothing for this record.' }];
  return { status: 422, body: { operationId, errors, result: { success: false } } };
}
