/**
 * What the `write-status` extension says of an installation's writes: per object, the records written,
 * deleted and refused since an instant, and the latest failed write with its reason in the provider's
 * words. Pure: the rows come from write-status-store.ts.
 */
import type { ObjectWriteStatus, WriteBatchResponse, WriteSingleResponse, WriteType } from '@splice/schema';

/** One ended write, as the summary needs it. */
export interface EndedWrite {
  id: string;
  objectName: string;
  type: WriteType;
  answer: WriteSingleResponse | WriteBatchResponse;
  endTime: string;
}

const fallbackReason = 'The provider did not write the record.';

function isBatch(answer: EndedWrite['answer']): answer is WriteBatchResponse {
  return 'successCount' in answer;
}

/** The first reason a failed write gave: its own errors, else its first refused record's. */
export function failureReason(answer: EndedWrite['answer']): string {
  const top = answer.errors?.[0]?.message;
  if (top) return top;
  const results = isBatch(answer) ? (answer.results ?? []) : answer.result ? [answer.result] : [];
  return results.find((r) => !r.success)?.errors?.[0]?.message ?? fallbackReason;
}

function counts(write: EndedWrite) {
  const { answer } = write;
  if (isBatch(answer)) return { succeeded: answer.successCount, failed: answer.failureCount };
  const succeeded = answer.result?.success === true ? 1 : 0;
  return { succeeded, failed: 1 - succeeded };
}

/**
 * Per object (those of `objectNames` first, in their order, then any other written object): counts of
 * `recent` (the writes ended since the instant) and the latest of `failures` (failed writes, newest first).
 */
export function summariseWrites(
  objectNames: readonly string[],
  recent: readonly EndedWrite[],
  failures: readonly EndedWrite[],
): ObjectWriteStatus[] {
  const byObject = new Map<string, ObjectWriteStatus>();
  const entry = (objectName: string) => {
    let status = byObject.get(objectName);
    if (!status) {
      status = { objectName, recordsWritten: 0, recordsDeleted: 0, recordsFailed: 0, lastFailure: null };
      byObject.set(objectName, status);
    }
    return status;
  };
  for (const name of objectNames) entry(name);
  for (const write of recent) {
    const status = entry(write.objectName);
    const { succeeded, failed } = counts(write);
    if (write.type === 'delete') status.recordsDeleted += succeeded;
    else status.recordsWritten += succeeded;
    status.recordsFailed += failed;
  }
  for (const write of failures) {
    const status = entry(write.objectName);
    if (status.lastFailure) continue;
    status.lastFailure = { time: write.endTime, reason: failureReason(write.answer), operationId: write.id };
  }
  return [...byObject.values()];
}
