/**
 * Messages (`deliveries`) owed to receivers: handed out in order per stream, a few at a time, and settled
 * as sent (see `acks.ts`), retried, parked or failed.
 */
import type { Delivery, NewDelivery } from '../../reads/operation-store.js';
import { step, type Work } from '../access.js';
import type { OperationTables } from './context.js';
import { type DeliveryRow, toDelivery } from './rows.js';
import { chunks, inList, valueRows } from './sql.js';

/** Where stored messages belong: their operation, and the stream (an installation's object) they go out in. */
export interface MessageStream {
  operationId: string;
  projectId: string;
  installationId: string;
  objectName: string;
}

/** Stores messages of one stream, due now: each one's row in `deliveries`, its body in `delivery_bodies`. */
export function* insertDeliveries(
  stream: MessageStream,
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
        stream.operationId,
        stream.projectId,
        stream.installationId,
        stream.objectName,
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

export async function pendingDeliveries(
  { db }: OperationTables,
  installationId: string,
  objectName: string,
): Promise<number> {
  return db.count(
    `SELECT count(*) AS n FROM deliveries WHERE installation_id = ? AND object_name = ? AND status = 'pending'`,
    installationId,
    objectName,
  );
}

export async function dueDeliveries(
  { db, dialect, bodies }: OperationTables,
  now: number,
  limit: number,
  window: number,
  inFlight: ReadonlySet<string>,
): Promise<Delivery[]> {
  const due = dialect.dueDeliveries(now, limit, window, inFlight);
  const { rows } = await db.query<Omit<DeliveryRow, 'body'>>(due.text, ...due.params);
  const heads = rows.filter((row) => !inFlight.has(row.id)).slice(0, limit);
  const missing = heads.filter((row) => !bodies.has(row.id)).map((row) => row.id);
  const fetched = new Map<string, string>();
  if (missing.length > 0) {
    const stored = await db.query<{ id: string; body: string }>(
      `SELECT id, body FROM delivery_bodies WHERE id IN ${inList(missing.length)}`,
      ...missing,
    );
    for (const row of stored.rows) fetched.set(row.id, row.body);
  }
  return heads
    .flatMap((row) => {
      const body = bodies.get(row.id) ?? fetched.get(row.id);
      // A message settled meanwhile (by another instance whose claim had run out) is no longer owed.
      return body === undefined ? [] : [toDelivery({ ...row, body })];
    })
    .sort((a, b) => a.nextAttemptTime - b.nextAttemptTime || a.seq - b.seq);
}

/** The earliest next attempt of any pending message, epoch ms. */
export async function nextDeliveryTime({ db, dialect }: OperationTables): Promise<number | undefined> {
  const { rows } = await db.query<{ next: number | string | null }>(
    `SELECT min(${dialect.dueAgain}) AS next FROM deliveries WHERE status = 'pending'`,
  );
  const next = rows[0]?.next;
  return next === null || next === undefined ? undefined : Number(next);
}

export async function markRetry(
  { db }: OperationTables,
  delivery: Delivery,
  nextAttemptTime: number,
  firstAttemptTime: number,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE deliveries SET attempts = attempts + 1, next_attempt_time = ?,
       first_attempt_time = coalesce(first_attempt_time, ?), last_error = ?, claim_owner = NULL, claim_until = NULL
     WHERE id = ? AND status = 'pending'`,
    nextAttemptTime,
    firstAttemptTime,
    error,
    delivery.id,
  );
}

/** Puts a message off without counting an attempt: its destination is missing or disabled. */
export async function park(
  { db }: OperationTables,
  delivery: Delivery,
  nextAttemptTime: number,
  reason: string,
): Promise<void> {
  await db.query(
    `UPDATE deliveries SET next_attempt_time = ?, last_error = ?, claim_owner = NULL, claim_until = NULL
     WHERE id = ? AND status = 'pending'`,
    nextAttemptTime,
    reason,
    delivery.id,
  );
}

/** Makes a destination's waiting messages due now: it was created, updated or enabled again. */
export async function wakeDestination(
  { db }: OperationTables,
  projectId: string,
  destinationName: string,
): Promise<void> {
  await db.query(
    `UPDATE deliveries SET next_attempt_time = 0
     WHERE project_id = ? AND destination_name = ? AND status = 'pending'`,
    projectId,
    destinationName,
  );
}

export async function markFailed(
  { db, dialect, bodies }: OperationTables,
  delivery: Delivery,
  error: string,
  now: string,
): Promise<void> {
  bodies.forget(delivery.id);
  await db.atomically(function* () {
    const failed = yield* step(
      `UPDATE deliveries SET status = 'failed', attempts = attempts + 1, last_error = ?,
         claim_owner = NULL, claim_until = NULL
       WHERE id = ? AND status = 'pending'`,
      error,
      delivery.id,
    );
    if (failed.changes === 0) return;
    // Counted in SQL, so two instances failing messages of one operation both count.
    yield* step(
      `UPDATE read_operations SET messages_failed = messages_failed + 1, errors = ${dialect.appendError},
         update_time = ?
       WHERE id = ?`,
      `message ${delivery.id}: ${error}`,
      now,
      delivery.operationId,
    );
  });
}

/** The error of a stream's first pending message, if it has been attempted. */
export async function streamDeliveryState(
  { db }: OperationTables,
  installationId: string,
  objectName: string,
): Promise<{ pending: number; attempts: number; lastError?: string; retryingSince?: number }> {
  const { rows } = await db.query<{
    attempts: number;
    last_error: string | null;
    first_attempt_time: number | string | null;
    pending: number | string;
  }>(
    `SELECT attempts, last_error, first_attempt_time, (SELECT count(*) FROM deliveries x
         WHERE x.installation_id = d.installation_id AND x.object_name = d.object_name
           AND x.status = 'pending') AS pending
     FROM deliveries d WHERE installation_id = ? AND object_name = ? AND status = 'pending'
     ORDER BY seq LIMIT 1`,
    installationId,
    objectName,
  );
  const head = rows[0];
  if (!head) return { pending: 0, attempts: 0 };
  return {
    pending: Number(head.pending),
    attempts: Number(head.attempts),
    ...(head.last_error ? { lastError: head.last_error } : {}),
    ...(head.first_attempt_time === null ? {} : { retryingSince: Number(head.first_attempt_time) }),
  };
}
