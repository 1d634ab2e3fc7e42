/**
 * The reading loop's work: each stream's current operation reads a page whenever fewer than
 * `maxPendingPerStream` of its messages wait for delivery, and an operation whose messages all settled is
 * finished. What an operation knows of its installation is looked up once and kept while it runs.
 */
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

  constructor(options: {
    store: OperationStore;
    repo: Repository;
    /** The providers (HubSpot, Salesforce), each connection read through its connector. */
    connectors: ConnectorSource;
    timing: ReadTiming;
    log: EngineLog;
  }) {
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
    const heads = await this.#store.headOperations(headBatch);
    const slice = new TimeSlice();
    let progressed = false;
    const now = () => new Date(this.#timing.now()).toISOString();
    for (const operation of heads) {
      if (!running()) break;
      await slice.yield();
      const started = starting();
      if (started) await started;
      if (operation.phase === 'delivering') {
        if (await this.#store.finishIfSettled(operation.id, now())) {
          this.#contexts.delete(operation.id);
          progressed = true;
        }
        continue;
      }
      const pending = await this.#store.pendingDeliveries(operation.installationId, operation.objectName);
      if (pending >= this.#timing.maxPendingPerStream) continue;
      const cached = this.#contexts.get(operation.id);
      if (cached) {
        // Waiting out a provider's rate limit, a retry's backoff or a reconnect: other streams read meanwhile.
        if ((cached.notBefore ?? 0) > this.#timing.now()) continue;
        if (cached.awaitingReconnect && !(await this.#reconnected(operation.id, cached))) {
          cached.notBefore = this.#timing.now() + this.#timing.parkMs;
          continue;
        }
      }
      let context: ConnectorContext | undefined;
      try {
        context = await this.#contextOf(operation);
        if (!context.awaitingReconnect && this.#refused.has(connectionKey(context))) {
          await this.#awaitReconnect(operation.id, context);
          continue;
        }
        const page = await readConnectorPage(this.#store, operation, context, this.#timing, slice);
        if (context.providerWaiting) {
          context.providerWaiting = false;
          await this.#store.clearProviderWait(operation.id);
        }
        if (page.messages > 0) messagesStored();
        // The context serves reading only; the operation now delivers (or ended already).
        if (page.finished) this.#contexts.delete(operation.id);
      } catch (error) {
        // The database is unreachable (a restart, a failover): the read waits at its checkpoint and goes on
        // once it is back. Failing it would need the database too, and would end a read for nothing.
        if (error instanceof StoreUnavailableError) throw error;
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
            continue;
          }
          reason = decision.reason;
        } else {
          reason =
            error instanceof ReadRefused ? error.message : `the read failed: ${(error as Error).message}`;
          if (!(error instanceof ReadRefused)) this.#log(`operation ${operation.id} failed to read`, error);
        }
        await this.#store.failReading(operation.id, reason, now());
        this.#contexts.delete(operation.id);
      }
      progressed = true;
    }
    return progressed;
  }

  /** Operations cache what they know of their installation; a changed or deleted one is looked up again. */
  forgetInstallation(installationId: string): void {
    for (const [operationId, context] of this.#contexts) {
      if (context.installation.id === installationId) this.#contexts.delete(operationId);
    }
  }

  /** Drops every cached context (the engine stops). */
  async close(): Promise<void> {
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
