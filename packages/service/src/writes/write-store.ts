/**
 * Write operations, durably: one row per write request (the `write_operations` table). A synchronous
 * write's row carries its idempotency key while the write runs and its answer once done; an asynchronous
 * write's row is its queue entry until it ends. The same queries run on SQLite and PostgreSQL (`StoreAccess`).
 */
import type { WriteMode, WriteRequest } from '@splice/schema';
import type { Database } from 'better-sqlite3';
import type { StoreAccess } from '../store/access.js';
import { now } from '../store/access.js';
import { PgAccess } from '../store/pg/pg-access.js';
import type { PgPool } from '../store/pg/pool.js';
import { SqliteAccess } from '../store/sqlite-access.js';
import type { Table } from '../store/table.js';
import type { WriteAnswer } from './write-answer.js';

export type WriteStatus = 'queued' | 'running' | 'success' | 'failure';

export interface WriteOperation {
  id: string;
  projectId: string;
  integrationId: string;
  installationId: string;
  configId: string;
  groupRef: string;
  objectName: string;
  /** The caller's `Idempotency-Key`, unique per project. */
  idempotencyKey?: string;
  /** A digest of what was asked, so a key sent again with another request is told apart. */
  requestHash: string;
  request: WriteRequest;
  mode: WriteMode;
  status: WriteStatus;
  /** The answer the write ended with (or, for a synchronous write, answered). */
  answer?: WriteAnswer;
  /** Calls of the write so far. */
  attempts: number;
  /** When a queued write is due, epoch ms. */
  nextAttemptTime: number;
  /** When an asynchronous write stops being retried, epoch ms. */
  deadlineTime: number;
  /** Until when a running attempt holds it, epoch ms; an attempt that died lets it go then. */
  claimUntil?: number;
  lastError?: string;
  createTime: string;
  updateTime: string;
  endTime?: string;
}

const writeOperations: Table<WriteOperation> = {
  name: 'write_operations',
  columns: {
    id: 'text',
    projectId: 'text',
    integrationId: 'text',
    installationId: 'text',
    configId: 'text',
    groupRef: 'text',
    objectName: 'text',
    idempotencyKey: 'text',
    requestHash: 'text',
    request: 'json',
    mode: 'text',
    status: 'text',
    answer: 'json',
    attempts: 'text',
    nextAttemptTime: 'text',
    deadlineTime: 'text',
    claimUntil: 'text',
    lastError: 'text',
    createTime: 'text',
    updateTime: 'text',
    endTime: 'text',
  },
};

/** Numbers read back as numbers on both databases (SQLite's INTEGER, PostgreSQL's bigint). */
function withNumbers(operation: WriteOperation): WriteOperation {
  return {
    ...operation,
    attempts: Number(operation.attempts),
    nextAttemptTime: Number(operation.nextAttemptTime),
    deadlineTime: Number(operation.deadlineTime),
    ...(operation.claimUntil !== undefined && { claimUntil: Number(operation.claimUntil) }),
  };
}

export class WriteStore {
  /** The store, also for the `write-status` extension's summary (write-status/). */
  constructor(readonly db: StoreAccess) {}

  static sqlite(db: Database): WriteStore {
    return new WriteStore(new SqliteAccess(db));
  }

  static postgres(pool: PgPool): WriteStore {
    return new WriteStore(new PgAccess(pool));
  }

  /** Records a new write; `ConflictError` when the project already has a write with its idempotency key. */
  async insert(operation: WriteOperation): Promise<void> {
    await this.db.insert(
      writeOperations,
      operation,
      `a write with idempotency key "${operation.idempotencyKey}" exists`,
    );
  }

  async get(id: string): Promise<WriteOperation | undefined> {
    const row = await this.db.get(writeOperations, 'SELECT * FROM write_operations WHERE id = ?', id);
    return row && withNumbers(row);
  }

  async byKey(projectId: string, idempotencyKey: string): Promise<WriteOperation | undefined> {
    const row = await this.db.get(
      writeOperations,
      'SELECT * FROM write_operations WHERE project_id = ? AND idempotency_key = ?',
      projectId,
      idempotencyKey,
    );
    return row && withNumbers(row);
  }

  /** Forgets a write that ended before reaching the provider, so its key may be sent again. */
  async delete(id: string): Promise<void> {
    await this.db.change('DELETE FROM write_operations WHERE id = ?', id);
  }

  /**
   * Takes over a synchronous write whose hold ran out (its process died or lost its store) until `until`:
   * false when it has ended, or when another request took it over first.
   */
  async takeOver(first: WriteOperation, nowMs: number, until: number): Promise<boolean> {
    const held = first.claimUntil ?? 0;
    if (held >= nowMs) return false;
    const taken = await this.db.change(
      `UPDATE write_operations SET claim_until = ?, attempts = attempts + 1, update_time = ?
         WHERE id = ? AND status = 'running' AND coalesce(claim_until, 0) = ?`,
      until,
      now(),
      first.id,
      held,
    );
    return taken === 1;
  }

  /** A running synchronous write is still being carried out: it holds its key until `until`. */
  async renewClaim(id: string, until: number): Promise<void> {
    await this.db.change(
      `UPDATE write_operations SET claim_until = ? WHERE id = ? AND status = 'running'`,
      until,
      id,
    );
  }

  /**
   * A synchronous write's attempt failed without knowing whether it reached the provider: the next request
   * with its key takes it over at once.
   */
  async releaseClaim(id: string): Promise<void> {
    await this.db.change(
      `UPDATE write_operations SET claim_until = 0, update_time = ? WHERE id = ? AND status = 'running'`,
      now(),
      id,
    );
  }

  /** The write ended with `answer`. */
  async finish(id: string, status: 'success' | 'failure', answer: WriteAnswer): Promise<void> {
    const at = now();
    await this.db.change(
      `UPDATE write_operations SET status = ?, answer = ?, claim_until = NULL, update_time = ?, end_time = ?
         WHERE id = ?`,
      status,
      JSON.stringify(answer),
      at,
      at,
      id,
    );
  }

  /** An attempt failed in a way that may pass: the write is due again at `nextAttemptTime`. */
  /**
   * Queues the write again for `nextAttemptTime`. `sent` false says the attempt never reached the provider
   * (the account's request budget was spent), so it is not counted: a later attempt is not one that may
   * repeat a write the provider already made.
   */
  async retryLater(id: string, nextAttemptTime: number, lastError: string, sent = true): Promise<void> {
    await this.db.change(
      `UPDATE write_operations SET status = 'queued', next_attempt_time = ?, last_error = ?, claim_until = NULL,
         attempts = attempts - ?, update_time = ? WHERE id = ?`,
      nextAttemptTime,
      lastError,
      sent ? 0 : 1,
      now(),
      id,
    );
  }

  /**
   * Takes the asynchronous write due first, if any, for `leaseMs`: a queued one whose time has come, or one
   * whose previous attempt's hold ran out (its process died). Counts the attempt.
   */
  async claimDue(nowMs: number, leaseMs: number): Promise<WriteOperation | undefined> {
    const due = `mode = 'asynchronous' AND ((status = 'queued' AND next_attempt_time <= ?)
      OR (status = 'running' AND claim_until < ?))`;
    const candidates = await this.db.all(
      writeOperations,
      `SELECT * FROM write_operations WHERE ${due} ORDER BY next_attempt_time LIMIT 5`,
      nowMs,
      nowMs,
    );
    for (const candidate of candidates) {
      const taken = await this.db.change(
        `UPDATE write_operations SET status = 'running', claim_until = ?, attempts = attempts + 1, update_time = ?
           WHERE id = ? AND ${due}`,
        nowMs + leaseMs,
        now(),
        candidate.id,
        nowMs,
        nowMs,
      );
      if (taken === 1) return this.get(candidate.id);
    }
    return undefined;
  }

  /**
   * The queued auto-batched writes that could join `operation`'s batch: the same installation, object and
   * type, oldest first, at most `limit`, due or not.
   */
  async batchmates(operation: WriteOperation, limit: number): Promise<WriteOperation[]> {
    // Auto-batching is read from the request itself, so a wider page is read and narrowed here.
    const rows = await this.db.all(
      writeOperations,
      `SELECT * FROM write_operations WHERE installation_id = ? AND object_name = ? AND mode = 'asynchronous'
         AND status = 'queued' AND id <> ? ORDER BY create_time, id LIMIT ?`,
      operation.installationId,
      operation.objectName,
      operation.id,
      limit * 4,
    );
    return rows
      .map(withNumbers)
      .filter(
        (row) =>
          row.request.autoBatchPolicy !== undefined &&
          row.request.record !== undefined &&
          row.request.type === operation.request.type,
      )
      .slice(0, limit);
  }

  /** Takes one queued write for `leaseMs`, due or not (a batch it joins is being sent); counts the attempt. */
  async claimQueued(id: string, nowMs: number, leaseMs: number): Promise<WriteOperation | undefined> {
    const taken = await this.db.change(
      `UPDATE write_operations SET status = 'running', claim_until = ?, attempts = attempts + 1, update_time = ?
         WHERE id = ? AND status = 'queued'`,
      nowMs + leaseMs,
      now(),
      id,
    );
    return taken === 1 ? this.get(id) : undefined;
  }

  /** A queued write is due now (its batch is full). */
  async dueNow(id: string, nowMs: number): Promise<void> {
    await this.db.change(
      `UPDATE write_operations SET next_attempt_time = ? WHERE id = ? AND status = 'queued'`,
      nowMs,
      id,
    );
  }

  /** When the next queued write is due, epoch ms; undefined when none waits. */
  async nextDue(): Promise<number | undefined> {
    const { rows } = await this.db.query<{ due: number | string | null }>(
      `SELECT min(next_attempt_time) AS due FROM write_operations
         WHERE mode = 'asynchronous' AND status = 'queued'`,
    );
    const due = rows[0]?.due;
    return due === null || due === undefined ? undefined : Number(due);
  }
}
