/**
 * The read engine's durable state, behind an interface of Promises so that a PostgreSQL-backed queue can
 * take over when the service runs on several machines. `SqliteOperationStore` is the implementation for one
 * machine.
 *
 * The unit of ordering is a stream: one object of one installation. A stream runs one operation at a time
 * (the oldest not done), and its messages are sent in `seq` order, a few at a time (`deliveryWindow`). Every step that must
 * survive a crash is one store call that commits atomically: a read page's messages are stored together with
 * the operation's cursor, so after a SIGKILL the engine resumes at the cursor and resends only messages that
 * were not yet recorded as delivered (with the same id).
 */

export type ReadType = 'backfill' | 'scheduled' | 'triggered';
export type OperationStatus = 'in_progress' | 'success' | 'failure';
export type OperationPhase = 'reading' | 'delivering' | 'done';

/** An eq condition on a provider field (names and values already resolved to the provider's). */
export interface ReadCondition {
  fieldName: string;
  value: string | number | boolean;
}

export interface ReadOperation {
  id: string;
  seq: number;
  projectId: string;
  integrationId: string;
  installationId: string;
  configId: string;
  objectName: string;
  readType: ReadType;
  status: OperationStatus;
  phase: OperationPhase;
  /** Exclusive lower bound on the record's last-modified time; undefined reads all history. */
  sinceTime?: string;
  /** Inclusive upper bound on the record's last-modified time. */
  untilTime: string;
  /** A record-id cursor the store still checks pages against; connector reads leave it at 0 and use `cursor`. */
  afterId: number;
  /**
   * A provider connector's read cursor (opaque, the connector's `nextCursor`): where the next page starts.
   * Undefined before the connector's first page.
   */
  cursor?: string;
  recordsProcessed: number;
  recordsEstimatedTotal?: number;
  recordsDelivered: number;
  messagesTotal: number;
  messagesDelivered: number;
  messagesFailed: number;
  errors: string[];
  /** The provider faults the read met and retried or waited out (see `ProviderFaults`). */
  providerFaults?: ProviderFaults;
  result?: string;
  /** For a scheduled read: the cron time it ran for (lateness is createTime minus this). */
  scheduledTime?: string;
  createTime: string;
  updateTime: string;
  endTime?: string;
}

/**
 * What an operation met at its provider: how many faults of each class (`ProviderFaultClass` names), and the
 * one it is waiting out now, if any (cleared by the next page read).
 */
export interface ProviderFaults {
  counts: Record<string, number>;
  waiting?: ProviderWait;
}

export interface ProviderWait {
  faultClass: string;
  /** When the faults of this class in a row began. */
  since: string;
  /** When the read tries again. */
  retryAt?: string;
  /** The last fault's message (never holds a token). */
  message: string;
}

export interface NewReadOperation {
  id: string;
  projectId: string;
  integrationId: string;
  installationId: string;
  configId: string;
  objectName: string;
  readType: ReadType;
  sinceTime?: string;
  untilTime: string;
  scheduledTime?: string;
  createTime: string;
}

/** Per stream: pause state, schedule and the history the status view shows. */
export interface ReadObjectState {
  installationId: string;
  objectName: string;
  paused: boolean;
  pauseNote?: string;
  schedule?: string;
  /** Epoch ms of the next scheduled read; undefined when the object has no schedule. */
  nextRunTime?: number;
  /** The `untilTime` of the last completed scheduled read or backfill: where the next incremental read starts. */
  cursorTime?: string;
  lastRunTime?: string;
  lastRunStatus?: OperationStatus;
  recordsDelivered: number;
  backfillOperationId?: string;
}

/** A due stream with what a scheduled operation needs to know of its installation. */
export interface DueObject extends ReadObjectState {
  projectId: string;
  integrationId: string;
  configId: string;
}

/** What planning an installation decides for one object. */
export interface PlannedObject {
  objectName: string;
  schedule?: string;
  nextRunTime?: number;
  /** Where incremental reads start when the object has no backfill: the installation's creation. */
  cursorTime?: string;
  backfill?: NewReadOperation;
}

export interface NewDelivery {
  id: string;
  destinationName: string;
  body: string;
  numRecords: number;
}

export interface Delivery {
  seq: number;
  id: string;
  operationId: string;
  projectId: string;
  installationId: string;
  objectName: string;
  destinationName: string;
  body: string;
  numRecords: number;
  attempts: number;
  nextAttemptTime: number;
  firstAttemptTime?: number;
  lastError?: string;
}

export interface ReadPageCheckpoint {
  operationId: string;
  /**
   * The cursor the page was read from. A checkpoint whose operation has moved past it writes nothing: on
   * several machines, a page read by an instance that lost the stream to another must not be stored twice.
   */
  fromAfterId: number;
  afterId: number;
  /** The connector cursor the page was read from (compared as `fromAfterId` is); undefined for none. */
  fromCursor?: string;
  /** The connector cursor to continue from; undefined stores none. */
  cursor?: string;
  recordsProcessed: number;
  messages: NewDelivery[];
  /** The last page: the operation moves on to delivering (or ends, when nothing is left to deliver). */
  finished: boolean;
  /** The read's estimated total, counted before its first page. */
  recordsEstimatedTotal?: number;
  createTime: string;
}

export interface ScheduledStart {
  installationId: string;
  objectName: string;
  /** The following cron time, epoch ms (undefined when the schedule has no further run). */
  nextRunTime?: number;
  operation: NewReadOperation;
}

export interface OperationStore {
  /** Installations whose current config has not been planned yet (new ones, or ones whose config changed). */
  installationsToPlan(limit: number): Promise<Array<{ projectId: string; installationId: string }>>;
  /**
   * Stores a plan unless this config is planned already (returns false then): the objects' state (keeping
   * pause, cursor and counts of objects already known), backfills for objects new to the installation only,
   * and objects the config no longer reads dropped (their schedule stops).
   */
  savePlan(installationId: string, configId: string, objects: PlannedObject[], now: string): Promise<boolean>;
  /** Planned installations that no longer exist (deleted without `forgetInstallation`). */
  orphanedPlans(limit: number): Promise<string[]>;
  /**
   * An installation is gone: its schedules, unfinished operations (failed with `reason`) and undelivered
   * messages go with it. Its finished operations stay as history.
   */
  forgetInstallation(installationId: string, reason: string, now: string): Promise<void>;

  /** The earliest next run of any unpaused stream, epoch ms. */
  nextRunTime(): Promise<number | undefined>;
  /** Unpaused streams whose next run is due and that have no operation running. */
  dueObjects(now: number, limit: number): Promise<DueObject[]>;
  /** Creates scheduled operations and moves the streams' next run times, in one transaction. */
  startScheduled(starts: ScheduledStart[]): Promise<void>;
  /** Moves a stream's next run time without a read (a paused or vanished object). */
  setNextRun(installationId: string, objectName: string, nextRunTime: number | undefined): Promise<void>;
  insertOperation(operation: NewReadOperation): Promise<void>;
  /** Records the estimated number of records an operation reads (counted when it starts). */
  setEstimate(operationId: string, total: number): Promise<void>;

  /** The operation each stream works on (its oldest not done), at most `limit`. */
  headOperations(limit: number): Promise<ReadOperation[]>;
  getOperation(id: string): Promise<ReadOperation | undefined>;
  /** The operation and its stream's pending messages, in one statement: whether to read its next page. */
  operationWithPending(id: string): Promise<{ operation: ReadOperation; pending: number } | undefined>;
  /** Newest first, `beforeSeq` pages further back. */
  listOperations(installationId: string, pageSize: number, beforeSeq?: number): Promise<ReadOperation[]>;
  latestOperation(
    installationId: string,
    objectName: string,
    readType?: ReadType,
  ): Promise<ReadOperation | undefined>;
  /** Stores a read page's messages and advances the operation's cursor, atomically. */
  checkpoint(page: ReadPageCheckpoint): Promise<void>;
  /** A read that cannot go on (e.g. the provider refused): the operation fails, its stored messages stay. */
  failReading(operationId: string, error: string, now: string): Promise<void>;
  /** Counts a provider fault of the operation and makes it the one the operation is waiting out. */
  recordProviderFault(
    operationId: string,
    fault: { faultClass: string; message: string; time: string; retryAt?: string },
  ): Promise<void>;
  /** The operation read a page again: it waits for no provider fault any more. */
  clearProviderWait(operationId: string): Promise<void>;
  /** Done when read and every message settled: success if none failed. Returns true when it finished it. */
  finishIfSettled(operationId: string, now: string): Promise<boolean>;

  pendingDeliveries(installationId: string, objectName: string): Promise<number>;
  /**
   * Pending messages whose attempt is due among the first `window` of each stream (in order), leaving out
   * the message ids `inFlight`, at most `limit`.
   */
  dueDeliveries(
    now: number,
    limit: number,
    window: number,
    inFlight: ReadonlySet<string>,
  ): Promise<Delivery[]>;
  /** The earliest next attempt of any pending message, epoch ms. */
  nextDeliveryTime(): Promise<number | undefined>;
  markDelivered(delivery: Delivery, now: string): Promise<void>;
  markRetry(
    delivery: Delivery,
    nextAttemptTime: number,
    firstAttemptTime: number,
    error: string,
  ): Promise<void>;
  markFailed(delivery: Delivery, error: string, now: string): Promise<void>;
  /** Puts a message off without counting an attempt (its destination is missing or disabled). */
  park(delivery: Delivery, nextAttemptTime: number, reason: string): Promise<void>;
  /** Makes a destination's waiting messages due now: it was created, updated or enabled again. */
  wakeDestination(projectId: string, destinationName: string): Promise<void>;
  /** The error of a stream's first pending message, if it has been attempted. */
  streamDeliveryState(
    installationId: string,
    objectName: string,
  ): Promise<{ pending: number; attempts: number; lastError?: string; retryingSince?: number }>;

  readObjects(installationId: string): Promise<ReadObjectState[]>;
  getReadObject(installationId: string, objectName: string): Promise<ReadObjectState | undefined>;
  /** Pauses or resumes the named objects (all when undefined). */
  setPaused(
    installationId: string,
    objectNames: string[] | undefined,
    paused: boolean,
    note?: string,
  ): Promise<void>;

  // ---- an installation updated (objects turned off, schedules changed) ----

  /**
   * Ends the unfinished operations of the named streams (objects an update disabled) as failures with
   * `reason`, and drops their undelivered messages: nothing more is read or delivered for them.
   * Returns how many operations it ended.
   */
  stopStreams(installationId: string, objectNames: string[], reason: string, now: string): Promise<number>;
}

export const streamKey = (installationId: string, objectName: string): string =>
  `${installationId}\u0000${objectName}`;
