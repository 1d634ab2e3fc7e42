/**
 * A read page stored: its messages and the operation's cursor commit together, so after a crash the engine
 * resumes at the cursor and resends only messages not yet recorded as delivered.
 */
import type { NewDelivery, ReadPageCheckpoint } from '../../reads/operation-store.js';
import { step, type Work } from '../access.js';
import type { OperationTables } from './context.js';
import { finishIfSettled } from './operations.js';
import type { OperationRow } from './rows.js';
import { chunks, valueRows } from './sql.js';

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
    yield* insertMessages(row, page.messages, page.createTime);
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

function* insertMessages(
  row: OperationRow,
  messages: readonly NewDelivery[],
  createTime: string,
): Work<void> {
  for (const run of chunks(messages)) {
    yield* step(
      `INSERT INTO deliveries (id, operation_id, project_id, installation_id, object_name, destination_name,
         num_records, status, next_attempt_time, create_time)
       VALUES ${valueRows(run.length, "(?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?)")}`,
      ...run.flatMap((message) => [
        message.id,
        row.id,
        row.project_id,
        row.installation_id,
        row.object_name,
        message.destinationName,
        message.numRecords,
        createTime,
      ]),
    );
    yield* step(
      `INSERT INTO delivery_bodies (id, body) VALUES ${valueRows(run.length, '(?, ?)')}`,
      ...run.flatMap((message) => [message.id, message.body]),
    );
  }
}
