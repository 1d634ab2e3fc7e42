/**
 * The read tables' rows (migration 3's tables and columns, the same on both databases) and their mapping to
 * the `OperationStore` types. A BIGINT may come from node-postgres as a string and a flag as a boolean, so
 * numbers go through `num` and flags are compared with both forms: a SQLite value passes unchanged.
 */
import type {
  Delivery,
  ProviderFaults,
  ReadObjectState,
  ReadOperation,
  ReadType,
} from '../../reads/operation-store.js';

/** A number column as either driver returns it (a BIGINT comes from node-postgres as a string). */
type Num = number | string;

export interface OperationRow {
  seq: Num;
  id: string;
  project_id: string;
  integration_id: string;
  installation_id: string;
  config_id: string;
  object_name: string;
  read_type: ReadType;
  status: ReadOperation['status'];
  phase: ReadOperation['phase'];
  since_time: string | null;
  until_time: string;
  after_id: Num;
  read_cursor: string | null;
  records_processed: Num;
  records_estimated_total: Num | null;
  records_delivered: Num;
  messages_total: Num;
  messages_delivered: Num;
  messages_failed: Num;
  /** A JSON array: TEXT in SQLite; TEXT or JSONB (already parsed) in PostgreSQL. */
  errors: string | string[];
  /** `ProviderFaults` as JSON text; null before the first fault. */
  provider_faults: string | null;
  result: string | null;
  scheduled_time: string | null;
  create_time: string;
  update_time: string;
  end_time: string | null;
}

export interface ReadObjectRow {
  installation_id: string;
  object_name: string;
  paused: 0 | 1 | boolean;
  pause_note: string | null;
  schedule: string | null;
  next_run_time: Num | null;
  cursor_time: string | null;
  last_run_time: string | null;
  last_run_status: ReadOperation['status'] | null;
  records_delivered: Num;
  backfill_operation_id: string | null;
}

export interface DueRow extends ReadObjectRow {
  project_id: string;
  integration_id: string;
  config_id: string;
}

export interface DeliveryRow {
  seq: Num;
  id: string;
  operation_id: string;
  project_id: string;
  installation_id: string;
  object_name: string;
  destination_name: string;
  body: string;
  num_records: Num;
  attempts: Num;
  next_attempt_time: Num;
  first_attempt_time: Num | null;
  last_error: string | null;
}

/** Errors kept per operation: enough to say what went wrong without growing without bound. */
export const maxErrors = 20;

/** Characters of message bodies kept in memory (about 32 MB of ASCII JSON: a full window of streams). */
export const bodyCacheChars = 32 * 1024 * 1024;

const num = (value: Num): number => (typeof value === 'number' ? value : Number(value));

export function providerFaultsOf(text: string | null): ProviderFaults | undefined {
  if (!text) return undefined;
  const parsed = JSON.parse(text) as Partial<ProviderFaults>;
  return { counts: parsed.counts ?? {}, ...(parsed.waiting ? { waiting: parsed.waiting } : {}) };
}

export function errorsOf(row: Pick<OperationRow, 'errors'>): string[] {
  return typeof row.errors === 'string' ? (JSON.parse(row.errors) as string[]) : row.errors;
}

export function toOperation(row: OperationRow): ReadOperation {
  return {
    id: row.id,
    seq: num(row.seq),
    projectId: row.project_id,
    integrationId: row.integration_id,
    installationId: row.installation_id,
    configId: row.config_id,
    objectName: row.object_name,
    readType: row.read_type,
    status: row.status,
    phase: row.phase,
    ...(row.since_time ? { sinceTime: row.since_time } : {}),
    untilTime: row.until_time,
    afterId: num(row.after_id),
    ...(row.read_cursor === null || row.read_cursor === undefined ? {} : { cursor: row.read_cursor }),
    recordsProcessed: num(row.records_processed),
    ...(row.records_estimated_total === null
      ? {}
      : { recordsEstimatedTotal: num(row.records_estimated_total) }),
    recordsDelivered: num(row.records_delivered),
    messagesTotal: num(row.messages_total),
    messagesDelivered: num(row.messages_delivered),
    messagesFailed: num(row.messages_failed),
    errors: errorsOf(row),
    ...(row.provider_faults ? { providerFaults: providerFaultsOf(row.provider_faults) } : {}),
    ...(row.result ? { result: row.result } : {}),
    ...(row.scheduled_time ? { scheduledTime: row.scheduled_time } : {}),
    createTime: row.create_time,
    updateTime: row.update_time,
    ...(row.end_time ? { endTime: row.end_time } : {}),
  };
}

export function toReadObject(row: ReadObjectRow): ReadObjectState {
  return {
    installationId: row.installation_id,
    objectName: row.object_name,
    paused: row.paused === 1 || row.paused === true,
    ...(row.pause_note ? { pauseNote: row.pause_note } : {}),
    ...(row.schedule ? { schedule: row.schedule } : {}),
    ...(row.next_run_time === null ? {} : { nextRunTime: num(row.next_run_time) }),
    ...(row.cursor_time ? { cursorTime: row.cursor_time } : {}),
    ...(row.last_run_time ? { lastRunTime: row.last_run_time } : {}),
    ...(row.last_run_status ? { lastRunStatus: row.last_run_status } : {}),
    recordsDelivered: num(row.records_delivered),
    ...(row.backfill_operation_id ? { backfillOperationId: row.backfill_operation_id } : {}),
  };
}

export function toDueObject(row: DueRow) {
  return {
    ...toReadObject(row),
    projectId: row.project_id,
    integrationId: row.integration_id,
    configId: row.config_id,
  };
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    seq: num(row.seq),
    id: row.id,
    operationId: row.operation_id,
    projectId: row.project_id,
    installationId: row.installation_id,
    objectName: row.object_name,
    destinationName: row.destination_name,
    body: row.body,
    numRecords: num(row.num_records),
    attempts: num(row.attempts),
    nextAttemptTime: num(row.next_attempt_time),
    ...(row.first_attempt_time === null ? {} : { firstAttemptTime: num(row.first_attempt_time) }),
    ...(row.last_error ? { lastError: row.last_error } : {}),
  };
}

/** The result line of a finished operation, as the operations list shows it. */
export function operationResult(row: OperationRow): { status: 'success' | 'failure'; result: string } {
  const errors = errorsOf(row);
  const failed = num(row.messages_failed) > 0 || errors.length > 0;
  const label = `[${row.object_name}]`;
  const result = failed
    ? `${label} ${num(row.records_delivered)} of ${num(row.records_processed)} records delivered; ${errors[0] ?? 'some messages failed'}`
    : num(row.records_processed) === 0
      ? `${label} No new data found`
      : `${label} ${num(row.records_delivered)} records delivered`;
  return { status: failed ? 'failure' : 'success', result };
}
