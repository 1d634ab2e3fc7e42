/**
 * `OperationStore` over PostgreSQL, for a service that runs as several instances on one database: the
 * store written once (`StoredOperations`) with the dialect below, because no instance may assume it is
 * alone:
 *
 * - Work is claimed. A stream's head operation and a due message are each held by one instance at a time
 *   through a lease (`claim_owner`, `claim_until`, epoch ms on the database's clock, so instances need not
 *   agree on time). Claims are taken with `FOR UPDATE SKIP LOCKED`, renewed while the holder works, and an
 *   expired one is taken over: a SIGKILLed instance's streams resume elsewhere after `leaseMs`.
 * - Scheduled reads start by compare-and-set on the stream's `next_run_time` (`startScheduled`): two
 *   instances that both saw a stream due start it once.
 * - Rows read before a write are locked (`FOR UPDATE`): a page commits only onto the cursor it was read from
 *   (`fromAfterId`), so a page read twice (by an instance whose lease ran out and by its successor) is
 *   stored once.
 *
 * What stays per process: the engine's operation contexts cache an installation's config until
 * `installationChanged` runs in that same process, its in-flight set and `#starting` gate are local, and
 * `wake()` reaches only its own loops. Another instance sees a change at its next tick (a new plan, a
 * dropped stream failing at its next page).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PlannedObject, ScheduledStart } from '../../reads/operation-store.js';
import type { OperationDialect } from '../operations/dialect.js';
import { messageHead } from '../operations/dialect.js';
import { operationColumns, operationValues } from '../operations/operations.js';
import { objectColumns, objectUpsert, objectValues } from '../operations/plans.js';
import { maxErrors } from '../operations/rows.js';
import { StoredOperations } from '../operations/stored-operations.js';
import { PgAccess } from './pg-access.js';

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

/** The dialect of instances sharing one database, for the instance named `owner`. */
export function sharedOperations(owner: string, leaseMs: number, maxStreams: number): OperationDialect {
  return {
    lockRows: 'FOR UPDATE',
    unpaused: 'NOT r.paused',
    appendError: `CASE WHEN jsonb_array_length(errors) < ${maxErrors} THEN errors || jsonb_build_array(?::text) ELSE errors END`,
    // A held message is due again, for anyone, when its claim runs out.
    dueAgain: 'greatest(next_attempt_time, coalesce(claim_until, 0))',
    /**
     * Claims (or renews) up to `limit` stream heads for this instance and returns them: the ones it holds
     * first, then free ones and ones whose holder's lease ran out. A head another instance holds is left out.
     */
    headOperations: (limit) => ({
      text: `WITH heads AS (
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
      params: [owner, Math.min(limit, maxStreams), leaseMs],
    }),
    /**
     * Claims due messages for this instance: among the first `window` pending of each stream (whoever holds
     * them), the due ones no instance holds. The claim lasts `leaseMs`; settling a message ends it, and a
     * claim whose holder died expires, so its messages are sent again (with their ids) by another instance.
     * This instance's own claims on messages not in `inFlight` are taken again at once: their attempt ended
     * without its outcome being recorded (the database was unreachable then), and waiting out the lease
     * would hold the stream back that long after an outage.
     */
    dueDeliveries: (now, limit, window, inFlight) => ({
      text: `WITH candidates AS (
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
       RETURNING ${messageHead.replace(/(\w+)/g, 'd.$1')}`,
      params: [window, now, limit, [...inFlight], owner, leaseMs],
    }),
    /**
     * The stream's next run moves only from the cron time its operation is for (the operation's
     * `scheduledTime`), and only while it has no operation running.
     */
    startGuard: (start: ScheduledStart) => ({
      text: ` AND (CAST(? AS bigint) IS NULL OR next_run_time = ?)
        AND NOT EXISTS (SELECT 1 FROM read_operations o WHERE o.phase <> 'done'
          AND o.installation_id = read_objects.installation_id AND o.object_name = read_objects.object_name)`,
      params: Array(2).fill(start.operation.scheduledTime ? Date.parse(start.operation.scheduledTime) : null),
    }),
    // Storing a page renews the holder's claim on its operation.
    pageLease: {
      text: `, claim_until = CASE WHEN claim_owner = ? THEN ${dbNow} + ? ELSE claim_until END`,
      params: [owner, leaseMs],
    },
    firstPlan,
  };
}

/**
 * `$n` placeholders for `rows`, numbered from `after + 1`, as a multi-row `VALUES` list, and the rows'
 * parameters flattened.
 */
function valuesList(rows: readonly unknown[][], after: number): { text: string; params: unknown[] } {
  let next = after;
  const text = rows.map((row) => `(${row.map(() => `$${++next}`).join(', ')})`).join(', ');
  return { text, params: rows.flat() };
}

/**
 * A first plan in one statement and no transaction: the plan's row goes in unless one exists (another
 * planner's insert won, or the installation was planned before), and its streams and backfills only with
 * it. Nothing was read before it (`forgetInstallation` removes streams and plan together), so every backfill
 * of the config starts.
 */
function firstPlan(installationId: string, configId: string, objects: PlannedObject[], now: string) {
  const backfills = objects.flatMap((o) => (o.backfill ? [o.backfill] : []));
  const streams = valuesList(
    objects.map((object) => objectValues(installationId, object, backfills)),
    3,
  );
  const started = valuesList(backfills.map(operationValues), 3 + streams.params.length);
  // Values in a VALUES list are text until cast: the epoch-ms column is cast where it is inserted.
  const planned = objects.length
    ? `, objects AS (INSERT INTO read_objects (${objectColumns})
         SELECT o.installation_id, o.object_name, o.schedule, o.next_run_time::bigint, o.cursor_time,
           o.backfill_operation_id
         FROM (VALUES ${streams.text}) AS o(${objectColumns}) WHERE EXISTS (SELECT 1 FROM plan)
         ${objectUpsert})`
    : '';
  const starts = backfills.length
    ? `, operations AS (INSERT INTO read_operations (${operationColumns}, status, phase, update_time)
         SELECT o.*, 'in_progress', 'reading', o.create_time
         FROM (VALUES ${started.text}) AS o(${operationColumns}) WHERE EXISTS (SELECT 1 FROM plan))`
    : '';
  return {
    text: `WITH plan AS (
       INSERT INTO read_plans (installation_id, config_id, plan_time) VALUES ($1, $2, $3)
       ON CONFLICT (installation_id) DO NOTHING RETURNING installation_id
     )${planned}${starts}
     SELECT count(*)::int AS planned FROM plan`,
    params: [installationId, configId, now, ...streams.params, ...started.params],
  };
}

export class PgOperationStore extends StoredOperations {
  readonly owner: string;

  constructor(pool: pg.Pool, options: PgOperationStoreOptions = {}) {
    const owner = options.owner ?? randomUUID();
    super(
      new PgAccess(pool),
      sharedOperations(owner, options.leaseMs ?? 60_000, options.maxStreams ?? Number.MAX_SAFE_INTEGER),
    );
    this.owner = owner;
  }
}
