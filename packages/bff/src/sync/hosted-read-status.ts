import type { Installation, ManifestReadObject } from '@splice/schema';
import { nextRuns, parseCron } from '@splice/schema';
import type { BackfillProgress, ObjectReadStatus, Operation } from '../upstream/read-shapes.js';

/** The next time a five-field cron schedule fires after `now` (UTC), or null without a usable schedule. */
function nextRunOf(schedule: string | undefined, now: Date): string | null {
  if (!schedule) return null;
  const parsed = parseCron(schedule);
  if (!parsed.ok) return null;
  return nextRuns(parsed.schedule, { from: now, count: 1 })[0]?.toISOString() ?? null;
}

/**
 * Records an object's listed operations handed on: the embedded service counts deliveries itself; the
 * hosted one reports only records read, so a successful read's count stands in for it there.
 */
function recordsOf(operations: readonly Operation[], objectName: string): number {
  let total = 0;
  for (const op of operations) {
    if (!op.metadata?.objects?.includes(objectName)) continue;
    const delivered = op.metadata.recordsDelivered;
    if (delivered !== undefined) total += delivered;
    else if (op.status === 'success') total += op.metadata.progress?.recordsProcessed ?? 0;
  }
  return total;
}

/** One object the installation reads: what its config says, with the manifest's schedule as default. */
interface ReadObject {
  objectName: string;
  schedule: string | undefined;
  disabled: boolean;
}

/**
 * The objects an installation reads: those its config names, then those the manifest reads always
 * (`enabled: always`) that the config leaves out, as both services plan them.
 */
export function readObjectsOf(
  installation: Installation,
  manifestObjects: readonly ManifestReadObject[],
): ReadObject[] {
  const configured = Object.values(installation.config.content.read?.objects ?? {});
  const manifestOf = (name: string) => manifestObjects.find((o) => o.objectName === name);
  const objects: ReadObject[] = configured.map((object) => ({
    objectName: object.objectName,
    schedule: object.schedule ?? manifestOf(object.objectName)?.schedule,
    disabled: object.disabled === true,
  }));
  for (const object of manifestObjects) {
    if (object.enabled === 'always' && !objects.some((o) => o.objectName === object.objectName)) {
      objects.push({ objectName: object.objectName, schedule: object.schedule, disabled: false });
    }
  }
  return objects;
}

/**
 * Each read object's state from what both services document: the installation's config and the
 * manifest (which objects, their schedules, which are disabled), its latest operations, and each
 * object's backfill progress. It
 * has no delivery health and no installation-wide pause (the hosted service shows neither); the
 * `read-status` extension adds those where the service offers it.
 */
export function hostedReadStatus(
  objects: readonly ReadObject[],
  operations: readonly Operation[],
  backfills: ReadonlyMap<string, BackfillProgress | null>,
  now: Date,
): ObjectReadStatus[] {
  return objects.map((object) => {
    const progress = backfills.get(object.objectName) ?? null;
    // The progress answer has no status on the hosted service: its operation in the list has one. An
    // operation too old to be on the page has long ended.
    const backfillOp = progress ? operations.find((op) => op.id === progress.operationId) : undefined;
    const disabled = object.disabled;
    return {
      objectName: object.objectName,
      disabled,
      nextRunTime: disabled ? null : nextRunOf(object.schedule, now),
      recordsDelivered: recordsOf(operations, object.objectName),
      ...(progress
        ? {
            backfill: {
              operationId: progress.operationId,
              status: backfillOp?.status ?? progress.status ?? 'success',
              recordsProcessed: progress.recordsProcessed,
              ...(progress.recordsEstimatedTotal == null
                ? {}
                : { recordsEstimatedTotal: progress.recordsEstimatedTotal }),
            },
          }
        : {}),
    };
  });
}
