/**
 * `write.async.done`'s data from an asynchronous write's final answer: whether every record was written,
 * the ids written, and the reasons of those that were not.
 */
import type { WriteResult } from '@splice/schema';
import type { WriteAnswer } from '../writes/write-answer.js';

export function writeDoneData(answer: WriteAnswer) {
  const body = answer.body;
  const results: WriteResult[] =
    'successCount' in body ? (body.results ?? []) : body.result ? [body.result] : [];
  const recordErrors = results.flatMap((result) => (result.errors ?? []).map((e) => e.message));
  const errors = [...(body.errors ?? []).map((e) => e.message), ...recordErrors];
  const successfulRecordIds = results.flatMap((result) =>
    result.success && result.recordId ? [result.recordId] : [],
  );
  return {
    success: answer.status === 200,
    ...(successfulRecordIds.length ? { successfulRecordIds } : {}),
    ...(errors.length ? { errors } : {}),
  };
}
