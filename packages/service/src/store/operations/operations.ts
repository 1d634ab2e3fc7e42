/** Read operations: started, listed, ended. A stream runs its operations one at a time, oldest first. */
import type {
  NewReadOperation,
  ProviderFaults,
  ReadOperation,
  ReadType,
} from '../../reads/operation-store.js';
import { step, type Work } from '../access.js';
import type { OperationTables } from './context.js';
import { type OperationRow, operationResult, providerFaultsOf, toOperation } from './rows.js';
import { chunks, inList, valueRows } from './sql.js';

/** The columns of an operation that starts reading, as `operationValues` lists them. */
export const operationColumns = `id, project_id, integration_id, installation_id, config_id, object_name,
  read_type, since_time, until_time, scheduled_time, create_time`;

export const operationValues = (o: NewReadOperation): unknown[] => [
  o.id,
  o.projectId,
  o.integrationId,
  o.installationId,
  o.configId,
  o.objectName,
  o.readType,
  o.sinceTime ?? null,
  o.untilTime,
  o.scheduledTime ?? null,
  o.createTime,
];

/** Operations that start reading: `reading`, `in_progress`, last updated when created. */
export function* insertOperations(operations: readonly NewReadOperation[]): Work<void> {
  for (const run of chunks(operations)) {
    yield* step(
      `INSERT INTO read_operations (${operationColumns}, status, phase, update_time)
       VALUES ${valueRows(run.length, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'in_progress', 'reading', ?)")}`,
      ...run.flatMap((o) => [...operationValues(o), o.createTime]),
    );
  }
}

export function insertOperation({ db }: OperationTables, operation: NewReadOperation): Promise<void> {
  return db.atomically(() => insertOperations([operation]));
}

export async function setEstimate(
  { db }: OperationTables,
  operationId: string,
  total: number,
): Promise<void> {
  await db.query('UPDATE read_operations SET records_estimated_total = ? WHERE id = ?', total, operationId);
}

export async function headOperations(
  { db, dialect }: OperationTables,
  limit: number,
): Promise<ReadOperation[]> {
  const heads = dialect.headOperations(limit);
  const { rows } = await db.query<OperationRow>(heads.text, ...heads.params);
  return rows.map(toOperation).sort((a, b) => a.seq - b.seq);
}

export async function getOperation({ db }: OperationTables, id: string): Promise<ReadOperation | undefined> {
  const { rows } = await db.query<OperationRow>('SELECT * FROM read_operations WHERE id = ?', id);
  return rows[0] && toOperation(rows[0]);
}

export async function operationWithPending(
  { db }: OperationTables,
  id: string,
): Promise<{ operation: ReadOperation; pending: number } | undefined> {
  const { rows } = await db.query<OperationRow & { pending: number | string }>(
    `SELECT o.*, (SELECT count(*) FROM deliveries d WHERE d.installation_id = o.installation_id
       AND d.object_name = o.object_name AND d.status = 'pending') AS pending
     FROM read_operations o WHERE o.id = ?`,
    id,
  );
  const row = rows[0];
  return row && { operation: toOperation(row), pending: Number(row.pending) };
}

export async function listOperations(
  { db }: OperationTables,
  installationId: string,
  pageSize: number,
  beforeSeq?: number,
): Promise<ReadOperation[]> {
  const { rows } = await db.query<OperationRow>(
    'SELECT * FROM read_operations WHERE installation_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?',
    installationId,
    beforeSeq ?? Number.MAX_SAFE_INTEGER,
    pageSize,
  );
  return rows.map(toOperation);
}

export async function latestOperation(
  { db }: OperationTables,
  installationId: string,
  objectName: string,
  readType?: ReadType,
): Promise<ReadOperation | undefined> {
  const { rows } = await db.query<OperationRow>(
    `SELECT * FROM read_operations WHERE installation_id = ? AND object_name = ?
       AND (CAST(? AS TEXT) IS NULL OR read_type = ?) ORDER BY seq DESC LIMIT 1`,
    installationId,
    objectName,
    readType ?? null,
    readType ?? null,
  );
  return rows[0] && toOperation(rows[0]);
}

export async function failReading(
  { db, dialect }: OperationTables,
  operationId: string,
  error: string,
  now: string,
): Promise<void> {
  await db.query(
    `UPDATE read_operations SET phase = 'delivering', errors = ${dialect.appendError}, update_time = ?
     WHERE id = ? AND phase = 'reading'`,
    error,
    now,
    operationId,
  );
}

/**
 * Counts a fault by class and records it as the one being waited out. Only the process holding the
 * operation's stream reads and writes this column, so a read-modify-write is safe.
 */
export async function recordProviderFault(
  { db }: OperationTables,
  operationId: string,
  fault: { faultClass: string; message: string; time: string; retryAt?: string },
): Promise<void> {
  const { rows } = await db.query<Pick<OperationRow, 'provider_faults'>>(
    'SELECT provider_faults FROM read_operations WHERE id = ?',
    operationId,
  );
  const current: ProviderFaults = providerFaultsOf(rows[0]?.provider_faults ?? null) ?? { counts: {} };
  const since = current.waiting?.faultClass === fault.faultClass ? current.waiting.since : fault.time;
  const next: ProviderFaults = {
    counts: { ...current.counts, [fault.faultClass]: (current.counts[fault.faultClass] ?? 0) + 1 },
    waiting: {
      faultClass: fault.faultClass,
      since,
      ...(fault.retryAt ? { retryAt: fault.retryAt } : {}),
      message: fault.message,
    },
  };
  await db.query(
    'UPDATE read_operations SET provider_faults = ? WHERE id = ?',
    JSON.stringify(next),
    operationId,
  );
}

export async function clearProviderWait({ db }: OperationTables, operationId: string): Promise<void> {
  const { rows } = await db.query<Pick<OperationRow, 'provider_faults'>>(
    'SELECT provider_faults FROM read_operations WHERE id = ?',
    operationId,
  );
  const current = providerFaultsOf(rows[0]?.provider_faults ?? null);
  if (!current?.waiting) return;
  await db.query(
    'UPDATE read_operations SET provider_faults = ? WHERE id = ?',
    JSON.stringify({ counts: current.counts }),
    operationId,
  );
}

/** Inside a transaction: ends an operation whose reading is over and whose messages all settled. */
export function* finishIfSettled(
  { dialect }: OperationTables,
  operationId: string,
  now: string,
): Work<boolean> {
  // On PostgreSQL the row lock orders this after any acknowledgement counting on the operation.
  const { rows } = yield* step<OperationRow>(
    `SELECT * FROM read_operations WHERE id = ? ${dialect.lockRows}`,
    operationId,
  );
  const row = rows[0];
  if (row?.phase !== 'delivering') return false;
  const pending = yield* step(
    `SELECT 1 FROM deliveries WHERE operation_id = ? AND status = 'pending' LIMIT 1`,
    operationId,
  );
  if (pending.rows.length > 0) return false;
  const { status, result } = operationResult(row);
  yield* step(
    `UPDATE read_operations SET phase = 'done', status = ?, result = ?, update_time = ?, end_time = ?,
       claim_owner = NULL, claim_until = NULL
     WHERE id = ?`,
    status,
    result,
    now,
    now,
    operationId,
  );
  yield* step(
    'UPDATE read_objects SET last_run_time = ?, last_run_status = ? WHERE installation_id = ? AND object_name = ?',
    now,
    status,
    row.installation_id,
    row.object_name,
  );
  yield* step('UPDATE installations SET last_operation_status = ? WHERE id = ?', status, row.installation_id);
  return true;
}

export async function stopStreams(
  { db, bodies }: OperationTables,
  installationId: string,
  objectNames: string[],
  reason: string,
  now: string,
): Promise<number> {
  if (objectNames.length === 0) return 0;
  const { stopped, dropped } = await db.atomically(function* () {
    let stopped = 0;
    const dropped: string[] = [];
    for (const names of chunks(objectNames)) {
      const ended = yield* step(
        `UPDATE read_operations SET phase = 'done', status = 'failure',
           result = '[' || object_name || '] ' || ?, update_time = ?, end_time = ?,
           claim_owner = NULL, claim_until = NULL
         WHERE installation_id = ? AND phase <> 'done' AND object_name IN ${inList(names.length)}`,
        reason,
        now,
        now,
        installationId,
        ...names,
      );
      stopped += ended.changes;
      const gone = yield* step<{ id: string }>(
        `DELETE FROM deliveries WHERE installation_id = ? AND object_name IN ${inList(names.length)} RETURNING id`,
        installationId,
        ...names,
      );
      dropped.push(...gone.rows.map((row) => row.id));
    }
    return { stopped, dropped };
  });
  for (const id of dropped) bodies.forget(id);
  return stopped;
}
