/**
 * A write request as the route takes it: checked against the installation's write settings first (a bad
 * request is answered at once, asynchronous or not), then recorded, then run now (synchronous) or queued
 * (asynchronous). An `Idempotency-Key` already used in the project answers what its first request answered
 * and writes nothing: the same answer once the first is done, `{ operationId }` for a queued write, 409
 * while a synchronous first is still running, and 422 when the key came with a different request.
 *
 * A synchronous write holds its key for a lease it renews while it runs. A write whose process died (or
 * whose provider call was cut off without an answer) stops renewing it, and the next request with the key
 * takes the write over and carries it out as one that may already have reached the provider (see
 * `runWrite`), answering its real outcome where that can be known.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { WriteAcceptedResponse, WriteRequest } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { Connector } from '../connectors/connector.js';
import { ProviderError } from '../connectors/provider-error.js';
import { faultClassOf } from '../connectors/provider-fault.js';
import type { ServiceDeps } from '../deps.js';
import type { IntegrationWithManifest } from '../lookups/find-integration.js';
import { withProviderProblems } from '../provider-calls/provider-problem.js';
import { ConflictError } from '../store/index.js';
import { autoBatchDueTime, autoBatchLimit } from './auto-batch.js';
import { checkWrite, type RunWriteOptions, runWrite, type WriteAnswer } from './run-write.js';
import type { WriteService } from './write-service.js';
import type { WriteOperation } from './write-store.js';
import { findWriteTarget, type WriteTarget, writeConnector } from './write-target.js';

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

/** How long a running synchronous write holds its key without renewing it (default 30 s). */
const defaultSyncLeaseMs = 30_000;

/** What a write with an idempotency key already used answers. */
async function replay(
  deps: ServiceDeps,
  writes: WriteService,
  first: WriteOperation,
  hash: string,
  integration: IntegrationWithManifest,
): Promise<AcceptedWrite> {
  if (first.requestHash !== hash) {
    throw problemError(422, 'idempotencyKeyReused', {
      detail: 'This Idempotency-Key was used for a different write request: use a new key for a new write.',
    });
  }
  if (first.answer && first.mode === 'synchronous') return first.answer;
  if (first.mode === 'asynchronous') return { status: 200, body: { operationId: first.id } };
  const nowMs = clockOf(writes)();
  const until = nowMs + leaseOf(writes);
  if (first.status === 'running' && (await writes.store.takeOver(first, nowMs, until))) {
    const target = await findWriteTarget(deps, integration, first.groupRef, first.objectName);
    const connector = await writeConnector(deps, target);
    return runSynchronous(writes, first, connector, target, { mayHaveBeenWritten: true });
  }
  throw problemError(409, 'idempotencyKeyInFlight', {
    detail: 'The first write with this Idempotency-Key is still running. Send it again shortly.',
    retryAfterSeconds: 1,
  });
}

const clockOf = (writes: WriteService) => writes.now ?? Date.now;
const leaseOf = (writes: WriteService) => writes.syncLeaseMs ?? defaultSyncLeaseMs;

/**
 * Whether a failed provider call may still have written: it was sent, and no answer came back (a timeout,
 * a reset connection) or one the connector could not read.
 */
function mayHaveReachedProvider(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  return ['timeout', 'connection_reset', 'malformed_answer'].includes(faultClassOf(error));
}

/** A write that fills its group's batch makes the group due now rather than at its delay's end. */
async function dueWhenFull(writes: WriteService, operation: WriteOperation, nowMs: number): Promise<void> {
  const waiting = await writes.store.batchmates(operation, autoBatchLimit - 1);
  if (waiting.length + 1 >= autoBatchLimit) await writes.store.dueNow(operation.id, nowMs);
}

/** Carries out a recorded synchronous write, renewing its hold on the key while it runs. */
async function runSynchronous(
  writes: WriteService,
  operation: WriteOperation,
  connector: Connector,
  target: WriteTarget,
  options: RunWriteOptions,
): Promise<WriteAnswer> {
  const lease = leaseOf(writes);
  const renew = setInterval(() => {
    writes.store.renewClaim(operation.id, clockOf(writes)() + lease).catch(() => {
      // The store is away: the hold lapses and another request may take the write over.
    });
  }, lease / 3);
  renew.unref();
  let answer: WriteAnswer;
  try {
    answer = await withProviderProblems(async () => {
      try {
        return await runWrite(connector, target, operation.request, operation.id, options);
      } catch (error) {
        if (options.mayHaveBeenWritten || mayHaveReachedProvider(error)) {
          // Whether the records were written is unknown: the key's next request takes the write over.
          await writes.store.releaseClaim(operation.id);
        } else {
          // Nothing was written (the request was refused, or the provider refused the call as a whole):
          // the key may be sent again.
          await writes.store.delete(operation.id);
        }
        throw error;
      }
    });
  } finally {
    clearInterval(renew);
  }
  await writes.store.finish(operation.id, answer.status === 200 ? 'success' : 'failure', answer);
  return answer;
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
    if (first) return replay(deps, writes, first, hash, integration);
  }
  const target = await findWriteTarget(deps, integration, request.groupRef, objectName);
  const connector = await writeConnector(deps, target);
  const asynchronous = request.mode === 'asynchronous';
  if (asynchronous) await withProviderProblems(() => checkWrite(connector, target, request));
  const nowMs = clockOf(writes)();
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
    nextAttemptTime: request.autoBatchPolicy ? autoBatchDueTime(request, nowMs) : nowMs,
    deadlineTime: nowMs + deadlineHours * hourMs,
    ...(!asynchronous && { claimUntil: nowMs + leaseOf(writes) }),
    createTime: at,
    updateTime: at,
  };
  try {
    await writes.store.insert(operation);
  } catch (error) {
    // Another request with the same key was recorded first.
    const first = error instanceof ConflictError && idempotencyKey !== undefined;
    const found = first ? await writes.store.byKey(projectId, idempotencyKey) : undefined;
    if (found) return replay(deps, writes, found, hash, integration);
    throw error;
  }
  if (asynchronous) {
    if (request.autoBatchPolicy) await dueWhenFull(writes, operation, nowMs);
    writes.queue?.wake();
    return { status: 200, body: { operationId: operation.id } };
  }
  return runSynchronous(writes, operation, connector, target, {});
}
