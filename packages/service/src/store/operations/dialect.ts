/**
 * What the operation store does differently on each database, kept to the few places where it must: on
 * PostgreSQL several service instances share the reads, so work is claimed through leases (`FOR UPDATE
 * SKIP LOCKED`), scheduled starts are compare-and-set, and rows read before a write are locked; on SQLite
 * one process writes alone, so a plain query in a transaction does the same. Everything else is written
 * once (see `StoredOperations`).
 */
import type { PlannedObject, ScheduledStart } from '../../reads/operation-store.js';
import type { Sql } from '../access.js';
import { maxErrors } from './rows.js';

export interface OperationDialect {
  /** Appended to a SELECT of rows a transaction goes on to change: locks them against other writers. */
  readonly lockRows: string;
  /** A condition on read object alias `r`: it is not paused. */
  readonly unpaused: string;
  /** An expression: the operation's `errors` with one more (parameter `?`), keeping at most `maxErrors`. */
  readonly appendError: string;
  /** An expression: when a pending message is due again for anyone (after its claim, if one holds it). */
  readonly dueAgain: string;
  /** Each stream's head operation (its oldest not done) that this process may work on, at most `limit`. */
  headOperations(limit: number): Sql;
  /**
   * Pending messages whose attempt is due, among the first `window` of each stream in order, that this
   * process may send: their keys and every column but the body, at most `limit` beyond those `inFlight`.
   */
  dueDeliveries(now: number, limit: number, window: number, inFlight: ReadonlySet<string>): Sql;
  /** A condition on `read_objects` a scheduled start's move of its stream's next run must meet; '' for none. */
  startGuard(start: ScheduledStart): Sql;
  /** Assignments a stored page adds to its operation's update (`, column = ...`); '' for none. */
  readonly pageLease: Sql;
  /**
   * An installation's first plan (its row, streams and backfills) as one statement that writes only if the
   * plan's row went in, and answers `planned` 1 then; '' where a transaction costs no round trips.
   */
  firstPlan(installationId: string, configId: string, objects: PlannedObject[], now: string): Sql;
}

const none: Sql = { text: '', params: [] };

/** A message's columns but its body, which is read only for messages not in `BodyCache`. */
export const messageHead = `seq, id, operation_id, project_id, installation_id, object_name, destination_name,
  num_records, attempts, next_attempt_time, first_attempt_time, last_error`;

/** One process on one SQLite file: its transactions run alone, so nothing is claimed or compared. */
export const sqliteOperations: OperationDialect = {
  lockRows: '',
  unpaused: 'r.paused = 0',
  appendError: `CASE WHEN json_array_length(errors) < ${maxErrors} THEN json_insert(errors, '$[#]', ?) ELSE errors END`,
  dueAgain: 'next_attempt_time',
  headOperations: (limit) => ({
    // Streams run one operation at a time, in creation order. The open operations are walked through their
    // own index (read_operations_open): the done ones, however many, are never read.
    text: `SELECT o.* FROM read_operations o
       WHERE o.phase != 'done' AND o.seq = (
         SELECT min(p.seq) FROM read_operations p
         WHERE p.phase != 'done' AND p.installation_id = o.installation_id AND p.object_name = o.object_name)
       ORDER BY o.seq LIMIT ?`,
    params: [limit],
  }),
  dueDeliveries: (now, limit, window, inFlight) => ({
    // From the due messages (index deliveries_due, in sending order), those with fewer than `window`
    // pending messages before them in their stream; counting stops at `window`. Numbering every pending
    // message first, parked ones included, cost a few ms per look once thousands waited.
    text: `SELECT ${messageHead} FROM deliveries d
       WHERE d.status = 'pending' AND d.next_attempt_time <= ?
         AND (SELECT count(*) FROM (
           SELECT 1 FROM deliveries e
           WHERE e.status = 'pending' AND e.installation_id = d.installation_id
             AND e.object_name = d.object_name AND e.seq < d.seq
           LIMIT ?)) < ?
       ORDER BY d.next_attempt_time, d.seq LIMIT ?`,
    params: [now, window, window, limit + inFlight.size],
  }),
  startGuard: () => none,
  pageLease: none,
  firstPlan: () => none,
};
