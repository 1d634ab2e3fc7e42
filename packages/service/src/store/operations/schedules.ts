/** The streams (`read_objects`): their schedules, pause state and history. */
import type { DueObject, ReadObjectState, ScheduledStart } from '../../reads/operation-store.js';
import { step } from '../access.js';
import type { OperationTables } from './context.js';
import { insertOperations } from './operations.js';
import { type DueRow, type ReadObjectRow, toDueObject, toReadObject } from './rows.js';
import { inList } from './sql.js';

export async function nextRunTime({ db, dialect }: OperationTables): Promise<number | undefined> {
  const { rows } = await db.query<{ next: number | string | null }>(
    `SELECT min(next_run_time) AS next FROM read_objects r WHERE ${dialect.unpaused} AND next_run_time IS NOT NULL`,
  );
  const next = rows[0]?.next;
  return next === null || next === undefined ? undefined : Number(next);
}

/**
 * Unpaused streams whose next run is due and that have no operation running. Several instances may see the
 * same ones; `startScheduled` starts each once.
 */
export async function dueObjects(
  { db, dialect }: OperationTables,
  now: number,
  limit: number,
): Promise<DueObject[]> {
  const { rows } = await db.query<DueRow>(
    `SELECT r.*, i.project_id, i.integration_id, i.config ->> 'id' AS config_id
     FROM read_objects r JOIN installations i ON i.id = r.installation_id
     WHERE ${dialect.unpaused} AND r.next_run_time IS NOT NULL AND r.next_run_time <= ?
       AND NOT EXISTS (SELECT 1 FROM read_operations o WHERE o.phase <> 'done'
         AND o.installation_id = r.installation_id AND o.object_name = r.object_name)
     ORDER BY r.next_run_time LIMIT ?`,
    now,
    limit,
  );
  return rows.map(toDueObject);
}

/**
 * Moves each stream's next run on and, for the streams it moved, creates their operation, all in one
 * transaction. The dialect's guard makes the move a compare-and-set where another instance may start the
 * same stream: it waits for the row, finds the time moved and starts nothing.
 */
export async function startScheduled(
  { db, dialect }: OperationTables,
  starts: ScheduledStart[],
): Promise<void> {
  if (starts.length === 0) return;
  await db.atomically(function* () {
    const started = [];
    for (const start of starts) {
      const guard = dialect.startGuard(start);
      const moved = yield* step(
        `UPDATE read_objects SET next_run_time = ? WHERE installation_id = ? AND object_name = ?${guard.text}`,
        start.nextRunTime ?? null,
        start.installationId,
        start.objectName,
        ...guard.params,
      );
      if (moved.changes > 0) started.push(start.operation);
    }
    yield* insertOperations(started);
  });
}

/** Moves a stream's next run time without a read (a paused or vanished object). */
export async function setNextRun(
  { db }: OperationTables,
  installationId: string,
  objectName: string,
  nextRunTime: number | undefined,
): Promise<void> {
  await db.query(
    'UPDATE read_objects SET next_run_time = ? WHERE installation_id = ? AND object_name = ?',
    nextRunTime ?? null,
    installationId,
    objectName,
  );
}

export async function readObjects(
  { db }: OperationTables,
  installationId: string,
): Promise<ReadObjectState[]> {
  const { rows } = await db.query<ReadObjectRow>(
    'SELECT * FROM read_objects WHERE installation_id = ? ORDER BY object_name',
    installationId,
  );
  return rows.map(toReadObject);
}

export async function getReadObject(
  { db }: OperationTables,
  installationId: string,
  objectName: string,
): Promise<ReadObjectState | undefined> {
  const { rows } = await db.query<ReadObjectRow>(
    'SELECT * FROM read_objects WHERE installation_id = ? AND object_name = ?',
    installationId,
    objectName,
  );
  return rows[0] && toReadObject(rows[0]);
}

/** Pauses or resumes the named objects (all when undefined). */
export async function setPaused(
  { db }: OperationTables,
  installationId: string,
  objectNames: string[] | undefined,
  paused: boolean,
  note?: string,
): Promise<void> {
  if (objectNames?.length === 0) return;
  // A flag is 1 or 0 on both databases: PostgreSQL's boolean takes them, SQLite binds no booleans.
  await db.query(
    `UPDATE read_objects SET paused = ?, pause_note = ? WHERE installation_id = ?${
      objectNames ? ` AND object_name IN ${inList(objectNames.length)}` : ''
    }`,
    paused ? 1 : 0,
    paused ? (note ?? null) : null,
    installationId,
    ...(objectNames ?? []),
  );
}
