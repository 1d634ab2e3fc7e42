/**
 * A read page stored: its messages and the operation's cursor commit together, so after a crash the engine
 * resumes at the cursor and resends only messages not yet recorded as delivered.
 */
import type { ReadPageCheckpoint } from '../../reads/operation-store.js';
import { step } from '../access.js';
import type { OperationTables } from './context.js';
import { insertDeliveries } from './deliveries.js';
import { finishIfSettled } from './operations.js';
import type { OperationRow } from './rows.js';

export async function checkpoint(tables: OperationTables, page: ReadPageCheckpoint): Promise<void> {
  const { db, dialect, bodies } = tables;
  const stored = await db.atomically(function* () {
    const { rows } = yield* step<OperationRow>(
      `SELECT * FROM read_operations WHERE id = ? ${dialect.lockRows}`,
      page.operationId,
    );
    const row = rows[0];
    // Not reading any more (failed meanwhile), or the cursor moved since this page was read (another
    // instance stored it): nothing is written.
    if (
      row?.phase !== 'reading' ||
      Number(row.after_id) !== page.fromAfterId ||
      (row.read_cursor ?? undefined) !== page.fromCursor
    ) {
      return false;
    }
    yield* insertDeliveries(
      {
        operationId: row.id,
        projectId: row.project_id,
        installationId: row.installation_id,
        objectName: row.object_name,
      },
      page.messages,
      page.createTime,
    );
    const lease = dialect.pageLease;
    yield* step(
      `UPDATE read_operations SET after_id = ?, read_cursor = ?, records_processed = ?, messages_total = messages_total + ?,
         phase = ?, update_time = ?, records_estimated_total = coalesce(?, records_estimated_total)${lease.text}
       WHERE id = ?`,
      page.afterId,
      page.cursor ?? null,
      page.recordsProcessed,
      page.messages.length,
      page.finished ? 'delivering' : 'reading',
      page.createTime,
      page.recordsEstimatedTotal ?? null,
      ...lease.params,
      row.id,
    );
    // Every record up to `until` is now stored as a message: the next incremental read starts there. A
    // triggered read picks its own window and leaves the schedule's cursor alone.
    if (page.finished && row.read_type !== 'triggered') {
      yield* step(
        `UPDATE read_objects SET cursor_time = ?
         WHERE installation_id = ? AND object_name = ? AND (cursor_time IS NULL OR cursor_time < ?)`,
        row.until_time,
        row.installation_id,
        row.object_name,
        row.until_time,
      );
    }
    // A last page with nothing left to deliver (a scheduled read that found nothing new) ends here.
    if (page.finished) yield* finishIfSettled(tables, page.operationId, page.createTime);
    return true;
  });
  if (stored) bodies.remember(page.messages);
}
