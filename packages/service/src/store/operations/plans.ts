/**
 * Planning: which config of each installation has its streams set up (`read_plans`), the streams
 * themselves (`read_objects`), and an installation's reads forgotten when it goes.
 */
import type { NewReadOperation, PlannedObject } from '../../reads/operation-store.js';
import { step, type Work } from '../access.js';
import type { OperationTables } from './context.js';
import { insertOperations } from './operations.js';
import { chunks, inList, valueRows } from './sql.js';

export async function installationsToPlan(
  { db }: OperationTables,
  limit: number,
): Promise<Array<{ projectId: string; installationId: string }>> {
  const { rows } = await db.query<{ projectId: string; installationId: string }>(
    `SELECT i.project_id AS "projectId", i.id AS "installationId"
     FROM installations i LEFT JOIN read_plans p ON p.installation_id = i.id
     WHERE p.installation_id IS NULL OR p.config_id <> (i.config ->> 'id')
     ORDER BY i.create_time LIMIT ?`,
    limit,
  );
  return rows;
}

export async function savePlan(
  { db, dialect }: OperationTables,
  installationId: string,
  configId: string,
  objects: PlannedObject[],
  now: string,
): Promise<boolean> {
  // Most plans are an installation's first, right after its create: where the dialect writes one in a single
  // statement, that is tried first.
  const first = dialect.firstPlan(installationId, configId, objects, now);
  if (first.text) {
    const { rows } = await db.query<{ planned: number }>(first.text, ...first.params);
    if (Number(rows[0]?.planned) === 1) return true;
  }
  return db.atomically(function* () {
    // Planning runs from the create and update routes and from every instance's tick. The plan's row is
    // written first, and only when it names another config: whichever planner comes second waits for the
    // first's row lock (PostgreSQL) or its transaction (SQLite), then finds the config stored and does nothing.
    const claimed = yield* step(
      `INSERT INTO read_plans (installation_id, config_id, plan_time) VALUES (?, ?, ?)
       ON CONFLICT (installation_id) DO UPDATE SET config_id = excluded.config_id, plan_time = excluded.plan_time
       WHERE read_plans.config_id <> excluded.config_id`,
      installationId,
      configId,
      now,
    );
    if (claimed.changes === 0) return false;
    const stored = yield* step<{ object_name: string }>(
      'SELECT object_name FROM read_objects WHERE installation_id = ?',
      installationId,
    );
    const known = new Set(stored.rows.map((row) => row.object_name));
    // An object the installation already read keeps its cursor: an update backfills only new objects.
    const backfills = objects.flatMap((o) => (o.backfill && !known.has(o.objectName) ? [o.backfill] : []));
    yield* upsertObjects(installationId, objects, backfills);
    yield* insertOperations(backfills);
    // Objects the config no longer reads stop being scheduled; an operation still reading one fails at its
    // next page (the worker no longer finds the object) and its stored messages are delivered.
    for (const object of objects) known.delete(object.objectName);
    for (const names of chunks([...known])) {
      yield* step(
        `DELETE FROM read_objects WHERE installation_id = ? AND object_name IN ${inList(names.length)}`,
        installationId,
        ...names,
      );
    }
    return true;
  });
}

/** The plan's streams: new ones inserted, known ones keep pause, cursor and counts but take the new schedule. */
function* upsertObjects(
  installationId: string,
  objects: PlannedObject[],
  backfills: NewReadOperation[],
): Work<void> {
  for (const run of chunks(objects)) {
    yield* step(
      `INSERT INTO read_objects (${objectColumns}) VALUES ${valueRows(run.length, '(?, ?, ?, ?, ?, ?)')}
       ${objectUpsert}`,
      ...run.flatMap((object) => objectValues(installationId, object, backfills)),
    );
  }
}

/** The columns of a planned stream, as `objectValues` lists them. */
export const objectColumns =
  'installation_id, object_name, schedule, next_run_time, cursor_time, backfill_operation_id';

/** A stream planned again keeps its pause, cursor and counts, and takes the new schedule. */
export const objectUpsert = `ON CONFLICT (installation_id, object_name) DO UPDATE SET schedule = excluded.schedule,
  next_run_time = excluded.next_run_time`;

export const objectValues = (
  installationId: string,
  object: PlannedObject,
  backfills: readonly NewReadOperation[],
): unknown[] => [
  installationId,
  object.objectName,
  object.schedule ?? null,
  object.nextRunTime ?? null,
  object.cursorTime ?? null,
  backfills.find((b) => b.objectName === object.objectName)?.id ?? null,
];

export async function orphanedPlans({ db }: OperationTables, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ installation_id: string }>(
    `SELECT p.installation_id FROM read_plans p LEFT JOIN installations i ON i.id = p.installation_id
     WHERE i.id IS NULL LIMIT ?`,
    limit,
  );
  return rows.map((row) => row.installation_id);
}

export async function forgetInstallation(
  { db, dialect, bodies }: OperationTables,
  installationId: string,
  reason: string,
  now: string,
): Promise<void> {
  const dropped = await db.atomically(function* () {
    const gone = yield* step<{ id: string }>(
      `DELETE FROM deliveries WHERE installation_id = ? AND status = 'pending' RETURNING id`,
      installationId,
    );
    yield* step(
      `UPDATE read_operations SET phase = 'done', status = 'failure', errors = ${dialect.appendError},
         result = '[' || object_name || '] ' || ?, update_time = ?, end_time = ?,
         claim_owner = NULL, claim_until = NULL
       WHERE installation_id = ? AND phase <> 'done'`,
      reason,
      reason,
      now,
      now,
      installationId,
    );
    yield* step('DELETE FROM read_objects WHERE installation_id = ?', installationId);
    yield* step('DELETE FROM read_plans WHERE installation_id = ?', installationId);
    return gone.rows;
  });
  for (const row of dropped) bodies.forget(row.id);
}
