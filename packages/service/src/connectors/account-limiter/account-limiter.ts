/**
 * Paces one process's calls to each provider account. Every call of every connection on an account (reads,
 * searches, writes, metadata) waits here for a token of the account's budget (./budget-ledger.ts) and for
 * a free place among the account's calls in flight; interactive calls are served before background ones,
 * and background calls leave part of the budget to them, so a user's search does not queue behind a
 * backfill. Each answer's rate headers correct the budget (./rate-limit-policy.ts), and a 429 stops the
 * account's calls for the provider's wait.
 *
 * Tokens are taken from the ledger only for calls that wait, up to `sliceSize` at a time: on PostgreSQL a
 * take is one statement, so a slice of several tokens spreads its cost over several calls.
 */
import type { BudgetLedger } from './budget-ledger.js';
import type { CallPriority } from './call-priority.js';
import {
  type BucketShape,
  bucketShape,
  budgetReportOf,
  type RateLimitPolicy,
  samePolicy,
} from './rate-limit-policy.js';

export interface AccountLimiterOptions {
  ledger: BudgetLedger;
  /**
   * Calls of one account in flight at once from this process, counted apart for each priority (default 32
   * interactive, 8 background): a backfill's calls never take the places a user's call needs, so a user
   * does not wait for a slow page to end before their search is sent.
   */
  maxInFlight?: { interactive: number; background: number };
  /** Tokens taken from the ledger at once at most (default 1: the in-memory ledger costs nothing per take). */
  sliceSize?: number;
  /**
   * How long a call may wait for the budget before it is refused with `BudgetWait`: interactive calls
   * (default 3 s: a user would rather read "rate limited" than wait longer) and background calls (default
   * 0: the read engine reads other accounts meanwhile and comes back when the budget is due).
   */
  maxWaitMs?: { interactive: number; background: number };
  now?: () => number;
  /** Where a failed budget update (after a 429, a low remaining count) goes. Default: console.error. */
  log?: (message: string, error: unknown) => void;
}

export interface AccountCall {
  /** The account's budget key: provider and account (a HubSpot portal, a Salesforce org). */
  account: string;
  /** The provider's documented limit until its answers say otherwise. */
  policy: RateLimitPolicy;
  priority: CallPriority;
  signal?: AbortSignal;
}

/** What the call got back, for the budget to follow. */
export interface AccountAnswer {
  status: number;
  headers: Record<string, string>;
  /** For a 429: how long the provider asked to wait. */
  retryAfterMs?: number;
}

/** The account's budget is spent for longer than the call may wait: try again in `waitMs`. */
export class BudgetWait extends Error {
  override readonly name = 'BudgetWait';
  constructor(
    readonly account: string,
    readonly waitMs: number,
  ) {
    super(`the request budget of ${account} is spent for ${waitMs} ms`);
  }
}

export interface AccountPermit {
  /** The call ended; `answer` undefined when it got none (a timeout, a reset). */
  done(answer?: AccountAnswer): void;
}

interface Waiter {
  priority: CallPriority;
  grant: (permit: AccountPermit) => void;
  fail: (error: unknown) => void;
}

interface AccountState {
  policy: RateLimitPolicy;
  shape: BucketShape;
  /** Tokens taken from the ledger and not yet used, and when they were taken. */
  leased: number;
  leasedAt: number;
  inFlight: Record<CallPriority, number>;
  interactive: Waiter[];
  background: Waiter[];
  taking: boolean;
  timer?: { handle: NodeJS.Timeout; at: number };
  /** Epoch ms before which the ledger is not asked again for a background call (it said so). */
  retryAt: number;
  /** The same for an interactive call, which may use the reserve and so may be due sooner. */
  interactiveRetryAt: number;
}

export class AccountLimiter {
  readonly #ledger: BudgetLedger;
  readonly #maxInFlight: Record<CallPriority, number>;
  readonly #sliceSize: number;
  readonly #maxWaitMs: { interactive: number; background: number };
  readonly #now: () => number;
  readonly #log: (message: string, error: unknown) => void;
  readonly #accounts = new Map<string, AccountState>();
  /** Tokens taken, and ledger takes made: their ratio is the store's cost per call. */
  readonly stats = { calls: 0, takes: 0 };

  constructor(options: AccountLimiterOptions) {
    this.#ledger = options.ledger;
    this.#maxInFlight = options.maxInFlight ?? { interactive: 32, background: 8 };
    this.#sliceSize = options.sliceSize ?? 1;
    this.#maxWaitMs = options.maxWaitMs ?? { interactive: 3_000, background: 0 };
    this.#now = options.now ?? Date.now;
    this.#log = options.log ?? ((message, error) => console.error(`[limits] ${message}`, error));
  }

  /** Waits for the account's budget; the permit's `done` must be called when the call ends. */
  acquire(call: AccountCall): Promise<AccountPermit> {
    const state = this.#stateOf(call);
    return new Promise<AccountPermit>((resolve, reject) => {
      if (call.signal?.aborted) {
        reject(call.signal.reason);
        return;
      }
      const waiter: Waiter = { priority: call.priority, grant: resolve, fail: reject };
      (call.priority === 'interactive' ? state.interactive : state.background).push(waiter);
      call.signal?.addEventListener(
        'abort',
        () => {
          for (const queue of [state.interactive, state.background]) {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
          }
          reject(call.signal?.reason);
        },
        { once: true },
      );
      this.#pump(call.account, state);
    });
  }

  #stateOf(call: AccountCall): AccountState {
    let state = this.#accounts.get(call.account);
    if (!state) {
      state = {
        policy: call.policy,
        shape: bucketShape(call.policy),
        leased: 0,
        leasedAt: 0,
        inFlight: { interactive: 0, background: 0 },
        interactive: [],
        background: [],
        taking: false,
        retryAt: 0,
        interactiveRetryAt: 0,
      };
      this.#accounts.set(call.account, state);
    }
    return state;
  }

  /** The priority whose next waiter has a free place, interactive first; undefined when none has. */
  #nextPriority(state: AccountState): CallPriority | undefined {
    for (const priority of ['interactive', 'background'] as const) {
      if (state[priority].length > 0 && state.inFlight[priority] < this.#maxInFlight[priority])
        return priority;
    }
    return undefined;
  }

  /** Grants what the leased tokens and free places allow, and takes more from the ledger for the rest. */
  #pump(account: string, state: AccountState): void {
    // A token used long after it was taken could land in a later window than the bucket counted it in.
    if (state.leased > 0 && this.#now() - state.leasedAt > state.policy.intervalMs / 2) state.leased = 0;
    while (state.leased > 0) {
      const priority = this.#nextPriority(state);
      if (!priority) return;
      const waiter = state[priority].shift() as Waiter;
      state.leased--;
      state.inFlight[priority]++;
      this.stats.calls++;
      waiter.grant(this.#permit(account, state, priority));
    }
    const priority = this.#nextPriority(state);
    if (!priority || state.taking) return;
    const now = this.#now();
    const interactive = priority === 'interactive';
    // The ledger named a wait: ask again then.
    const due = interactive ? state.interactiveRetryAt : state.retryAt;
    if (due > now) {
      this.#refuse(account, state, now);
      if (state.interactive.length + state.background.length > 0) this.#wakeAt(account, state, due);
      return;
    }
    // A whole slice, not just what waits now: a caller whose call just ended is about to ask again.
    const want = this.#sliceSize;
    state.taking = true;
    this.stats.takes++;
    this.#ledger.take(account, state.shape, want, interactive).then(
      ({ granted, waitMs }) => {
        state.taking = false;
        state.leased += granted;
        if (granted > 0) state.leasedAt = this.#now();
        if (granted === 0) {
          const at = this.#now() + waitMs;
          if (interactive) state.interactiveRetryAt = at;
          // A background take is refused at least as long as an interactive one.
          state.retryAt = Math.max(state.retryAt, at);
        }
        this.#pump(account, state);
      },
      (error) => {
        state.taking = false;
        // The store cannot be reached: the calls waiting now fail with its error (the API answers 503 with
        // Retry-After at once; the read engine waits for the store), and a later call asks the store again.
        // Waiting here for the store instead would hold a user's request until it timed out.
        for (const waiter of [...state.interactive.splice(0), ...state.background.splice(0)])
          waiter.fail(error);
      },
    );
  }

  /** Refuses the waiters that may not wait as long as the ledger said. */
  #refuse(account: string, state: AccountState, now: number): void {
    const refuse = (queue: Waiter[], dueAt: number, maxWait: number) => {
      const waitMs = dueAt - now;
      if (waitMs <= maxWait) return;
      for (const waiter of queue.splice(0)) waiter.fail(new BudgetWait(account, waitMs));
    };
    refuse(state.interactive, state.interactiveRetryAt, this.#maxWaitMs.interactive);
    refuse(state.background, state.retryAt, this.#maxWaitMs.background);
  }

  #wakeAt(account: string, state: AccountState, at: number): void {
    if (state.timer && state.timer.at <= at) return;
    if (state.timer) clearTimeout(state.timer.handle);
    const handle = setTimeout(
      () => {
        state.timer = undefined;
        this.#pump(account, state);
      },
      Math.max(0, at - this.#now()),
    );
    // A process stops without waiting for an idle account's timer.
    handle.unref?.();
    state.timer = { handle, at };
  }

  #permit(account: string, state: AccountState, priority: CallPriority): AccountPermit {
    let ended = false;
    return {
      done: (answer) => {
        if (ended) return;
        ended = true;
        state.inFlight[priority]--;
        if (answer) this.#follow(account, state, answer);
        this.#pump(account, state);
      },
    };
  }

  /** The answer's headers correct the budget; a 429 stops the account's calls for the provider's wait. */
  #follow(account: string, state: AccountState, answer: AccountAnswer): void {
    const report = budgetReportOf(answer.headers, state.policy);
    if (report.policy && !samePolicy(report.policy, state.policy)) {
      state.policy = report.policy;
      state.shape = bucketShape(report.policy);
    }
    const failed = (error: unknown) =>
      this.#log(`the request budget of ${account} could not be updated`, error);
    if (answer.status === 429) {
      const until = this.#now() + (answer.retryAfterMs ?? 1_000);
      state.leased = 0;
      state.retryAt = Math.max(state.retryAt, until);
      state.interactiveRetryAt = Math.max(state.interactiveRetryAt, until);
      this.#ledger.block(account, until).catch(failed);
      return;
    }
    // Only a low count is worth a store write: near the limit, the provider's count is the truth.
    if (report.remaining !== undefined && report.remaining < state.shape.capacity / 2) {
      state.leased = Math.min(state.leased, report.remaining);
      this.#ledger.clamp(account, report.remaining).catch(failed);
    }
  }
}
