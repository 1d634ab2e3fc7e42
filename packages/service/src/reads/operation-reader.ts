/**
 * The reading loop's work: each stream's current operation reads a page whenever fewer than
 * `maxPendingPerStream` of its messages wait for delivery, and an operation whose messages all settled is
 * finished. What an operation knows of its installation is looked up once and kept while it runs.
 */
import { BudgetWait } from '../connectors/account-limiter/account-limiter.js';
import { inBackground } from '../connectors/account-limiter/call-priority.js';
import type { ConnectorSource } from '../connectors/connector-source.js';
import { ProviderError } from '../connectors/provider-error.js';
import { StoreUnavailableError } from '../store/errors.js';
import type { Repository } from '../store/index.js';
import { type ConnectorContext, readConnectorPage } from './connector-reads.js';
import type { EngineLog } from './engine-loop.js';
import { buildContext, ReadRefused } from './operation-context.js';
import type { OperationStore, ReadOperation } from './operation-store.js';
import { decideOnFault } from './retry-policy.js';
import { TimeSlice } from './time-slice.js';
import type { ReadTiming } from './timing.js';

/** Operations read at most per step. */
const headBatch = 2_000;

const connectionKey = (context: ConnectorContext) =>
  `${context.installation.projectId}\u0000${context.installation.connectionId}`;

export class OperationReader {
  readonly #store: OperationStore;
  readonly #repo: Repository;
  readonly #timing: ReadTiming;
  readonly #log: EngineLog;
  readonly #connectors: ConnectorSource;
  readonly #contexts = new Map<string, ConnectorContext>();
  /**
   * Connections the provider refused (the grant is gone), with the refusal's message: every read of one
   * waits for a reconnect as soon as one of them met the refusal, instead of each asking the provider again.
   */
  readonly #refused = new Map<string, string>();
  /** Pages being read, by operation: at most one per operation, `readConcurrency` in all. */
  readonly #reading = new Map<string, Promise<void>>();
  readonly #failed: (message: string, error: unknown) => void;
  readonly #pageDone: () => void;
  /** Epoch ms before which no page is started: a page met an unreachable database, and waits a tick. */
  #storeDownUntil = 0;
  /**
   * When each operation that was read to the end was last found with messages still to deliver. It is
   * looked at again once one of its messages is answered here (`messageSettled`), or a tick later (another
   * instance may have delivered them): checking every such operation at every look cost a transaction
   * each, and an engine with hundreds of them waiting for a receiver spent a tenth of its time there.
   */
  readonly #undelivered = new Map<string, number>();

  constructor(options: {
    store: OperationStore;
    repo: Repository;
    /** The providers (HubSpot, Salesforce), each connection read through its connector. */
    connectors: ConnectorSource;
    timing: ReadTiming;
    log: EngineLog;
    /** A page's read failed beyond the operation (the database is unreachable): the engine's health hears it. */
    failed: (message: string, error: unknown) => void;
    /** A page was read (or failed): the loop looks again at once. */
    pageDone: () => void;
  }) {
    this.#failed = options.failed;
    this.#pageDone = options.pageDone;
    this.#connectors = options.connectors;
    this.#store = options.store;
    this.#repo = options.repo;
    this.#timing = options.timing;
    this.#log = options.log;
  }

  /**
   * Reads a page of each stream's current operation. `starting()` is the control loop's start of due reads,
   * waited for between operations; `messagesStored` is told when a page stored messages to deliver.
   * Answers whether any operation moved.
   */
  async step(
    running: () => boolean,
    starting: () => Promise<void> | undefined,
    messagesStored: () => void,
  ): Promise<boolean> {
    // The last page met an unreachable database: look again at the next tick, as a failed step would.
    if (this.#storeDownUntil > this.#timing.now()) return false;
    const heads = await this.#store.headOperations(headBatch);
    this.#forgetUndeliveredBut(heads);
    const slice = new TimeSlice();
    let progressed = false;
    const now = () => new Date(this.#timing.now()).toISOString();
    for (const operation of heads) {
      if (!running()) break;
      await slice.yield();
      if (this.#reading.has(operation.id)) continue;
      if (this.#reading.size >= this.#timing.readConcurrency) break;
      const started = starting();
      if (started) await started;
      if (operation.phase === 'delivering') {
        const seen = this.#undelivered.get(operation.id);
        if (seen !== undefined && this.#timing.now() - seen < this.#timing.tickMs) continue;
        if (await this.#store.finishIfSettled(operation.id, now())) {
          this.#undelivered.delete(operation.id);
          this.#contexts.delete(operation.id);
          progressed = true;
        } else this.#undelivered.set(operation.id, this.#timing.now());
        continue;
      }
      const cached = this.#contexts.get(operation.id);
      // Waiting out a provider's rate limit, a retry's backoff or a reconnect: other streams read meanwhile.
      if (cached && (cached.notBefore ?? 0) > this.#timing.now()) continue;
      const pending = await this.#store.pendingDeliveries(operation.installationId, operation.objectName);
      if (pending >= this.#timing.maxPendingPerStream) continue;
      if (cached) {
        if (cached.awaitingReconnect && !(await this.#reconnected(operation.id, cached))) {
          cached.notBefore = this.#timing.now() + this.#timing.parkMs;
          continue;
        }
      }
      // Pages of many streams are read at once, so that one slow provider or one account's wait for its
      // budget holds up only its own streams.
      const task = this.#readWhileReady(operation, slice, messagesStored, running).finally(() => {
        this.#reading.delete(operation.id);
        this.#pageDone();
      });
      this.#reading.set(operation.id, task);
      progressed = true;
    }
    return progressed;
  }

  /** A message of `operationId` was answered: the operation may have ended, so the next look checks it. */
  messageSettled(operationId: string): void {
    this.#undelivered.delete(operationId);
  }

  /** Operations no longer at their stream's head (they ended, here or elsewhere) leave `#undelivered`. */
  #forgetUndeliveredBut(heads: readonly ReadOperation[]): void {
    if (this.#undelivered.size === 0) return;
    const current = new Set(heads.map((operation) => operation.id));
    for (const id of this.#undelivered.keys()) if (!current.has(id)) this.#undelivered.delete(id);
  }

  /**
   * Reads pages of `operation` one after the other while it may (its messages do not pile up, no wait is
   * due), for at most a tick: the loop's pass over every stream then runs once per tick and stream at most,
   * not once per page, and sees the streams this instance holds often enough to keep their claims.
   */
  async #readWhileReady(
    operation: ReadOperation,
    slice: TimeSlice,
    messagesStored: () => void,
    running: () => boolean,
  ): Promise<void> {
    const until = this.#timing.now() + this.#timing.tickMs;
    let current = operation;
    while (await this.#readPage(current, slice, messagesStored)) {
      if (!running() || this.#timing.now() >= until) return;
      if ((this.#contexts.get(current.id)?.notBefore ?? 0) > this.#timing.now()) return;
      const next = await this.#store.operationWithPending(current.id);
      if (!next || next.pending >= this.#timing.maxPendingPerStream) return;
      if (next.operation.status !== 'in_progress' || next.operation.phase !== 'reading') return;
      current = next.operation;
    }
  }

  /**
   * Reads and checkpoints one page of `operation`, acting on a provider's error by its class. True when a
   * page was stored and the operation reads on.
   */
  async #readPage(operation: ReadOperation, slice: TimeSlice, messagesStored: () => void): Promise<boolean> {
    const now = () => new Date(this.#timing.now()).toISOString();
    let context: ConnectorContext | undefined;
    try {
      context = await this.#contextOf(operation);
      if (!context.awaitingReconnect && this.#refused.has(connectionKey(context))) {
        await this.#awaitReconnect(operation.id, context);
        return false;
      }
      const read = context;
      // A backfill's calls go behind users' searches within the account's request budget.
      const page = await inBackground(() =>
        readConnectorPage(this.#store, operation, read, this.#timing, slice),
      );
      this.#storeDownUntil = 0;
      if (context.providerWaiting) {
        context.providerWaiting = false;
        await this.#store.clearProviderWait(operation.id);
      }
      if (page.messages > 0) messagesStored();
      // The context serves reading only; the operation now delivers (or ended already).
      if (page.finished) this.#contexts.delete(operation.id);
      return !page.finished;
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        this.#storeDownUntil = this.#timing.now() + this.#timing.tickMs;
      }
      try {
        // The database is unreachable (a restart, a failover): the read waits at its checkpoint and goes on
        // once it is back. Failing it would need the database too, and would end a read for nothing.
        if (error instanceof StoreUnavailableError) throw error;
        // The account's request budget is spent for now: not a provider fault, the read just comes back
        // when the budget has a token for it.
        if (error instanceof ProviderError && error.details.cause instanceof BudgetWait && context) {
          context.notBefore = this.#timing.now() + error.details.cause.waitMs;
          return false;
        }
        let reason: string;
        if (error instanceof ProviderError && context) {
          const decision = decideOnFault(context, error, this.#timing);
          await this.#store.recordProviderFault(operation.id, {
            faultClass: decision.faultClass,
            message: error.message,
            time: now(),
            ...('retryAt' in decision ? { retryAt: new Date(decision.retryAt).toISOString() } : {}),
          });
          context.providerWaiting = true;
          if ('retryAt' in decision) {
            context.notBefore = decision.retryAt;
            if (decision.awaitReconnect) {
              context.awaitingReconnect = true;
              this.#refused.set(connectionKey(context), error.message);
            }
            return false;
          }
          reason = decision.reason;
        } else {
          reason =
            error instanceof ReadRefused ? error.message : `the read failed: ${(error as Error).message}`;
          if (!(error instanceof ReadRefused)) this.#log(`operation ${operation.id} failed to read`, error);
        }
        await this.#store.failReading(operation.id, reason, now());
        this.#contexts.delete(operation.id);
      } catch (failure) {
        this.#failed(`operation ${operation.id}'s page could not be read or failed`, failure);
      }
      return false;
    }
  }

  /**
   * How long the reading loop may sleep: until the soonest operation waiting out a rate limit or a backoff
   * may read again, at most `tickMs`. An account's budget refills within a fraction of a second, and a
   * loop that slept a whole tick each time would leave most of it unused.
   */
  idleMs(): number {
    const now = this.#timing.now();
    if (this.#storeDownUntil > now) return this.#storeDownUntil - now;
    let soonest = now + this.#timing.tickMs;
    for (const context of this.#contexts.values()) {
      if (context.notBefore !== undefined && context.notBefore > now && context.notBefore < soonest)
        soonest = context.notBefore;
    }
    return soonest - now;
  }

  /** Whether the last page that ended met an unreachable database (the engine then reports no recovery). */
  get storeDown(): boolean {
    return this.#storeDownUntil > 0;
  }

  /** Operations cache what they know of their installation; a changed or deleted one is looked up again. */
  forgetInstallation(installationId: string): void {
    for (const [operationId, context] of this.#contexts) {
      if (context.installation.id === installationId) this.#contexts.delete(operationId);
    }
  }

  /** Waits for the pages being read, then drops every cached context (the engine stops). */
  async close(): Promise<void> {
    await Promise.all(this.#reading.values());
    this.#contexts.clear();
  }

  /**
   * Whether a connection the provider refused may work again: it is no longer `bad_credentials` (a
   * reconnect stored new tokens). The operation's context is then looked up afresh, connector included.
   */
  async #reconnected(operationId: string, context: ConnectorContext): Promise<boolean> {
    const { projectId, connectionId } = context.installation;
    const connection = await this.#repo.getConnection(projectId, connectionId);
    if (connection?.status === 'bad_credentials') return false;
    this.#refused.delete(connectionKey(context));
    this.#contexts.delete(operationId);
    return true;
  }

  /** Parks a read of a connection another read found refused, recording why it waits. */
  async #awaitReconnect(operationId: string, context: ConnectorContext): Promise<void> {
    context.awaitingReconnect = true;
    context.notBefore = this.#timing.now() + this.#timing.parkMs;
    context.providerWaiting = true;
    await this.#store.recordProviderFault(operationId, {
      faultClass: 'auth_revoked',
      message: this.#refused.get(connectionKey(context)) ?? 'The connection is no longer authorized.',
      time: new Date(this.#timing.now()).toISOString(),
    });
  }

  async #contextOf(operation: ReadOperation): Promise<ConnectorContext> {
    let context = this.#contexts.get(operation.id);
    if (!context) {
      context = await buildContext(this.#repo, operation, this.#connectors);
      this.#contexts.set(operation.id, context);
    }
    return context;
  }
}
