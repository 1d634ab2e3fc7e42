/**
 * What happened to a connection, kept for notifications: `connection.created` and `connection.updated`
 * when a connect flow saved it (new, or reconnected), `connection.refreshed` when its tokens were
 * rotated, `connection.error` when the provider refused it (the user must reconnect). `detail` is a
 * user-readable sentence that never holds a token.
 */
import type { StoreAccess } from '../access.js';
import { now } from '../access.js';
import type { Table } from '../table.js';

export type ConnectionEventKind =
  | 'connection.created'
  | 'connection.updated'
  | 'connection.refreshed'
  | 'connection.error';

export interface ConnectionEvent {
  seq: number;
  projectId: string;
  connectionId: string;
  kind: ConnectionEventKind;
  detail?: string;
  createTime: string;
}

export type NewConnectionEvent = Omit<ConnectionEvent, 'seq' | 'createTime'> & { createTime?: string };

const connectionEvents: Table<Omit<ConnectionEvent, 'seq'> & { seq: string }> = {
  name: 'connection_events',
  columns: {
    seq: 'text',
    projectId: 'text',
    connectionId: 'text',
    kind: 'text',
    detail: 'text',
    createTime: 'text',
  },
};

export async function insertConnectionEvent(db: StoreAccess, event: NewConnectionEvent): Promise<void> {
  await db.change(
    `INSERT INTO connection_events (project_id, connection_id, kind, detail, create_time)
     VALUES (?, ?, ?, ?, ?)`,
    event.projectId,
    event.connectionId,
    event.kind,
    event.detail ?? null,
    event.createTime ?? now(),
  );
}

/** A connection's events, oldest first. */
export async function listConnectionEvents(
  db: StoreAccess,
  projectId: string,
  connectionId: string,
): Promise<ConnectionEvent[]> {
  const rows = await db.all(
    connectionEvents,
    'SELECT * FROM connection_events WHERE project_id = ? AND connection_id = ? ORDER BY seq',
    projectId,
    connectionId,
  );
  return rows.map((row) => ({ ...row, seq: Number(row.seq) }));
}
