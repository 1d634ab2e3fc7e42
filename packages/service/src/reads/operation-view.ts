/**
 * Operations and backfill progress as the API answers them (the hosted service's `Operation` and
 * `BackfillProgress`, schemas in @splice/schema), from what the operation store keeps.
 */
import type { BackfillProgress, Operation } from '@splice/schema';
import type { ReadOperation } from './operation-store.js';

/** An operation as the hosted service shapes it, with read details in `metadata` (docs/service-interface.md#reads). */
export function operationView(operation: ReadOperation): Operation {
  return {
    id: operation.id,
    projectId: operation.projectId,
    integrationId: operation.integrationId,
    installationId: operation.installationId,
    configId: operation.configId,
    actionType: 'read',
    status: operation.status,
    ...(operation.result ? { result: operation.result } : {}),
    metadata: {
      objects: [operation.objectName],
      readType: operation.readType,
      progress: {
        installationId: operation.installationId,
        objectName: operation.objectName,
        operationId: operation.id,
        recordsProcessed: operation.recordsProcessed,
        ...(operation.recordsEstimatedTotal === undefined
          ? {}
          : { recordsEstimatedTotal: operation.recordsEstimatedTotal }),
      },
      recordsDelivered: operation.recordsDelivered,
      messagesDelivered: operation.messagesDelivered,
      messagesFailed: operation.messagesFailed,
      errors: operation.errors,
      ...(operation.providerFaults ? { providerFaults: operation.providerFaults.counts } : {}),
      ...(operation.scheduledTime ? { scheduledTime: operation.scheduledTime } : {}),
    },
    createTime: operation.createTime,
    updateTime: operation.updateTime,
    ...(operation.endTime ? { endTime: operation.endTime } : {}),
  };
}

/** An object's backfill, from its backfill operation. */
export function backfillProgressView(operation: ReadOperation): BackfillProgress {
  return {
    installationId: operation.installationId,
    objectName: operation.objectName,
    operationId: operation.id,
    status: operation.status,
    recordsProcessed: operation.recordsProcessed,
    ...(operation.recordsEstimatedTotal === undefined
      ? {}
      : { recordsEstimatedTotal: operation.recordsEstimatedTotal }),
    recordsDelivered: operation.recordsDelivered,
    createTime: operation.createTime,
    updateTime: operation.updateTime,
  };
}
