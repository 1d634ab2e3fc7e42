/** A write operation as `GET {base_url}/projects/{p}/operations/{id}` answers it (the hosted `Operation`). */
import type { Operation, WriteBatchResponse } from '@splice/schema';
import type { WriteOperation } from './write-store.js';

function summary(operation: WriteOperation): string | undefined {
  const body = operation.answer?.body;
  if (!body) return undefined;
  const what = `[${operation.objectName}] ${operation.request.type}`;
  if ('successCount' in body) {
    const batch = body as WriteBatchResponse;
    return `${what}: ${batch.successCount} records written, ${batch.failureCount} failed`;
  }
  return body.result?.success ? `${what}: 1 record written` : `${what}: the record was not written`;
}

export function writeOperationView(operation: WriteOperation): Operation {
  const result = summary(operation);
  const ended = operation.status === 'success' || operation.status === 'failure';
  return {
    id: operation.id,
    projectId: operation.projectId,
    integrationId: operation.integrationId,
    installationId: operation.installationId,
    configId: operation.configId,
    actionType: 'write',
    status: ended ? (operation.status as 'success' | 'failure') : 'in_progress',
    ...(result && { result }),
    metadata: {
      objects: [operation.objectName],
      write: {
        type: operation.request.type,
        mode: operation.mode,
        attempts: operation.attempts,
        deadlineTime: new Date(operation.deadlineTime).toISOString(),
        ...(operation.answer && { response: operation.answer.body }),
        ...(operation.lastError !== undefined && !ended && { lastError: operation.lastError }),
      },
    },
    createTime: operation.createTime,
    updateTime: operation.updateTime,
    ...(operation.endTime && { endTime: operation.endTime }),
  };
}
