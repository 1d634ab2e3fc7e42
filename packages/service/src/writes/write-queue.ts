/**
 * The asynchronous writes' worker: takes each due write from the store, runs it, and records how it
 * ended. A failure that may pass (the provider limiting, an outage, the store away) is tried again after a
 * growing wait until the write's deadline; anything else ends the write as a failure with its reason in
 * words. The queue is the store, so writes waiting at a restart are taken up by the next start; a write
 * whose process died mid-call is taken again once its hold runs out. Every attempt after the first is sent
 * as one that may already have reached the provider (see `runWrite`): it writes its records once where
 * the provider can key them, and a create it cannot key may be written twice.
 */
import type { WriteBatchResponse } from '@splice/schema';
import { ProblemError, problemError } from '@splice/server-kit';
import { BudgetWait } from '../connectors/account-limiter/account-limiter.js';
import { inBackground } from '../connectors/account-limiter/call-priority.js';
import { ProviderError } from '../connectors/provider-error.js';
import { faultClassOf, faultClassWords } from '../connectors/provider-fault.js';
import type { ServiceDeps } from '../deps.js';
import { findIntegration } from '../lookups/find-integration.js';
import { writeDoneData } from '../notifications/write-done.js';
import { providerProblem } from '../provider-calls/provider-problem.js';
import { autoBatchLimit, groupRequest, isAutoBatched, ownAnswer } from './auto-batch.js';
import { failedAnswer } from './failed-answer.js';
import { runWrite } from './run-write.js';
import type { WriteAnswer } from './write-answer.js';
import type { WriteOperation, WriteStore } from './write-store.js';
import { findWriteTarget, type WriteTarget, writeConnector } from './write-target.js';

/** The asynchronous writes' worker: how often it looks, how long it waits and holds, and its clock. */
export interface WriteQueueOptions {
  /** How often the worker looks for due writes when nothing woke it (default 1 s). */
  tickMs?: number;
  /** How long an attempt holds its write (default 5 minutes). */
  leaseMs?: number;
  /** The first retry's wait (default 1 s); each further one doubles, up to `maxRetryWaitMs`. */
  retryWaitMs?: number;
  /** The longest wait between retries (default 5 minutes); a provider's own longer wait is kept. */
  maxRetryWaitMs?: number;
  /** The clock due times and holds are read by, epoch ms (default `Date.now`). */
  now?: () => number;
}

/** The worker's options with the synchronous writes' hold on their keys (see `WriteService`). */
export interface WriteTiming extends WriteQueueOptions {
  /** How long a running synchronous write holds its idempotency key between renewals (default 30 s). */
  syncLeaseMs?: number;
}

export class WriteQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private rerun = false;
  private readonly tickMs: number;
  private readonly leaseMs: number;
  private readonly retryWaitMs: number;
  private readonly maxRetryWaitMs: number;
  private readonly now: () => number;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly store: WriteStore,
    options: WriteQueueOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.retryWaitMs = options.retryWaitMs ?? 1_000;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.tickMs);
    this.wake();
  }

  /** Looks for due writes now (a write was just queued). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
      if (this.rerun) {
        this.rerun = false;
        this.wake();
      }
    });
  }

  /** Takes no more writes and waits for the one in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const operation = await this.store.claimDue(this.now(), this.leaseMs);
        if (!operation) return;
        await this.attempt(operation);
      }
    } catch (error) {
      // The store is away: the next tick tries again.
      console.warn('write queue: could not take a due write:', error);
    }
  }

  private async attempt(operation: WriteOperation): Promise<void> {
    if (isAutoBatched(operation)) await this.attemptGroup(operation);
    else await this.attemptOne(operation);
  }

  /** The write's installation and settings now; a problem when it was uninstalled since. */
  private async targetOf(operation: WriteOperation): Promise<WriteTarget> {
    const integration = await findIntegration(this.deps.repo, operation.projectId, operation.integrationId);
    const target = await findWriteTarget(this.deps, integration, operation.groupRef, operation.objectName);
    if (target.installation.id !== operation.installationId) {
      throw problemError(
        404,
        'installationNotFound',
        'The installation the write was sent for was uninstalled.',
      );
    }
    return target;
  }

  private async attemptOne(operation: WriteOperation): Promise<void> {
    try {
      const target = await this.targetOf(operation);
      const connector = await writeConnector(this.deps, target);
      // Nobody waits on a queued write: its calls go behind users' searches and synchronous writes.
      const answer = await inBackground(() =>
        runWrite(connector, target, operation.request, operation.id, {
          mayHaveBeenWritten: operation.attempts > 1,
          duplicateCreates: true,
        }),
      );
      await this.store.finish(operation.id, answer.status === 200 ? 'success' : 'failure', answer);
      await this.notifyDone(operation, answer);
    } catch (error) {
      await this.failed(operation, error);
    }
  }

  /**
   * An auto-batched write came due: it goes with the writes waiting to join it, as one batch. A batch the
   * provider refuses as a whole (HubSpot refuses a batch create for one bad input) or that the write
   * settings now refuse is sent again record by record, so that each write ends with its own reason.
   */
  private async attemptGroup(first: WriteOperation): Promise<void> {
    const group = [first];
    for (const mate of await this.store.batchmates(first, autoBatchLimit - 1)) {
      const taken = await this.store.claimQueued(mate.id, this.now(), this.leaseMs);
      if (taken) group.push(taken);
    }
    if (group.length === 1) {
      await this.attemptOne(first);
      return;
    }
    let answer: WriteAnswer;
    try {
      const target = await this.targetOf(first);
      answer = await runWrite(
        await writeConnector(this.deps, target),
        target,
        groupRequest(group),
        first.id,
        {
          mayHaveBeenWritten: group.some((operation) => operation.attempts > 1),
          duplicateCreates: true,
        },
      );
    } catch (error) {
      if (error instanceof ProviderError && error.retryable) {
        for (const operation of group) await this.failed(operation, error);
      } else {
        for (const operation of group) await this.attemptOne(operation);
      }
      return;
    }
    const batch = answer.body as WriteBatchResponse;
    if (batch.successCount === 0 && !batch.results?.some((result) => result.success)) {
      for (const operation of group) await this.attemptOne(operation);
      return;
    }
    for (const [index, operation] of group.entries()) {
      const own = ownAnswer(operation.id, batch.results?.[index]);
      await this.store.finish(operation.id, own.status === 200 ? 'success' : 'failure', own);
      await this.notifyDone(operation, own);
    }
  }

  private async failed(operation: WriteOperation, error: unknown): Promise<void> {
    const retryable = error instanceof ProviderError ? error.retryable : !(error instanceof ProblemError);
    // A provider's fault is named by its class as well (rate limited, timeouts, access revoked...).
    const reason =
      error instanceof ProviderError
        ? `${providerProblem(error).init.detail ?? error.message} (${faultClassWords(faultClassOf(error))})`
        : error instanceof ProblemError
          ? (error.init.detail ?? error.message)
          : error instanceof Error
            ? error.message
            : String(error);
    const wait = Math.min(this.maxRetryWaitMs, this.retryWaitMs * 2 ** Math.max(0, operation.attempts - 1));
    const providerWait = error instanceof ProviderError ? (error.details.retryAfterMs ?? 0) : 0;
    const next = this.now() + Math.max(wait, providerWait);
    if (retryable && next < operation.deadlineTime) {
      // Refused by the account's budget before anything was sent: not an attempt the provider saw.
      const sent = !(error instanceof ProviderError && error.details.cause instanceof BudgetWait);
      await this.store.retryLater(operation.id, next, reason, sent);
      return;
    }
    const ending = retryable ? `${reason} (retried until the write's deadline)` : reason;
    const answer = failedAnswer(operation.id, operation.request, ending);
    await this.store.finish(operation.id, 'failure', answer);
    await this.notifyDone(operation, answer);
  }

  /** `write.async.done`, once the write has ended. */
  private async notifyDone(operation: WriteOperation, answer: WriteAnswer): Promise<void> {
    const notifications = this.deps.notifications;
    if (!notifications) return;
    await notifications.emitSafely(operation.projectId, 'write.async.done', async () => {
      const installation = await this.deps.repo.getInstallationById(
        operation.projectId,
        operation.installationId,
      );
      if (!installation) return undefined;
      return {
        ...(await notifications.installationFields(installation)),
        objectName: operation.objectName,
        ...writeDoneData(answer),
      };
    });
  }
}
