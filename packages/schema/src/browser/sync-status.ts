import * as z from 'zod/mini';
import { connectionStatusSchema } from '../resources/installation.js';
import { limits } from '../resources/limits.js';
import { dateTimeSchema, nameSchema } from '../resources/primitives.js';
import { providerWaitSchema } from '../resources/read-status.js';
import { readTypeSchema } from '../resources/webhook-message.js';

const countSchema = z.number().check(z.int(), z.nonnegative());

/**
 * Where one read object stands, as a user sees it:
 * - `backfilling`: the first read of past records is running (`backfill` says how far);
 * - `reading`: a scheduled or triggered read is running;
 * - `up_to_date`: the last read succeeded and the next one waits for its time;
 * - `waiting`: nothing has run yet (no backfill, first scheduled read still to come);
 * - `paused`: scheduled reads are paused through pause/resume (`pausedBy` says by whom);
 * - `turned_off`: the installation's settings turn the object off (`disabled: true`): nothing is read,
 *   and neither pause nor "Run now" applies until the settings turn it on again;
 * - `failing`: reads or deliveries fail; `problem` says why and what to do.
 */
export const syncObjectStateSchema = z.enum([
  'backfilling',
  'reading',
  'up_to_date',
  'waiting',
  'paused',
  'turned_off',
  'failing',
]);
export type SyncObjectState = z.infer<typeof syncObjectStateSchema>;

/**
 * Why an object is failing, as a code the browser turns into words (and a remedy) through its messages:
 * - `delivery_retrying`: the app's receiver refuses or does not answer; records wait and are retried;
 * - `delivery_disabled`: the receiver failed for too long and deliveries stopped;
 * - `read_failed`: the provider refused the read (permissions, a removed field);
 * - `connection`: the connection to the provider no longer works (reconnect).
 */
export const syncProblemCodeSchema = z.enum([
  'delivery_retrying',
  'delivery_disabled',
  'read_failed',
  'connection',
]);
export type SyncProblemCode = z.infer<typeof syncProblemCodeSchema>;

export const syncProblemSchema = z.strictObject({
  code: syncProblemCodeSchema,
  /** The service's own words (never a URL, header or secret), shown beneath the remedy. */
  detail: z.optional(z.string().check(z.maxLength(limits.text))),
  /** Since when it has been failing, when known. */
  since: z.optional(dateTimeSchema),
});
export type SyncProblem = z.infer<typeof syncProblemSchema>;

/** A backfill's progress; the total is the provider's estimate and may be missing. */
export const backfillProgressViewSchema = z.strictObject({
  operationId: z.string(),
  recordsProcessed: countSchema,
  recordsEstimatedTotal: z.nullable(countSchema),
  /**
   * Records of this backfill delivered to the app so far: delivering follows reading, so it may trail
   * `recordsProcessed` (read) while the backfill runs. Absent where the service does not say.
   */
  recordsDelivered: z.optional(countSchema),
  startTime: z.nullable(dateTimeSchema),
  updateTime: z.nullable(dateTimeSchema),
  done: z.boolean(),
});
export type BackfillProgressView = z.infer<typeof backfillProgressViewSchema>;

/** The latest read of an object. */
export const syncRunSchema = z.strictObject({
  operationId: z.string(),
  readType: z.nullable(readTypeSchema),
  status: z.enum(['in_progress', 'success', 'failure']),
  time: dateTimeSchema,
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncObjectStatusSchema = z.strictObject({
  objectName: nameSchema,
  state: syncObjectStateSchema,
  backfill: z.nullable(backfillProgressViewSchema),
  lastRun: z.nullable(syncRunSchema),
  /** When the schedule reads next; null when paused or not scheduled. */
  nextRunTime: z.nullable(dateTimeSchema),
  /**
   * Record deliveries to the app for this object, all reads together: a record is delivered again each
   * time it changes, so this counts deliveries, not distinct records.
   */
  recordsDelivered: countSchema,
  problem: z.nullable(syncProblemSchema),
  /** Whether "Run now" is allowed (turned on, connected, nothing running). */
  canRunNow: z.boolean(),
  /** Why "Run now" is not allowed, when it is not. Absent from servers that predate it. */
  runNowBlockedBy: z.optional(z.enum(['running', 'turned_off', 'connection'])),
  /**
   * What "Run now" reads: records changed since this instant (the last successful read, never before
   * the history window the user chose); null reads the whole history (the user chose full history).
   */
  runNowSince: z.optional(z.nullable(dateTimeSchema)),
  /**
   * Paused through pause/resume (not by `disabled` in the config): "Resume" is offered, whatever the
   * state shows (a failing delivery is shown first). Absent from servers that predate pause/resume.
   */
  paused: z.optional(z.boolean()),
  /**
   * Who paused it: `user`, someone of the group through this app's pages (so they may resume), or
   * `service`, the app's own operators through the service's API. Absent when not paused.
   */
  pausedBy: z.optional(z.enum(['user', 'service'])),
  /**
   * What the current read is waiting out at the provider (a rate limit, a provider not answering, a
   * refused connection), with since when and when it tries again. Absent when the read goes on or none runs.
   */
  providerWait: z.optional(z.strictObject(providerWaitSchema.def.shape)),
});
export type SyncObjectStatus = z.infer<typeof syncObjectStatusSchema>;

/**
 * One written object, as a user sees it: records the app wrote to the CRM today (the UTC day), and the
 * latest write that failed, with the provider's reason.
 */
export const syncWriteStatusSchema = z.strictObject({
  objectName: nameSchema,
  recordsWrittenToday: countSchema,
  recordsDeletedToday: countSchema,
  recordsFailedToday: countSchema,
  lastFailure: z.nullable(
    z.strictObject({ time: dateTimeSchema, reason: z.string().check(z.maxLength(limits.text)) }),
  ),
});
export type SyncWriteStatus = z.infer<typeof syncWriteStatusSchema>;

/**
 * `GET /integrations/:integrationId/status` of the BFF: the group's installation and each read
 * object's state. Built for a browser: it names no destination, URL, header or secret.
 */
export const syncStatusSchema = z.strictObject({
  /** Null when the group has not installed the integration. */
  installationId: z.nullable(z.string()),
  /**
   * The installation's connection to the provider: `bad_credentials` when the provider stopped
   * accepting it (every read fails until the user reconnects). Absent when nothing is installed.
   */
  connectionStatus: z.optional(connectionStatusSchema),
  objects: z.array(syncObjectStatusSchema).check(z.maxLength(limits.mapEntries)),
  /**
   * The app's writes per written object, where the service reports them (the embedded service's
   * `write-status` extension); absent otherwise.
   */
  writes: z.optional(z.array(syncWriteStatusSchema).check(z.maxLength(limits.mapEntries))),
  /**
   * True while something moves (a backfill or read runs, deliveries are retried) or is about to (a new
   * object's first read is not planned yet): a client polls while it is.
   */
  running: z.boolean(),
  /** When the BFF put this answer together. */
  checkedAt: dateTimeSchema,
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** `POST /integrations/:integrationId/objects/:objectName/read`: the read started. */
export const runNowAnswerSchema = z.strictObject({ operationId: z.string() });
export type RunNowAnswer = z.infer<typeof runNowAnswerSchema>;
