/**
 * The `read-status` extension's answer: per object its pause state, schedule, last and next run, records
 * delivered, backfill and delivery health, from the installation's config and the operation store.
 */
import type { ObjectReadStatus, ProviderWait, ReadStatus } from '@splice/schema';
import type { DestinationStore } from '../store/destination-store.js';
import type { Installation, Repository } from '../store/index.js';
import { manifestOf } from './operation-context.js';
import type { OperationStore, ReadOperation } from './operation-store.js';
import { effectiveReadObjects } from './read-plan.js';

/** What the object's running read waits out at its provider, in the status's three states. */
function providerWaitOf(operation: ReadOperation | undefined): ProviderWait | undefined {
  const waiting = operation?.phase === 'reading' ? operation.providerFaults?.waiting : undefined;
  if (!waiting) return undefined;
  const state: ProviderWait['state'] =
    waiting.faultClass === 'rate_limited'
      ? 'rate_limited'
      : waiting.faultClass === 'auth_revoked'
        ? 'reconnect'
        : 'not_answering';
  return { state, since: waiting.since, ...(waiting.retryAt ? { retryAt: waiting.retryAt } : {}) };
}

export async function readStatusView(
  sources: { repo: Repository; store: OperationStore; destinations: DestinationStore },
  installation: Installation,
): Promise<ReadStatus> {
  const { repo, store, destinations } = sources;
  const manifest = await manifestOf(repo, installation.projectId, installation.integrationId);
  const states = new Map((await store.readObjects(installation.id)).map((s) => [s.objectName, s]));
  const objects: ObjectReadStatus[] = [];
  for (const object of effectiveReadObjects(installation, manifest)) {
    const state = states.get(object.objectName);
    const backfill = state?.backfillOperationId
      ? await store.getOperation(state.backfillOperationId)
      : undefined;
    const stream = await store.streamDeliveryState(installation.id, object.objectName);
    const providerWait = providerWaitOf(await store.latestOperation(installation.id, object.objectName));
    const destination = object.destination
      ? await destinations.get(installation.projectId, object.destination)
      : undefined;
    const delivery: ObjectReadStatus['delivery'] =
      destination?.status === 'disabled'
        ? { state: 'disabled', lastError: destination.disabledReason }
        : stream.pending > 0 && (stream.attempts > 0 || !destination)
          ? {
              state: 'retrying',
              ...(stream.lastError ? { lastError: stream.lastError } : {}),
              ...(stream.retryingSince
                ? { retryingSince: new Date(stream.retryingSince).toISOString() }
                : {}),
            }
          : { state: 'ok' };
    objects.push({
      objectName: object.objectName,
      paused: state?.paused ?? false,
      ...(state?.paused && state.pauseNote ? { pauseNote: state.pauseNote } : {}),
      disabled: object.disabled,
      ...(object.schedule ? { schedule: object.schedule } : {}),
      ...(object.destination ? { destination: object.destination } : {}),
      nextRunTime:
        state?.nextRunTime !== undefined && !state.paused ? new Date(state.nextRunTime).toISOString() : null,
      lastRunTime: state?.lastRunTime ?? null,
      ...(state?.lastRunStatus ? { lastRunStatus: state.lastRunStatus } : {}),
      recordsDelivered: state?.recordsDelivered ?? 0,
      ...(backfill
        ? {
            backfill: {
              operationId: backfill.id,
              status: backfill.status,
              recordsProcessed: backfill.recordsProcessed,
              recordsDelivered: backfill.recordsDelivered,
              ...(backfill.recordsEstimatedTotal === undefined
                ? {}
                : { recordsEstimatedTotal: backfill.recordsEstimatedTotal }),
            },
          }
        : {}),
      delivery,
      ...(providerWait ? { providerWait } : {}),
    });
  }
  return { installationId: installation.id, objects };
}
