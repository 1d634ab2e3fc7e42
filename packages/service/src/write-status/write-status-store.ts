/**
 * The ended writes of one installation, read from the `write_operations` table for the `write-status`
 * extension (same SQL on SQLite and PostgreSQL). Writes refused before reaching the provider (a bad
 * field, deletion switched off) leave no row: the caller got their problem at once.
 */
import type { WriteRequest } from '@splice/schema';
import type { StoreAccess } from '../store/access.js';
import type { Table } from '../store/table.js';
import type { WriteAnswer } from '../writes/write-answer.js';
import type { EndedWrite } from './summarise-writes.js';

interface EndedWriteRow {
  id: string;
  objectName: string;
  request: WriteRequest;
  answer: WriteAnswer;
  endTime: string;
}

const endedWrites: Table<EndedWriteRow> = {
  name: 'write_operations',
  columns: { id: 'text', objectName: 'text', request: 'json', answer: 'json', endTime: 'text' },
};

const columns = 'id, object_name, request, answer, end_time';

/** How many failed writes are read to find each object's latest: an installation writes few objects. */
const failuresRead = 200;

const ended = (row: EndedWriteRow): EndedWrite => ({
  id: row.id,
  objectName: row.objectName,
  type: row.request.type,
  answer: row.answer.body,
  endTime: row.endTime,
});

/** Writes of the installation that ended at or after `since` (ISO 8601, as `end_time` is stored). */
export async function writesEndedSince(
  db: StoreAccess,
  installationId: string,
  since: string,
): Promise<EndedWrite[]> {
  const rows = await db.all(
    endedWrites,
    `SELECT ${columns} FROM write_operations
       WHERE installation_id = ? AND answer IS NOT NULL AND end_time >= ?`,
    installationId,
    since,
  );
  return rows.map(ended);
}

/** The installation's failed writes, newest first. */
export async function latestFailedWrites(db: StoreAccess, installationId: string): Promise<EndedWrite[]> {
  const rows = await db.all(
    endedWrites,
    `SELECT ${columns} FROM write_operations
       WHERE installation_id = ? AND status = 'failure' AND answer IS NOT NULL
       ORDER BY end_time DESC LIMIT ${failuresRead}`,
    installationId,
  );
  return rows.map(ended);
}
