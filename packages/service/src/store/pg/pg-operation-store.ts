/**
 * `OperationStore` over PostgreSQL (the read tables of ../migrations.ts), for a service that runs
 * as several instances on one database. The semantics are `SqliteOperationStore`'s; what differs is that
 * no instance may assume it is alone:
 *
 * - Work is claimed. A stream's head operation and a due message are each held by one instance at a time
 *   through a lease (`claim_owner`, `claim_until`, epoch ms on the database's clock, so instances need not
 *   agree on time). Claims are taken with `FOR UPDATE SKIP LOCKED`, renewed while the holder works, and an
 *   expired one is taken over: a SIGKILLed instance's streams resume elsewhere after `leaseMs`.
 * - Scheduled reads start by compare-and-set on the stream's `next_run_time` (`startScheduled`): two
 *   instances that both saw a stream due start it once.
 * - A page commits only onto the cursor it was read from (`fromAfterId`), so a page read twice (by an
 *   instance whose lease ran out and by its successor) is stored once.
 * - Counters move by SQL arithmetic in the statement that settles the message, never read-modify-write.
 *
 * What stays per process: the engine's operation contexts cache an installation's config until
 * `installationChanged` runs in that same process, its in-flight set and `#starting` gate are local, and
 * `wake()` reaches only its own loops. Another instance sees a change at its
 * next tick (a new plan, a dropped stream failing at its next page).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  bodyCacheChars,
  type DeliveryRow,
  type DueRow,
  maxErrors,
  type OperationRow,
  operationResult,
  type ReadObjectRow,
  toDelivery,
  toDueObject,
  toOperation,
  toReadObject,
} from '../../reads/operation-rows.js';
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
} from '../../reads/operation-store.js';
import { inTransaction, runStatement } from './pg-transaction.js';
import { valuesList } from './pg-values.js';

export interface PgOperationStoreOptions {
  /** This instance's name in claims. Default: a random UUID per store. */
  owner?: string;
  /**
   * How long a claim holds without renewal, ms. It must outlast a page's read and a message's attempt
   * (`deliveryTimeoutMs`): an instance still working on an expired claim may see its work redone. Default 60 s.
   */
  leaseMs?: number;
  /**
   * Streams one instance holds at most (default: as many as the engine asks for). Lower it so that instances
   * started later find free streams while a first instance works through many.
   */
  maxStreams?: number;
}

/** The database's clock in epoch ms: the one clock every instance's claims are compared with. */
const dbNow = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

/** Appends error `$n` to an operation's `errors` (jsonb), keeping at most `maxErrors`. */
const appendError = (param: string) =>
  `CASE WHEN jsonb_array_length(errors) < ${maxErrors} THEN errors || jsonb_build_array(${param}::text) ELSE errors END`;

/**
 * A plan's read objects in one statement, null when there are none. Parameters are numbered after `after`;
 * `where` is a condition on the whole insert (`#saveFirstPlan` writes only if its plan row went in).
 */
function objectsInsert(
  installationId: string,
  objects: PlannedObject[],
  backfills: NewReadOperation[],
  after = 0,
  where = '',
): { sql: string; params: unknown[] } | null {
  if (objects.length === 0) return null;
  const rows = valuesList(
    objects.map((object) => [
      installationId,
      object.objectName,
      object.schedule ?? null,
      object.nextRunTime ?? null,
      object.cursorTime ?? null,
      backfills.find((b) => b.objectName === object.objectName)?.id ?? null,
    ]),
    after,
  );
  return {
    sql: `INSERT INTO read_objects (installation_id, object_name, schedule, next_run_time, cursor_time,
        backfill_operation_id)
      SELECT o.installation_id, o.object_name, o.schedule, o.next_run_time::bigint, o.cursor_time,
        o.backfill_operation_id
      FROM (VALUES ${rows.sql}) AS o(installation_id, object_name, schedule, next_run_time, cursor_time,
        backfill_operation_id) ${where}
      ON CONFLICT (installation_id, object_name) DO UPDATE SET schedule = excluded.schedule,
        next_run_time = excluded.next_run_time`,
    params: rows.params,
  };
}

/** Operations that start reading, in one statement (as `objectsInsert`); null when there are none. */
function operationsInsert(
  operations: NewReadOperation[],
  after = 0,
  where = '',
): { sql: string; params: unknown[] } | null {
  if (operations.length === 0) return null;
  const rows = valuesList(operations.map(operationParams), after);
  return {
    sql: `INSERT INTO read_operations (id, project_id, integration_id, installation_id, config_id, object_name,
        read_type, status, phase, since_time, until_time, scheduled_time, create_time, update_time)
      SELECT o.id, o.project_id, o.integration_id, o.installation_id, o.config_id, o.object_name, o.read_type,
        'in_progress', 'reading', o.since_time, o.until_time, o.scheduled_time, o.create_time, o.create_time
      FROM (VALUES ${rows.sql}) AS o(id, project_id, integration_id, installation_id, config_id, object_name,
        read_type, since_time, until_time, scheduled_time, create_time) ${where}`,
    params: rows.params,
  };
}

const operationParams = (o: NewReadOperation) => [
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

export class PgOperationStore implements OperationStore {
  readonly #pool: pg.Pool;
  readonly #owner: string;
  readonly #leaseMs: number;
  readonly #maxStreams: number;
  /** Bodies stored lately by this instance, by message id (see SqliteOperationStore): most are sent here. */
  readonly #bodies = new Map<string, string>();
  #bodyChars = 0;
  #acks: Array<{ delivery: Delivery; now: string }> = [];
  #acksCommitted: Promise<void> | undefined;

  constructor(pool: pg.Pool, options: PgOperationStoreOptions = {}) {
    this.#pool = pool;
    this.#owner = options.owner ?? randomUUID();
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#maxStreams = options.maxStreams ?? Number.MAX_SAFE_INTEGER;
  }

  get owner(): string {
    return this.#owner;
  }

  #query<R>(sql: string, params: readonly unknown[] = []) {
    return runStatement<R>(this.#pool, sql, params);
  }

  async installationsToPlan(limit: number): Promise<Array<{ projectId: string; installationId: string }>> {
    const { rows } = await this.#query<{ projectId: string; installationId: string }>(
      `SELECT i.project_id AS "projectId", i.id AS "installationId"
       FROM installations i LEFT JOIN read_plans p ON p.installation_id = i.id
       WHERE p.installation_id IS NULL OR p.config_id <> (i.config ->> 'id')
       ORDER BY i.create_time LIMIT $1`,
      [limit],
    );
    return rows;
  }

  async savePlan(
    installationId: string,
    configId: string,
    objects: PlannedObject[],
    now: string,
  ): Promise<boolean> {
    // Most plans are an installation's first, right after its create: one statement, no transaction.
    if (await this.#saveFirstPlan(installationId, configId, objects, now)) return true;
    return inTransaction(this.#pool, async (client) => {
      // A plan exists. Planning runs from the create and update routes and from every instance's tick: the
      // plan's row is written first, and only when it names another config, so whichever planner comes
      // second waits for the first's row lock, then finds the config stored and does nothing.
      const claimed = await client.query(
        `INSERT INTO read_plans (installation_id, config_id, plan_time) VALUES ($1, $2, $3)
         ON CONFLICT (installation_id) DO UPDATE SET config_id = excluded.config_id, plan_time = excluded.plan_time
         WHERE read_plans.config_id IS DISTINCT FROM excluded.config_id`,
        [installationId, configId, now],
      );
      if (claimed.rowCount === 0) return false;
      // Read now that the plan's row is held: a planner that held it before has committed.
      const stored = await client.query<{ object_name: string }>(
        'SELECT object_name FROM read_objects WHERE installation_id = $1',
        [installationId],
      );
      const known = new Set(stored.rows.map((r) => r.object_name));
      // An object the installation already read keeps its cursor: an update backfills only new objects.
      const backfills = objects.flatMap((o) => (o.backfill && !known.has(o.objectName) ? [o.backfill] : []));
      const planned = objectsInsert(installationId, objects, backfills);
      if (planned) await client.query(planned.sql, planned.params);
      const started = operationsInsert(backfills);
      if (started) await client.query(started.sql, started.params);
      // Objects the config no longer reads stop being scheduled (see SqliteOperationStore.savePlan).
      for (const object of objects) known.delete(object.objectName);
      if (known.size > 0) {
        await client.query('DELETE FROM read_objects WHERE installation_id = $1 AND object_name = ANY($2)', [
          installationId,
          [...known],
        ]);
      }
      return true;
    });
  }

  /**
   * The plan of an installation that has none: its row, objects and backfills in one statement, written only
   * if the row could be inserted. False when a plan exists (or another planner's insert won meanwhile).
   * Nothing was read before it (`forgetInstallation` removes objects and plan together), so every backfill
   * of the config starts.
   */
  async #saveFirstPlan(
    installationId: string,
    configId: string,
    objects: PlannedObject[],
    now: string,
  ): Promise<boolean> {
    const backfills = objects.flatMap((o) => (o.backfill ? [o.backfill] : []));
    const ifPlanned = 'WHERE EXISTS (SELECT 1 FROM plan)';
    const planned = objectsInsert(installationId, objects, backfills, 3, ifPlanned);
    const started = operationsInsert(backfills, 3 + (planned?.params.length ?? 0), ifPlanned);
    const { rows } = await this.#query<{ planned: number }>(
      `WITH plan AS (
         INSERT INTO read_plans (installation_id, config_id, plan_time) VALUES ($1, $2, $3)
         ON CONFLICT (installation_id) DO NOTHING RETURNING installation_id
       )${planned ? `, objects AS (${planned.sql})` : ''}${started ? `, operations AS (${started.sql})` : ''}
       SELECT count(*)::int AS planned FROM plan`,
      [installationId, configId, now, ...(planned?.params ?? []), ...(started?.params ?? [])],
    );
    return rows[0]?.planned === 1;
  }

  async orphanedPlans(limit: number): Promise<string[]> {
    const { rows } = await this.#query<{ installation_id: string }>(
      `SELECT p.installation_id FROM read_plans p LEFT JOIN installations i ON i.id = p.installation_id
       WHERE i.id IS NULL LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.installation_id);
  }

  async forgetInstallation(installationId: string, reason: string, now: string): Promise<void> {
    const dropped = await inTransaction(this.#pool, async (client) => {
      const gone = await client.query<{ id: string }>(
        `DELETE FROM deliveries WHERE installation_id = $1 AND status = 'pending' RETURNING id`,
        [installationId],
      );
      await client.query(
        `UPDATE read_operations SET phase = 'done', status = 'failure', errors = ${appendError('$2')},
           result = '[' || object_name || '] ' || $2, update_time = $3, end_time = $3
         WHERE installation_id = $1 AND phase <> 'done'`,
        [installationId, reason, now],
      );
      await client.query('DELETE FROM read_objects WHERE installation_id = $1', [installationId]);
      await client.query('DELETE FROM read_plans WHERE installation_id = $1', [installationId]);
      return gone.rows;
    });
    for (const row of dropped) this.#forgetBody(row.id);
  }

  async nextRunTime(): Promise<number | undefined> {
    const { rows } = await this.#query<{ next: number | string | null }>(
      'SELECT min(next_run_time) AS next FROM read_objects WHERE NOT paused AND next_run_time IS NOT NULL',
    );
    const next = rows[0]?.next;
    return next === null || next === undefined ? undefined : Number(next);
  }

  /**
   * Due streams. Several instances may see the same ones; `startScheduled` starts each once, so a stream
   * is never read twice for one tick.
   */
  async dueObjects(now: number, limit: number): Promise<DueObject[]> {
    const { rows } = await this.#query<DueRow>(
      `SELECT r.*, i.project_id, i.integration_id, i.config ->> 'id' AS config_id
       FROM read_objects r JOIN installations i ON i.id = r.installation_id
       WHERE NOT r.paused AND r.next_run_time IS NOT NULL AND r.next_run_time <= $1
         AND NOT EXISTS (SELECT 1 FROM read_operations o WHERE o.phase <> 'done'
           AND o.installation_id = r.installation_id AND o.object_name = r.object_name)
       ORDER BY r.next_run_time LIMIT $2`,
      [now, limit],
    );
    return rows.map(toDueObject);
  }

  /**
   * One statement: each stream's next run moves from the cron time its operation is for (the operation's
   * `scheduledTime`) to the next one, and only the streams this moved get their operation. Another instance
   * starting the same stream waits for the row lock, then finds the time moved and starts nothing.
   */
  async startScheduled(starts: ScheduledStart[]): Promise<void> {
    if (starts.length === 0) return;
    const column = <T>(pick: (start: ScheduledStart) => T) => starts.map(pick);
    await this.#query(
      `WITH s AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::text[],
           $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
           AS s(installation_id, object_name, next_run, expected, id, project_id, integration_id, config_id,
             read_type, since_time, until_time, scheduled_time, create_time)
       ), moved AS (
         UPDATE read_objects r SET next_run_time = s.next_run FROM s
         WHERE r.installation_id = s.installation_id AND r.object_name = s.object_name
           AND (s.expected IS NULL OR r.next_run_time = s.expected)
           AND NOT EXISTS (SELECT 1 FROM read_operations o WHERE o.phase <> 'done'
             AND o.installation_id = r.installation_id AND o.object_name = r.object_name)
         RETURNING r.installation_id, r.object_name
       )
       INSERT INTO read_operations (id, project_id, integration_id, installation_id, config_id, object_name,
         read_type, status, phase, since_time, until_time, scheduled_time, create_time, update_time)
       SELECT s.id, s.project_id, s.integration_id, s.installation_id, s.config_id, s.object_name, s.read_type,
         'in_progress', 'reading', s.since_time, s.until_time, s.scheduled_time, s.create_time, s.create_time
       FROM s JOIN moved USING (installation_id, object_name)`,
      [
        column((s) => s.installationId),
        column((s) => s.objectName),
        column((s) => s.nextRunTime ?? null),
        column((s) => (s.operation.scheduledTime ? Date.parse(s.operation.scheduledTime) : null)),
        column((s) => s.operation.id),
        column((s) => s.operation.projectId),
        column((s) => s.operation.integrationId),
        column((s) => s.operation.configId),
        column((s) => s.operation.readType),
        column((s) => s.operation.sinceTime ?? null),
        column((s) => s.operation.untilTime),
        column((s) => s.operation.scheduledTime ?? null),
        column((s) => s.operation.createTime),
      ],
    );
  }

  async setNextRun(installationId: string, objectName: string, nextRunTime: number | undefined) {
    await this.#query(
      'UPDATE read_objects SET next_run_time = $1 WHERE installation_id = $2 AND object_name = $3',
      [nextRunTime ?? null, installationId, objectName],
    );
  }

  async insertOperation(operation: NewReadOperation): Promise<void> {
    const insert = operationsInsert([operation])!;
    await this.#query(insert.sql, insert.params);
  }

  async setEstimate(operationId: string, total: number): Promise<void> {
    await this.#query('UPDATE read_operations SET records_estimated_total = $1 WHERE id = $2', [
      total,
      operationId,
    ]);
  }

  /**
   * Claims (or renews) up to `limit` stream heads for this instance and returns them: the ones it holds
   * first, then free ones and ones whose holder's lease ran out. A head another instance holds is left out.
   */
  async headOperations(limit: number): Promise<ReadOperation[]> {
    const { rows } = await this.#query<OperationRow>(
      `WITH heads AS (
         SELECT DISTINCT ON (installation_id, object_name) seq, claim_owner, claim_until
         FROM read_operations WHERE phase <> 'done'
         ORDER BY installation_id, object_name, seq
       ), wanted AS (
         SELECT seq FROM heads
         WHERE claim_owner IS NULL OR claim_owner = $1 OR claim_until < ${dbNow}
         ORDER BY claim_owner IS NOT DISTINCT FROM $1 DESC, seq LIMIT $2 * 2
       ), locked AS (
         -- Heads another instance is claiming right now are skipped, not waited for.
         SELECT seq FROM read_operations WHERE seq IN (SELECT seq FROM wanted)
           AND (claim_owner IS NULL OR claim_owner = $1 OR claim_until < ${dbNow})
         ORDER BY claim_owner IS NOT DISTINCT FROM $1 DESC, seq LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE read_operations o SET claim_owner = $1, claim_until = ${dbNow} + $3
       FROM locked WHERE o.seq = locked.seq AND o.phase <> 'done'
         AND (o.claim_owner IS NULL OR o.claim_owner = $1 OR o.claim_until < ${dbNow})
       RETURNING o.*`,
      [this.#owner, Math.min(limit, this.#maxStreams), this.#leaseMs],
    );
    return rows.map(toOperation).sort((a, b) => a.seq - b.seq);
  }

  async getOperation(id: string): Promise<ReadOperation | undefined> {
    const { rows } = await this.#query<OperationRow>('SELECT * FROM read_operations WHERE id = $1', [id]);
    return rows[0] ? toOperation(rows[0]) : undefined;
  }

  async listOperations(installationId: string, pageSize: number, beforeSeq?: number) {
    const { rows } = await this.#query<OperationRow>(
      `SELECT * FROM read_operations WHERE installation_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3`,
      [installationId, beforeSeq ?? Number.MAX_SAFE_INTEGER, pageSize],
    );
    return rows.map(toOperation);
  }

  async latestOperation(
    installationId: string,
    objectName: string,
    readType?: ReadType,
  ): Promise<ReadOperation | undefined> {
    const { rows } = await this.#query<OperationRow>(
      `SELECT * FROM read_operations WHERE installation_id = $1 AND object_name = $2
         AND ($3::text IS NULL OR read_type = $3) ORDER BY seq DESC LIMIT 1`,
      [installationId, objectName, readType ?? null],
    );
    return rows[0] ? toOperation(rows[0]) : undefined;
  }

  async checkpoint(page: ReadPageCheckpoint): Promise<void> {
    const stored = await inTransaction(this.#pool, async (client) => {
      const { rows } = await client.query<OperationRow>(
        'SELECT * FROM read_operations WHERE id = $1 FOR UPDATE',
        [page.operationId],
      );
      const row = rows[0];
      // Not reading any more (failed meanwhile), or the cursor moved since this page was read (another
      // instance stored it): nothing is written.
      if (row?.phase !== 'reading' || Number(row.after_id) !== page.fromAfterId) return false;
      if (page.messages.length > 0) {
        const shared = [row.id, row.project_id, row.installation_id, row.object_name, page.createTime];
        const messages = valuesList(
          page.messages.map((m) => [m.id, m.destinationName, m.body, m.numRecords]),
          shared.length,
        );
        await client.query(
          `INSERT INTO deliveries (id, operation_id, project_id, installation_id, object_name,
             destination_name, body, num_records, status, next_attempt_time, create_time)
           SELECT m.id, $1, $2, $3, $4, m.destination_name, m.body, m.num_records::int, 'pending', 0, $5
           FROM (VALUES ${messages.sql}) AS m(id, destination_name, body, num_records)`,
          [...shared, ...messages.params],
        );
      }
      await client.query(
        `UPDATE read_operations SET after_id = $1, records_processed = $2,
           messages_total = messages_total + $3, phase = $4, update_time = $5,
           records_estimated_total = coalesce($6, records_estimated_total),
           claim_until = CASE WHEN claim_owner = $8 THEN ${dbNow} + $9 ELSE claim_until END
         WHERE id = $7`,
        [
          page.afterId,
          page.recordsProcessed,
          page.messages.length,
          page.finished ? 'delivering' : 'reading',
          page.createTime,
          page.recordsEstimatedTotal ?? null,
          row.id,
          this.#owner,
          this.#leaseMs,
        ],
      );
      // Every record up to `until` is stored as a message: the next incremental read starts there. A
      // triggered read picks its own window and leaves the schedule's cursor alone.
      if (page.finished && row.read_type !== 'triggered') {
        await client.query(
          `UPDATE read_objects SET cursor_time = $1
           WHERE installation_id = $2 AND object_name = $3 AND (cursor_time IS NULL OR cursor_time < $1)`,
          [row.until_time, row.installation_id, row.object_name],
        );
      }
      if (page.finished) await this.#finishIfSettled(client, page.operationId, page.createTime);
      return true;
    });
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

  async failReading(operationId: string, error: string, now: string): Promise<void> {
    await this.#query(
      `UPDATE read_operations SET phase = 'delivering', errors = ${appendError('$2')}, update_time = $3
       WHERE id = $1 AND phase = 'reading'`,
      [operationId, error, now],
    );
  }

  async finishIfSettled(operationId: string, now: string): Promise<boolean> {
    return inTransaction(this.#pool, (client) => this.#finishIfSettled(client, operationId, now));
  }

  /** Inside a transaction: ends an operation whose reading is over and whose messages all settled. */
  async #finishIfSettled(client: pg.PoolClient, operationId: string, now: string): Promise<boolean> {
    // The row lock orders this after any acknowledgement counting on the operation (they lock it too).
    const { rows } = await client.query<OperationRow>(
      'SELECT * FROM read_operations WHERE id = $1 FOR UPDATE',
      [operationId],
    );
    const row = rows[0];
    if (row?.phase !== 'delivering') return false;
    const pending = await client.query(
      `SELECT 1 FROM deliveries WHERE operation_id = $1 AND status = 'pending' LIMIT 1`,
      [operationId],
    );
    if (pending.rows.length > 0) return false;
    const { status, result } = operationResult(row);
    await client.query(
      `UPDATE read_operations SET phase = 'done', status = $1, result = $2, update_time = $3, end_time = $3,
         claim_owner = NULL, claim_until = NULL
       WHERE id = $4`,
      [status, result, now, operationId],
    );
    await client.query(
      `UPDATE read_objects SET last_run_time = $1, last_run_status = $2
       WHERE installation_id = $3 AND object_name = $4`,
      [now, status, row.installation_id, row.object_name],
    );
    await client.query('UPDATE installations SET last_operation_status = $1 WHERE id = $2', [
      status,
      row.installation_id,
    ]);
    return true;
  }

  async pendingDeliveries(installationId: string, objectName: string): Promise<number> {
    const { rows } = await this.#query<{ count: number | string }>(
      `SELECT count(*) AS count FROM deliveries
       WHERE installation_id = $1 AND object_name = $2 AND status = 'pending'`,
      [installationId, objectName],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * Claims due messages for this instance: among the first `window` pending of each stream (whoever holds
   * them), the due ones no instance holds. The claim lasts `leaseMs`; settling a message ends it, and a
   * claim whose holder died expires, so its messages are sent again (with their ids) by another instance.
   * This instance's own claims on messages not in `inFlight` are taken again at once: their attempt ended
   * without its outcome being recorded (the database was unreachable then), and waiting out the lease would
   * hold the stream back that long after an outage.
   */
  async dueDeliveries(
    now: number,
    limit: number,
    window: number,
    inFlight: ReadonlySet<string>,
  ): Promise<Delivery[]> {
    const { rows } = await this.#query<Omit<DeliveryRow, 'body'>>(
      `WITH candidates AS (
         SELECT seq FROM (
           SELECT seq, id, next_attempt_time, claim_until, claim_owner, row_number() OVER (
             PARTITION BY installation_id, object_name ORDER BY seq) AS position
           FROM deliveries WHERE status = 'pending') d
         WHERE position <= $1 AND next_attempt_time <= $2
           AND (claim_until IS NULL OR claim_until < ${dbNow} OR claim_owner = $5) AND NOT (id = ANY($4::text[]))
         ORDER BY next_attempt_time, seq LIMIT $3 * 4
       ), locked AS (
         -- Another instance claiming at the same moment locks some candidates: skip them and take others
         -- (hence four times as many candidates), rather than wait or come back with too few.
         SELECT seq FROM deliveries WHERE seq IN (SELECT seq FROM candidates)
           AND (claim_until IS NULL OR claim_until < ${dbNow} OR claim_owner = $5)
         ORDER BY next_attempt_time, seq LIMIT $3 FOR UPDATE SKIP LOCKED
       )
       UPDATE deliveries d SET claim_owner = $5, claim_until = ${dbNow} + $6
       FROM locked WHERE d.seq = locked.seq AND d.status = 'pending'
         AND (d.claim_until IS NULL OR d.claim_until < ${dbNow} OR d.claim_owner = $5)
       RETURNING d.seq, d.id, d.operation_id, d.project_id, d.installation_id, d.object_name,
         d.destination_name, d.num_records, d.attempts, d.next_attempt_time, d.first_attempt_time, d.last_error`,
      [window, now, limit, [...inFlight], this.#owner, this.#leaseMs],
    );
    const missing = rows.filter((row) => !this.#bodies.has(row.id)).map((row) => row.seq);
    const fetched = new Map<string, string>();
    if (missing.length > 0) {
      const bodies = await this.#query<{ id: string; body: string }>(
        'SELECT id, body FROM deliveries WHERE seq = ANY($1::bigint[])',
        [missing],
      );
      for (const row of bodies.rows) fetched.set(row.id, row.body);
    }
    return rows
      .map((row) => toDelivery({ ...row, body: this.#bodies.get(row.id) ?? fetched.get(row.id) ?? '' }))
      .sort((a, b) => a.nextAttemptTime - b.nextAttemptTime || a.seq - b.seq);
  }

  async nextDeliveryTime(): Promise<number | undefined> {
    // A held message is due again, for anyone, when its claim runs out.
    const { rows } = await this.#query<{ next: number | string | null }>(
      `SELECT min(greatest(next_attempt_time, coalesce(claim_until, 0))) AS next
       FROM deliveries WHERE status = 'pending'`,
    );
    const next = rows[0]?.next;
    return next === null || next === undefined ? undefined : Number(next);
  }

  /**
   * Acknowledgements arriving together share one statement (see SqliteOperationStore.markDelivered). It
   * deletes the messages still pending and adds their counts to operations and streams in SQL, so two
   * instances acknowledging messages of one operation both count; a message already settled elsewhere
   * (its claim expired and another instance delivered it) is not counted twice.
   */
  markDelivered(delivery: Delivery, now: string): Promise<void> {
    this.#acks.push({ delivery, now });
    this.#acksCommitted ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        const batch = this.#acks;
        this.#acks = [];
        this.#acksCommitted = undefined;
        this.#commitAcks(batch).then(resolve, reject);
      });
    });
    return this.#acksCommitted;
  }

  async #commitAcks(batch: Array<{ delivery: Delivery; now: string }>): Promise<void> {
    for (const { delivery } of batch) this.#forgetBody(delivery.id);
    // ISO times sort chronologically: the batch's latest stamps the operations it counts on.
    const now = batch
      .map((ack) => ack.now)
      .sort()
      .at(-1)!;
    await this.#query(
      `WITH gone AS (
         DELETE FROM deliveries WHERE id = ANY($1::text[]) AND status = 'pending'
         RETURNING operation_id, installation_id, object_name, num_records
       ), counted AS (
         UPDATE read_operations o SET messages_delivered = o.messages_delivered + g.messages,
           records_delivered = o.records_delivered + g.records, update_time = $2
         FROM (SELECT operation_id, count(*) AS messages, sum(num_records) AS records
               FROM gone GROUP BY operation_id) g
         WHERE o.id = g.operation_id
       )
       UPDATE read_objects r SET records_delivered = r.records_delivered + g.records
       FROM (SELECT installation_id, object_name, sum(num_records) AS records
             FROM gone GROUP BY installation_id, object_name) g
       WHERE r.installation_id = g.installation_id AND r.object_name = g.object_name`,
      [batch.map((ack) => ack.delivery.id), now],
    );
  }

  async markRetry(
    delivery: Delivery,
    nextAttemptTime: number,
    firstAttemptTime: number,
    error: string,
  ): Promise<void> {
    await this.#query(
      `UPDATE deliveries SET attempts = attempts + 1, next_attempt_time = $1,
         first_attempt_time = coalesce(first_attempt_time, $2), last_error = $3,
         claim_owner = NULL, claim_until = NULL
       WHERE id = $4 AND status = 'pending'`,
      [nextAttemptTime, firstAttemptTime, error, delivery.id],
    );
  }

  async park(delivery: Delivery, nextAttemptTime: number, reason: string): Promise<void> {
    await this.#query(
      `UPDATE deliveries SET next_attempt_time = $1, last_error = $2, claim_owner = NULL, claim_until = NULL
       WHERE id = $3 AND status = 'pending'`,
      [nextAttemptTime, reason, delivery.id],
    );
  }

  async wakeDestination(projectId: string, destinationName: string): Promise<void> {
    await this.#query(
      `UPDATE deliveries SET next_attempt_time = 0
       WHERE project_id = $1 AND destination_name = $2 AND status = 'pending'`,
      [projectId, destinationName],
    );
  }

  async markFailed(delivery: Delivery, error: string, now: string): Promise<void> {
    this.#forgetBody(delivery.id);
    await this.#query(
      `WITH failed AS (
         UPDATE deliveries SET status = 'failed', attempts = attempts + 1, last_error = $2,
           claim_owner = NULL, claim_until = NULL
         WHERE id = $1 AND status = 'pending' RETURNING operation_id
       )
       UPDATE read_operations SET messages_failed = messages_failed + 1, errors = ${appendError('$3')},
         update_time = $4
       FROM failed WHERE read_operations.id = failed.operation_id`,
      [delivery.id, error, `message ${delivery.id}: ${error}`, now],
    );
  }

  async streamDeliveryState(
    installationId: string,
    objectName: string,
  ): Promise<{ pending: number; attempts: number; lastError?: string; retryingSince?: number }> {
    const { rows } = await this.#query<{
      attempts: number;
      last_error: string | null;
      first_attempt_time: number | string | null;
      pending: number | string;
    }>(
      `SELECT attempts, last_error, first_attempt_time, (SELECT count(*) FROM deliveries x
           WHERE x.installation_id = d.installation_id AND x.object_name = d.object_name
             AND x.status = 'pending') AS pending
       FROM deliveries d WHERE installation_id = $1 AND object_name = $2 AND status = 'pending'
       ORDER BY seq LIMIT 1`,
      [installationId, objectName],
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

  async readObjects(installationId: string): Promise<ReadObjectState[]> {
    const { rows } = await this.#query<ReadObjectRow>(
      'SELECT * FROM read_objects WHERE installation_id = $1 ORDER BY object_name',
      [installationId],
    );
    return rows.map(toReadObject);
  }

  async getReadObject(installationId: string, objectName: string): Promise<ReadObjectState | undefined> {
    const { rows } = await this.#query<ReadObjectRow>(
      'SELECT * FROM read_objects WHERE installation_id = $1 AND object_name = $2',
      [installationId, objectName],
    );
    return rows[0] ? toReadObject(rows[0]) : undefined;
  }

  async setPaused(
    installationId: string,
    objectNames: string[] | undefined,
    paused: boolean,
    note?: string,
  ): Promise<void> {
    await this.#query(
      `UPDATE read_objects SET paused = $1, pause_note = $2
       WHERE installation_id = $3 AND ($4::text[] IS NULL OR object_name = ANY($4::text[]))`,
      [paused, paused ? (note ?? null) : null, installationId, objectNames ?? null],
    );
  }

  async stopStreams(
    installationId: string,
    objectNames: string[],
    reason: string,
    now: string,
  ): Promise<number> {
    const { stopped, dropped } = await inTransaction(this.#pool, async (client) => {
      const ended = await client.query(
        `UPDATE read_operations SET phase = 'done', status = 'failure',
           result = '[' || object_name || '] ' || $1, update_time = $2, end_time = $2,
           claim_owner = NULL, claim_until = NULL
         WHERE installation_id = $3 AND phase <> 'done' AND object_name = ANY($4::text[])`,
        [reason, now, installationId, objectNames],
      );
      const gone = await client.query<{ id: string }>(
        'DELETE FROM deliveries WHERE installation_id = $1 AND object_name = ANY($2::text[]) RETURNING id',
        [installationId, objectNames],
      );
      return { stopped: ended.rowCount ?? 0, dropped: gone.rows };
    });
    for (const row of dropped) this.#forgetBody(row.id);
    return stopped;
  }
}
