/**
 * `OperationStore` over the service's SQLite database (the read tables of migration 3 in
 * ../store/migrations.ts: read_plans, read_objects, read_operations, deliveries). better-sqlite3 is
 * synchronous; each method does its work in one transaction and hands back a settled Promise, so callers
 * are written for a networked store already.
 *
 * It is meant to get a connection of its own opened with `synchronous = NORMAL`: a backfill commits a few
 * hundred times a second, and an fsync each would stall the event loop. A process crash (SIGKILL) loses no
 * committed transaction either way. A power cut may lose the last commits; since a page's messages and
 * its cursor commit together, the engine then reads those records again and nothing is lost, but messages
 * already delivered may arrive again under new ids.
 */
import type { Database, Statement } from 'better-sqlite3';
import {
  bodyCacheChars,
  type DeliveryRow,
  type DueRow,
  errorsOf,
  maxErrors,
  type OperationRow,
  operationResult,
  type ReadObjectRow,
  toDelivery,
  toDueObject,
  toOperation,
  toReadObject,
} from './operation-rows.js';
import type {
  Delivery,
  DueObject,
  NewReadOperation,
  OperationStore,
  PlannedObject,
  ReadObjectState,
  ReadOperation,
  ReadPageCheckpoint,
  ReadType,
  ScheduledStart,
} from './operation-store.js';

export class SqliteOperationStore implements OperationStore {
  readonly #insertOperation;
  readonly #insertDelivery;
  readonly #headOperations;
  readonly #dueObjects;
  readonly #dueDeliveries;
  readonly #deliveryBySeq;
  readonly #deliveryHeadBySeq;
  /**
   * Bodies of messages stored lately, by message id, up to `bodyCacheChars`: most are sent within
   * moments of being stored, and reading 300 KB back from SQLite for each cost as much as writing it.
   * The database stays the truth; a body not here (after a restart, or evicted) is read from it.
   */
  readonly #bodies = new Map<string, string>();
  #bodyChars = 0;
  readonly #getOperation;
  /** Acknowledged messages waiting for their shared commit (see `markDelivered`). */
  #acks: Array<{ delivery: Delivery; now: string }> = [];
  #acksCommitted: Promise<void> | undefined;

  constructor(private readonly db: Database) {
    this.#insertOperation = db.prepare<[Record<string, unknown>]>(
      `INSERT INTO read_operations (id, project_id, integration_id, installation_id, config_id, object_name,
         read_type, status, phase, since_time, until_time, scheduled_time, create_time, update_time)
       VALUES (@id, @projectId, @integrationId, @installationId, @configId, @objectName, @readType,
         'in_progress', 'reading', @sinceTime, @untilTime, @scheduledTime, @createTime, @createTime)`,
    );
    this.#insertDelivery = db.prepare(
      `INSERT INTO deliveries (id, operation_id, project_id, installation_id, object_name, destination_name,
         body, num_records, status, next_attempt_time, create_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?)`,
    );
    // Each stream's oldest unfinished operation: streams run one operation at a time, in creation order.
    this.#headOperations = db.prepare<[number], OperationRow>(
      `SELECT o.* FROM read_operations o
       WHERE o.phase != 'done' AND o.seq = (
         SELECT min(p.seq) FROM read_operations p
         WHERE p.phase != 'done' AND p.installation_id = o.installation_id AND p.object_name = o.object_name)
       ORDER BY o.seq LIMIT ?`,
    );
    this.#dueObjects = db.prepare<[number, number], DueRow>(
      `SELECT r.*, i.project_id, i.integration_id, json_extract(i.config, '$.id') AS config_id
       FROM read_objects r JOIN installations i ON i.id = r.installation_id
       WHERE r.paused = 0 AND r.next_run_time IS NOT NULL AND r.next_run_time <= ?
         AND NOT EXISTS (SELECT 1 FROM read_operations o WHERE o.phase != 'done'
           AND o.installation_id = r.installation_id AND o.object_name = r.object_name)
       ORDER BY r.next_run_time LIMIT ?`,
    );
    // Per stream, the first `window` pending messages (in seq order) whose attempt is due. Only keys here:
    // bodies are fetched for the few that are sent.
    this.#dueDeliveries = db.prepare<[number, number, number], { seq: number; id: string }>(
      `SELECT seq, id FROM (
         SELECT seq, id, next_attempt_time, row_number() OVER (
           PARTITION BY installation_id, object_name ORDER BY seq) AS position
         FROM deliveries WHERE status = 'pending')
       WHERE position <= ? AND next_attempt_time <= ?
       ORDER BY next_attempt_time, seq LIMIT ?`,
    );
    this.#deliveryBySeq = db.prepare<[number], DeliveryRow>(
      `SELECT * FROM deliveries WHERE seq = ? AND status = 'pending'`,
    );
    this.#deliveryHeadBySeq = db.prepare<[number], Omit<DeliveryRow, 'body'>>(
      `SELECT seq, id, operation_id, project_id, installation_id, object_name, destination_name, num_records,
         attempts, next_attempt_time, first_attempt_time, last_error
       FROM deliveries WHERE seq = ? AND status = 'pending'`,
    );
    this.#getOperation = db.prepare<[string], OperationRow>('SELECT * FROM read_operations WHERE id = ?');
  }

  readonly #statements = new Map<string, Statement>();

  /** A prepared statement, prepared once: the engine runs the same few thousands of times a minute. */
  #sql(text: string): Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  #insert(operation: NewReadOperation): void {
    this.#insertOperation.run({
      ...operation,
      sinceTime: operation.sinceTime ?? null,
      scheduledTime: operation.scheduledTime ?? null,
    });
  }

  async installationsToPlan(limit: number): Promise<Array<{ projectId: string; installationId: string }>> {
    return this.#sql(
      `SELECT i.project_id AS projectId, i.id AS installationId FROM installations i LEFT JOIN read_plans p ON p.installation_id = i.id
         WHERE p.installation_id IS NULL OR p.config_id != json_extract(i.config, '$.id')
         ORDER BY i.create_time LIMIT ?`,
    ).all(limit) as Array<{ projectId: string; installationId: string }>;
  }

  async savePlan(
    installationId: string,
    configId: string,
    objects: PlannedObject[],
    now: string,
  ): Promise<boolean> {
    const upsert = this.#sql(
      `INSERT INTO read_objects (installation_id, object_name, schedule, next_run_time, cursor_time,
         backfill_operation_id)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (installation_id, object_name) DO UPDATE SET schedule = excluded.schedule,
         next_run_time = excluded.next_run_time`,
    );
    return this.db.transaction(() => {
      // Planning runs from the create route and from the engine's tick: whichever comes second does nothing.
      const planned = this.#sql('SELECT config_id FROM read_plans WHERE installation_id = ?')
        .pluck()
        .get(installationId) as string | undefined;
      if (planned === configId) return false;
      const known = new Set(
        this.#sql('SELECT object_name FROM read_objects WHERE installation_id = ?')
          .pluck()
          .all(installationId) as string[],
      );
      for (const object of objects) {
        // An object the installation already read keeps its cursor: an update backfills only new objects.
        const backfill = known.has(object.objectName) ? undefined : object.backfill;
        upsert.run(
          installationId,
          object.objectName,
          object.schedule ?? null,
          object.nextRunTime ?? null,
          object.cursorTime ?? null,
          backfill?.id ?? null,
        );
        if (backfill) this.#insert(backfill);
        known.delete(object.objectName);
      }
      // Objects the config no longer reads stop being scheduled; an operation still reading one fails
      // at its next page (the worker no longer finds the object) and its stored messages are delivered.
      const drop = this.#sql('DELETE FROM read_objects WHERE installation_id = ? AND object_name = ?');
      for (const name of known) drop.run(installationId, name);
      this.#sql(
        `INSERT INTO read_plans (installation_id, config_id, plan_time) VALUES (?, ?, ?)
           ON CONFLICT (installation_id) DO UPDATE SET config_id = excluded.config_id, plan_time = excluded.plan_time`,
      ).run(installationId, configId, now);
      return true;
    })();
  }

  async orphanedPlans(limit: number): Promise<string[]> {
    return this.#sql(
      `SELECT p.installation_id FROM read_plans p LEFT JOIN installations i ON i.id = p.installation_id
         WHERE i.id IS NULL LIMIT ?`,
    )
      .pluck()
      .all(limit) as string[];
  }

  async forgetInstallation(installationId: string, reason: string, now: string): Promise<void> {
    this.db.transaction(() => {
      const dropped = this.#sql(`SELECT id FROM deliveries WHERE installation_id = ? AND status = 'pending'`)
        .pluck()
        .all(installationId) as string[];
      for (const id of dropped) this.#forgetBody(id);
      this.#sql(`DELETE FROM deliveries WHERE installation_id = ? AND status = 'pending'`).run(
        installationId,
      );
      const open = this.#sql(
        `SELECT * FROM read_operations WHERE installation_id = ? AND phase != 'done'`,
      ).all(installationId) as OperationRow[];
      const close = this.#sql(
        `UPDATE read_operations SET phase = 'done', status = 'failure', errors = ?, result = ?,
           update_time = ?, end_time = ? WHERE id = ?`,
      );
      for (const row of open) {
        close.run(this.#appendError(row, reason), `[${row.object_name}] ${reason}`, now, now, row.id);
      }
      this.#sql('DELETE FROM read_objects WHERE installation_id = ?').run(installationId);
      this.#sql('DELETE FROM read_plans WHERE installation_id = ?').run(installationId);
    })();
  }

  async nextRunTime(): Promise<number | undefined> {
    const value = this.#sql(
      'SELECT min(next_run_time) FROM read_objects WHERE paused = 0 AND next_run_time IS NOT NULL',
    )
      .pluck()
      .get() as number | null;
    return value ?? undefined;
  }

  async dueObjects(now: number, limit: number): Promise<DueObject[]> {
    return this.#dueObjects.all(now, limit).map(toDueObject);
  }

  async startScheduled(starts: ScheduledStart[]): Promise<void> {
    const move = this.#sql(
      'UPDATE read_objects SET next_run_time = ? WHERE installation_id = ? AND object_name = ?',
    );
    this.db.transaction(() => {
      for (const start of starts) {
        this.#insert(start.operation);
        move.run(start.nextRunTime ?? null, start.installationId, start.objectName);
      }
    })();
  }

  async setNextRun(
    installationId: string,
    objectName: string,
    nextRunTime: number | undefined,
  ): Promise<void> {
    this.#sql('UPDATE read_objects SET next_run_time = ? WHERE installation_id = ? AND object_name = ?').run(
      nextRunTime ?? null,
      installationId,
      objectName,
    );
  }

  async insertOperation(operation: NewReadOperation): Promise<void> {
    this.#insert(operation);
  }

  async headOperations(limit: number): Promise<ReadOperation[]> {
    return this.#headOperations.all(limit).map(toOperation);
  }

  async getOperation(id: string): Promise<ReadOperation | undefined> {
    const row = this.#getOperation.get(id);
    return row ? toOperation(row) : undefined;
  }

  async listOperations(
    installationId: string,
    pageSize: number,
    beforeSeq?: number,
  ): Promise<ReadOperation[]> {
    return (
      this.#sql(
        `SELECT * FROM read_operations WHERE installation_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
      ).all(installationId, beforeSeq ?? Number.MAX_SAFE_INTEGER, pageSize) as OperationRow[]
    ).map(toOperation);
  }

  async latestOperation(
    installationId: string,
    objectName: string,
    readType?: ReadType,
  ): Promise<ReadOperation | undefined> {
    const row = this.#sql(
      `SELECT * FROM read_operations WHERE installation_id = ? AND object_name = ?
           AND (? IS NULL OR read_type = ?) ORDER BY seq DESC LIMIT 1`,
    ).get(installationId, objectName, readType ?? null, readType ?? null) as OperationRow | undefined;
    return row ? toOperation(row) : undefined;
  }

  async checkpoint(page: ReadPageCheckpoint): Promise<void> {
    const stored = this.db.transaction(() => {
      const row = this.#getOperation.get(page.operationId);
      // A checkpoint for an operation that is no longer reading (failed meanwhile), or whose cursor moved
      // since the page was read, writes nothing.
      if (row?.phase !== 'reading' || row.after_id !== page.fromAfterId) return false;
      for (const message of page.messages) {
        this.#insertDelivery.run(
          message.id,
          row.id,
          row.project_id,
          row.installation_id,
          row.object_name,
          message.destinationName,
          message.body,
          message.numRecords,
          page.createTime,
        );
      }
      this.#sql(
        `UPDATE read_operations SET after_id = ?, records_processed = ?, messages_total = messages_total + ?,
           phase = ?, update_time = ?, records_estimated_total = coalesce(?, records_estimated_total)
         WHERE id = ?`,
      ).run(
        page.afterId,
        page.recordsProcessed,
        page.messages.length,
        page.finished ? 'delivering' : 'reading',
        page.createTime,
        page.recordsEstimatedTotal ?? null,
        row.id,
      );
      // Every record up to `until` is now stored as a message: the next incremental read starts there.
      // A triggered read picks its own window and leaves the schedule's cursor alone.
      if (page.finished && row.read_type !== 'triggered') {
        this.#sql(
          `UPDATE read_objects SET cursor_time = ?
             WHERE installation_id = ? AND object_name = ? AND (cursor_time IS NULL OR cursor_time < ?)`,
        ).run(row.until_time, row.installation_id, row.object_name, row.until_time);
      }
      // A last page with nothing left to deliver (a scheduled read that found nothing new) ends here.
      if (page.finished) this.#finishIfSettled(page.operationId, page.createTime);
      return true;
    })();
    if (!stored) return;
    for (const message of page.messages) {
      if (this.#bodyChars + message.body.length > bodyCacheChars) break;
      this.#bodies.set(message.id, message.body);
      this.#bodyChars += message.body.length;
    }
  }

  #forgetBody(id: string): void {
    const body = this.#bodies.get(id);
    if (body === undefined) return;
    this.#bodies.delete(id);
    this.#bodyChars -= body.length;
  }

  async setEstimate(operationId: string, total: number): Promise<void> {
    this.#sql('UPDATE read_operations SET records_estimated_total = ? WHERE id = ?').run(total, operationId);
  }

  #appendError(row: OperationRow, error: string): string {
    const errors = errorsOf(row);
    if (errors.length < maxErrors) errors.push(error);
    return JSON.stringify(errors);
  }

  async failReading(operationId: string, error: string, now: string): Promise<void> {
    this.db.transaction(() => {
      const row = this.#getOperation.get(operationId);
      if (row?.phase !== 'reading') return;
      this.#sql(
        `UPDATE read_operations SET phase = 'delivering', errors = ?, update_time = ? WHERE id = ?`,
      ).run(this.#appendError(row, error), now, operationId);
    })();
  }

  async finishIfSettled(operationId: string, now: string): Promise<boolean> {
    return this.db.transaction(() => this.#finishIfSettled(operationId, now))();
  }

  /** Inside a transaction: ends an operation whose reading is over and whose messages all settled. */
  #finishIfSettled(operationId: string, now: string): boolean {
    const row = this.#getOperation.get(operationId);
    if (row?.phase !== 'delivering') return false;
    const pending = this.#sql(`SELECT count(*) FROM deliveries WHERE operation_id = ? AND status = 'pending'`)
      .pluck()
      .get(operationId) as number;
    if (pending > 0) return false;
    const { status, result } = operationResult(row);
    this.#sql(
      `UPDATE read_operations SET phase = 'done', status = ?, result = ?, update_time = ?, end_time = ?
         WHERE id = ?`,
    ).run(status, result, now, now, operationId);
    this.#sql(
      `UPDATE read_objects SET last_run_time = ?, last_run_status = ? WHERE installation_id = ? AND object_name = ?`,
    ).run(now, status, row.installation_id, row.object_name);
    this.#sql('UPDATE installations SET last_operation_status = ? WHERE id = ?').run(
      status,
      row.installation_id,
    );
    return true;
  }

  async pendingDeliveries(installationId: string, objectName: string): Promise<number> {
    return this.#sql(
      `SELECT count(*) FROM deliveries WHERE installation_id = ? AND object_name = ? AND status = 'pending'`,
    )
      .pluck()
      .get(installationId, objectName) as number;
  }

  async dueDeliveries(
    now: number,
    limit: number,
    window: number,
    inFlight: ReadonlySet<string>,
  ): Promise<Delivery[]> {
    const keys = this.#dueDeliveries.all(window, now, limit + inFlight.size);
    const due: Delivery[] = [];
    for (const key of keys) {
      if (due.length === limit) break;
      if (inFlight.has(key.id)) continue;
      const body = this.#bodies.get(key.id);
      const row =
        body === undefined
          ? this.#deliveryBySeq.get(key.seq)
          : { ...this.#deliveryHeadBySeq.get(key.seq)!, body };
      if (row?.seq !== undefined) due.push(toDelivery(row));
    }
    return due;
  }

  async nextDeliveryTime(): Promise<number | undefined> {
    const value = this.#sql(`SELECT min(next_attempt_time) FROM deliveries WHERE status = 'pending'`)
      .pluck()
      .get() as number | null;
    return value ?? undefined;
  }

  /**
   * Acknowledgements arriving together share one transaction (one fsync): each call joins the batch that
   * commits on the next turn of the event loop and resolves once it is committed. A crash before the commit
   * only means those messages are sent again, with their ids.
   */
  markDelivered(delivery: Delivery, now: string): Promise<void> {
    this.#acks.push({ delivery, now });
    this.#acksCommitted ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        const batch = this.#acks;
        this.#acks = [];
        this.#acksCommitted = undefined;
        try {
          this.#commitAcks(batch);
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    });
    return this.#acksCommitted;
  }

  #commitAcks(batch: Array<{ delivery: Delivery; now: string }>): void {
    const remove = this.#sql(`DELETE FROM deliveries WHERE id = ? AND status = 'pending'`);
    const countOperation = this.#sql(
      `UPDATE read_operations SET messages_delivered = messages_delivered + 1,
         records_delivered = records_delivered + ?, update_time = ? WHERE id = ?`,
    );
    const countObject = this.#sql(
      `UPDATE read_objects SET records_delivered = records_delivered + ?
       WHERE installation_id = ? AND object_name = ?`,
    );
    this.db.transaction(() => {
      for (const { delivery, now } of batch) {
        this.#forgetBody(delivery.id);
        // The body is not kept: a delivered message is only a count on its operation from here on.
        if (remove.run(delivery.id).changes === 0) continue;
        countOperation.run(delivery.numRecords, now, delivery.operationId);
        countObject.run(delivery.numRecords, delivery.installationId, delivery.objectName);
      }
    })();
  }

  async markRetry(
    delivery: Delivery,
    nextAttemptTime: number,
    firstAttemptTime: number,
    error: string,
  ): Promise<void> {
    this.#sql(
      `UPDATE deliveries SET attempts = attempts + 1, next_attempt_time = ?,
           first_attempt_time = coalesce(first_attempt_time, ?), last_error = ? WHERE id = ?`,
    ).run(nextAttemptTime, firstAttemptTime, error, delivery.id);
  }

  /** Waits without counting an attempt: the destination is missing or disabled. */
  async park(delivery: Delivery, nextAttemptTime: number, reason: string): Promise<void> {
    this.#sql('UPDATE deliveries SET next_attempt_time = ?, last_error = ? WHERE id = ?').run(
      nextAttemptTime,
      reason,
      delivery.id,
    );
  }

  /** Makes a destination's waiting messages due now (it was created, updated or re-enabled). */
  async wakeDestination(projectId: string, destinationName: string): Promise<void> {
    this.#sql(
      `UPDATE deliveries SET next_attempt_time = 0 WHERE project_id = ? AND destination_name = ? AND status = 'pending'`,
    ).run(projectId, destinationName);
  }

  async markFailed(delivery: Delivery, error: string, now: string): Promise<void> {
    this.#forgetBody(delivery.id);
    this.db.transaction(() => {
      const changed = this.#sql(
        `UPDATE deliveries SET status = 'failed', attempts = attempts + 1, last_error = ?
           WHERE id = ? AND status = 'pending'`,
      ).run(error, delivery.id);
      if (changed.changes === 0) return;
      const row = this.#getOperation.get(delivery.operationId);
      if (!row) return;
      this.#sql(
        `UPDATE read_operations SET messages_failed = messages_failed + 1, errors = ?, update_time = ? WHERE id = ?`,
      ).run(this.#appendError(row, `message ${delivery.id}: ${error}`), now, row.id);
    })();
  }

  async streamDeliveryState(
    installationId: string,
    objectName: string,
  ): Promise<{ pending: number; attempts: number; lastError?: string; retryingSince?: number }> {
    const head = this.#sql(
      `SELECT attempts, last_error, first_attempt_time, (SELECT count(*) FROM deliveries x
           WHERE x.installation_id = d.installation_id AND x.object_name = d.object_name AND x.status = 'pending') AS pending
         FROM deliveries d WHERE installation_id = ? AND object_name = ? AND status = 'pending' ORDER BY seq LIMIT 1`,
    ).get(installationId, objectName) as
      | { attempts: number; last_error: string | null; first_attempt_time: number | null; pending: number }
      | undefined;
    if (!head) return { pending: 0, attempts: 0 };
    return {
      pending: head.pending,
      attempts: head.attempts,
      ...(head.last_error ? { lastError: head.last_error } : {}),
      ...(head.first_attempt_time === null ? {} : { retryingSince: head.first_attempt_time }),
    };
  }

  async readObjects(installationId: string): Promise<ReadObjectState[]> {
    return (
      this.#sql('SELECT * FROM read_objects WHERE installation_id = ? ORDER BY object_name').all(
        installationId,
      ) as ReadObjectRow[]
    ).map(toReadObject);
  }

  async getReadObject(installationId: string, objectName: string): Promise<ReadObjectState | undefined> {
    const row = this.#sql('SELECT * FROM read_objects WHERE installation_id = ? AND object_name = ?').get(
      installationId,
      objectName,
    ) as ReadObjectRow | undefined;
    return row ? toReadObject(row) : undefined;
  }

  async setPaused(
    installationId: string,
    objectNames: string[] | undefined,
    paused: boolean,
    note?: string,
  ): Promise<void> {
    const update = this.#sql(
      `UPDATE read_objects SET paused = ?, pause_note = ? WHERE installation_id = ? AND (? IS NULL OR object_name = ?)`,
    );
    this.db.transaction(() => {
      for (const name of objectNames ?? [null]) {
        update.run(paused ? 1 : 0, paused ? (note ?? null) : null, installationId, name, name);
      }
    })();
  }

  // ---- an installation updated ----

  async stopStreams(
    installationId: string,
    objectNames: string[],
    reason: string,
    now: string,
  ): Promise<number> {
    const stopOperations = this.#sql(
      `UPDATE read_operations SET phase = 'done', status = 'failure',
         result = '[' || object_name || '] ' || ?, update_time = ?, end_time = ?
       WHERE installation_id = ? AND phase != 'done' AND object_name = ?`,
    );
    const dropMessages = this.#sql('DELETE FROM deliveries WHERE installation_id = ? AND object_name = ?');
    return this.db.transaction(() => {
      let stopped = 0;
      const dropped = this.#sql(
        'SELECT id FROM deliveries WHERE installation_id = ? AND object_name = ?',
      ).pluck();
      for (const name of objectNames) {
        stopped += stopOperations.run(reason, now, now, installationId, name).changes;
        for (const id of dropped.all(installationId, name) as string[]) this.#forgetBody(id);
        dropMessages.run(installationId, name);
      }
      return stopped;
    })();
  }
}
