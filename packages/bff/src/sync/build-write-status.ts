import type { SyncWriteStatus, WriteStatus } from '@splice/schema';
import { scrubDetail } from './scrub-detail.js';

/** The start of the UTC day `now` falls in: "today" for the writes' counts. */
export function startOfUtcDay(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/** The service's write summary as the browser sees it: counts of today, the latest failure in words. */
export function buildWriteStatus(status: WriteStatus): SyncWriteStatus[] {
  return status.objects.map((object) => ({
    objectName: object.objectName,
    recordsWrittenToday: object.recordsWritten,
    recordsDeletedToday: object.recordsDeleted,
    recordsFailedToday: object.recordsFailed,
    lastFailure: object.lastFailure
      ? {
          time: object.lastFailure.time,
          reason: scrubDetail(object.lastFailure.reason) ?? 'The CRM did not write the record.',
        }
      : null,
  }));
}
