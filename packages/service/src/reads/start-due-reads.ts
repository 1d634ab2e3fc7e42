import { randomUUID } from 'node:crypto';
import type { OperationStore, ScheduledStart } from './operation-store.js';
import { nextRunAfter, readUntil } from './read-plan.js';
import type { TimeSlice } from './time-slice.js';
import type { ReadTiming } from './timing.js';

/** Due scheduled reads started in one batch. */
const startBatch = 500;

/** Starts every due scheduled read, in batches, yielding to the event loop between them. */
export async function startDueReads(
  store: OperationStore,
  timing: ReadTiming,
  slice: TimeSlice,
): Promise<void> {
  for (;;) {
    // Each batch is stamped with the time it is actually started, so lateness figures are honest.
    const now = timing.now();
    const due = await store.dueObjects(now, startBatch);
    if (due.length === 0) break;
    // Thousands of objects share a schedule: its next run after `now` is computed once per batch.
    const nextRuns = new Map<string | undefined, number | undefined>();
    const starts: ScheduledStart[] = due.map((object) => {
      if (!nextRuns.has(object.schedule)) nextRuns.set(object.schedule, nextRunAfter(object.schedule, now));
      const nextRunTime = nextRuns.get(object.schedule);
      return {
        installationId: object.installationId,
        objectName: object.objectName,
        ...(nextRunTime === undefined ? {} : { nextRunTime }),
        operation: {
          id: randomUUID(),
          projectId: object.projectId,
          integrationId: object.integrationId,
          installationId: object.installationId,
          configId: object.configId,
          objectName: object.objectName,
          readType: 'scheduled',
          ...(object.cursorTime ? { sinceTime: object.cursorTime } : {}),
          untilTime: new Date(readUntil(now)).toISOString(),
          scheduledTime: new Date(object.nextRunTime!).toISOString(),
          createTime: new Date(now).toISOString(),
        },
      };
    });
    await store.startScheduled(starts);
    if (due.length < startBatch) break;
    await slice.yield();
  }
}
