/**
 * `OperationStore` written once over `StoreAccess`, for SQLite and PostgreSQL alike: each method is a
 * statement, or a few committed together (`StoreAccess.atomically`), in the SQL both databases accept. What
 * must differ is the `OperationDialect`: on PostgreSQL, where several instances share the reads, leases,
 * `FOR UPDATE SKIP LOCKED` and compare-and-set (`PgOperationStore`); on SQLite, one process writing alone
 * (`SqliteOperationStore`). The parts live by what they keep: plans, schedules, operations, pages,
 * deliveries, acknowledgements.
 *
 * The unit of ordering is a stream: one object of one installation. Every step that must survive a crash
 * commits atomically; counters move by SQL arithmetic in the statement that settles a message, never by a
 * read-modify-write.
 */
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
import type { StoreAccess } from '../access.js';
import { Acknowledgements } from './acks.js';
import { BodyCache } from './body-cache.js';
import type { OperationTables } from './context.js';
import * as deliveries from './deliveries.js';
import type { OperationDialect } from './dialect.js';
import * as operations from './operations.js';
import { checkpoint } from './pages.js';
import * as plans from './plans.js';
import * as schedules from './schedules.js';

export class StoredOperations implements OperationStore {
  readonly #tables: OperationTables;
  readonly #acks: Acknowledgements;

  constructor(db: StoreAccess, dialect: OperationDialect) {
    this.#tables = { db, dialect, bodies: new BodyCache() };
    this.#acks = new Acknowledgements(this.#tables);
  }

  installationsToPlan(limit: number): Promise<Array<{ projectId: string; installationId: string }>> {
    return plans.installationsToPlan(this.#tables, limit);
  }
  savePlan(
    installationId: string,
    configId: string,
    objects: PlannedObject[],
    now: string,
  ): Promise<boolean> {
    return plans.savePlan(this.#tables, installationId, configId, objects, now);
  }
  orphanedPlans(limit: number): Promise<string[]> {
    return plans.orphanedPlans(this.#tables, limit);
  }
  forgetInstallation(installationId: string, reason: string, now: string): Promise<void> {
    return plans.forgetInstallation(this.#tables, installationId, reason, now);
  }

  nextRunTime(): Promise<number | undefined> {
    return schedules.nextRunTime(this.#tables);
  }
  dueObjects(now: number, limit: number): Promise<DueObject[]> {
    return schedules.dueObjects(this.#tables, now, limit);
  }
  startScheduled(starts: ScheduledStart[]): Promise<void> {
    return schedules.startScheduled(this.#tables, starts);
  }
  setNextRun(installationId: string, objectName: string, nextRunTime: number | undefined): Promise<void> {
    return schedules.setNextRun(this.#tables, installationId, objectName, nextRunTime);
  }
  readObjects(installationId: string): Promise<ReadObjectState[]> {
    return schedules.readObjects(this.#tables, installationId);
  }
  getReadObject(installationId: string, objectName: string): Promise<ReadObjectState | undefined> {
    return schedules.getReadObject(this.#tables, installationId, objectName);
  }
  setPaused(installationId: string, objectNames: string[] | undefined, paused: boolean, note?: string) {
    return schedules.setPaused(this.#tables, installationId, objectNames, paused, note);
  }

  insertOperation(operation: NewReadOperation): Promise<void> {
    return operations.insertOperation(this.#tables, operation);
  }
  setEstimate(operationId: string, total: number): Promise<void> {
    return operations.setEstimate(this.#tables, operationId, total);
  }
  headOperations(limit: number): Promise<ReadOperation[]> {
    return operations.headOperations(this.#tables, limit);
  }
  getOperation(id: string): Promise<ReadOperation | undefined> {
    return operations.getOperation(this.#tables, id);
  }

  operationWithPending(id: string): Promise<{ operation: ReadOperation; pending: number } | undefined> {
    return operations.operationWithPending(this.#tables, id);
  }
  listOperations(installationId: string, pageSize: number, beforeSeq?: number): Promise<ReadOperation[]> {
    return operations.listOperations(this.#tables, installationId, pageSize, beforeSeq);
  }
  latestOperation(installationId: string, objectName: string, readType?: ReadType) {
    return operations.latestOperation(this.#tables, installationId, objectName, readType);
  }
  checkpoint(page: ReadPageCheckpoint): Promise<void> {
    return checkpoint(this.#tables, page);
  }
  recordProviderFault(
    operationId: string,
    fault: { faultClass: string; message: string; time: string; retryAt?: string },
  ): Promise<void> {
    return operations.recordProviderFault(this.#tables, operationId, fault);
  }
  clearProviderWait(operationId: string): Promise<void> {
    return operations.clearProviderWait(this.#tables, operationId);
  }
  failReading(operationId: string, error: string, now: string): Promise<void> {
    return operations.failReading(this.#tables, operationId, error, now);
  }
  finishIfSettled(operationId: string, now: string): Promise<boolean> {
    return this.#tables.db.atomically(() => operations.finishIfSettled(this.#tables, operationId, now));
  }
  stopStreams(installationId: string, objectNames: string[], reason: string, now: string): Promise<number> {
    return operations.stopStreams(this.#tables, installationId, objectNames, reason, now);
  }

  pendingDeliveries(installationId: string, objectName: string): Promise<number> {
    return deliveries.pendingDeliveries(this.#tables, installationId, objectName);
  }
  dueDeliveries(now: number, limit: number, window: number, inFlight: ReadonlySet<string>) {
    return deliveries.dueDeliveries(this.#tables, now, limit, window, inFlight);
  }
  nextDeliveryTime(): Promise<number | undefined> {
    return deliveries.nextDeliveryTime(this.#tables);
  }
  markDelivered(delivery: Delivery, now: string): Promise<void> {
    return this.#acks.add(delivery, now);
  }
  markRetry(delivery: Delivery, nextAttemptTime: number, firstAttemptTime: number, error: string) {
    return deliveries.markRetry(this.#tables, delivery, nextAttemptTime, firstAttemptTime, error);
  }
  markFailed(delivery: Delivery, error: string, now: string): Promise<void> {
    return deliveries.markFailed(this.#tables, delivery, error, now);
  }
  park(delivery: Delivery, nextAttemptTime: number, reason: string): Promise<void> {
    return deliveries.park(this.#tables, delivery, nextAttemptTime, reason);
  }
  wakeDestination(projectId: string, destinationName: string): Promise<void> {
    return deliveries.wakeDestination(this.#tables, projectId, destinationName);
  }
  streamDeliveryState(installationId: string, objectName: string) {
    return deliveries.streamDeliveryState(this.#tables, installationId, objectName);
  }
}
