/**
 * A write request as the route takes it: checked against the installation's write settings first (a bad
 * request is answered at once, asynchronous or not), then recorded, then run now (synchronous) or queued
 * (asynchronous). An `Idempotency-Key` already used in the project answers what its first request answered
 * and writes nothing: the same answer once the first is done, `{ operationId }` for a queued write, 409
 * while a synchronous first is still running, and 422 when the key came with a different request.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { WriteAcceptedResponse, WriteRequest } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { ServiceDeps } from '../deps.js';
import type { IntegrationWithManifest } from '../lookups/find-integration.js';
import { withProviderProblems } from '../provider-calls/provider-problem.js';
import { ConflictError } from '../store/index.js';
import { checkWrite, runWrite, type WriteAnswer } from './run-write.js';
import type { WriteService } from './write-service.js';
import type { WriteOperation } from './write-store.js';
import { findWriteTarget, writeConnector } from './write-target.js';

export interface WriteInput {
  integration: IntegrationWithManifest;
  objectName: string;
  request: WriteRequest;
  idempotencyKey?: string;
}

export type AcceptedWrite = WriteAnswer | { status: 200; body: WriteAcceptedResponse };

const hourMs = 3_600_000;

function requestHash(input: WriteInput): string {
  const { integration, objectName, request } = input;
  return createHash('sha256')
    .update(JSON.stringify([integration.integration.id, objectName, request]))
    .digest('base64url');
}

/** What a write with an idempotency key already used answers. */
function replay(first: WriteOperation, hash: string): AcceptedWrite {
  if (first.requestHash !== hash) {
    throw problemError(422, 'idempotencyKeyReused', {
      detail: 'This Idempotency-Key was used for a different write request: use a new key for a new write.',
    });
  }
  if (first.answer && first.mode === 'synchronous') return first.answer;
  if (first.mode === 'asynchronous') return { status: 200, body: { operationId: first.id } };
  throw problemError(409, 'idempotencyKeyInFlight', {
    detail: 'The first write with this Idempotency-Key is still running. Send it again shortly.',
    retryAfterSeconds: 1,
  });
}

export async function acceptWrite(
  deps: ServiceDeps,
  writes: WriteService,
  input: WriteInput,
): Promise<AcceptedWrite> {
  const { integration, objectName, request, idempotencyKey } = input;
  const projectId = integration.project.id;
  const hash = requestHash(input);
  if (idempotencyKey !== undefined) {
    const first = await writes.store.byKey(projectId, idempotencyKey);
    if (first) return replay(first, hash);
  }
  const target = await findWriteTarget(deps, integration, request.groupRef, objectName);
  const connector = await writeConnector(deps, target);
  const asynchronous = request.mode === 'asynchronous';
  if (asynchronous) await withProviderProblems(() => checkWrite(connector, target, request));
  const nowMs = Date.now();
  const deadlineHours =
    request.autoBatchPolicy?.retryDeadlineHours ?? request.retryPolicy?.deadlineHours ?? 1;
  const at = new Date(nowMs).toISOString();
  const operation: WriteOperation = {
    id: randomUUID(),
    projectId,
    integrationId: integration.integration.id,
    installationId: target.installation.id,
    configId: target.installation.config.id,
    groupRef: request.groupRef,
    objectName,
    ...(idempotencyKey !== undefined && { idempotencyKey }),
    requestHash: hash,
    request,
    mode: asynchronous ? 'asynchronous' : 'synchronous',
    status: asynchronous ? 'queued' : 'running',
    attempts: asynchronous ? 0 : 1,
    nextAttemptTime: nowMs,
    deadlineTime: nowMs + deadlineHours * hourMs,
    createTime: at,
    updateTime: at,
  };
  try {
    await writes.store.insert(operation);
  } catch (error) {
    // Another request with the same key was recorded first.
    const first = error instanceof ConflictError && idempotencyKey !== undefined;
    const found = first ? await writes.store.byKey(projectId, idempotencyKey) : undefined;
    if (found) return replay(found, hash);
    throw error;
  }
  if (asynchronous) {
    writes.queue?.wake();
    return { status: 200, body: { operationId: operation.id } };
  }
  let answer: WriteAnswer;
  try {
    answer = await withProviderProblems(() => runWrite(connector, target, request, operation.id));
  } catch (error) {
    // Nothing was written (the request was refused, or the provider's call failed as a whole): the key may
    // be sent again.
    await writes.store.delete(operation.id);
    throw error;
  }
  await writes.store.finish(operation.id, answer.status === 200 ? 'success' : 'failure', answer);
  return answer;
}
