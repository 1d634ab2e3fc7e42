import type { WriteRequest } from '@splice/schema';
import type { WriteAnswer } from './write-answer.js';

/** The answer of a write that reached no record: every record failed, for `reason`. */
export function failedAnswer(operationId: string, request: WriteRequest, reason: string): WriteAnswer {
  const errors = [{ message: reason }];
  if (request.batch) {
    return {
      status: 422,
      body: { operationId, successCount: 0, failureCount: request.batch.length, errors },
    };
  }
  return { status: 422, body: { operationId, errors, result: { success: false } } };
}
