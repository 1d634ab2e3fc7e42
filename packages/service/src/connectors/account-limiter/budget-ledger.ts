/**
 * Where provider accounts' request budgets are kept. One process keeps them in memory
 * (`MemoryBudgetLedger`); instances sharing PostgreSQL keep them in a row per account
 * (../../store/pg/pg-budget-ledger.ts), so that together they stay under the account's limit.
 */
import type { BucketShape } from './rate-limit-policy.js';

export interface BudgetGrant {
  /** Tokens taken (0 to `want`). */
  granted: number;
  /** When none were granted: how long until one may be. */
  waitMs: number;
}

export interface BudgetLedger {
  /**
   * Takes up to `want` tokens of the account's bucket, refilled for the time since the last take. Background
   * takes leave `shape.reserve` tokens for interactive ones.
   */
  take(account: string, shape: BucketShape, want: number, interactive: boolean): Promise<BudgetGrant>;
  /** The provider counts fewer left than the bucket holds (other apps share the account): at most `remaining`. */
  clamp(account: string, remaining: number): Promise<void>;
  /** The provider refused a call for its limit: nothing is taken before `untilMs` (epoch ms). */
  block(account: string, untilMs: number): Promise<void>;
}

interface Bucket {
  tokens: number;
  refilledAt: number;
  blockedUntil: number;
}

/** How long until `tokens` reach `needed` at `perMs`. */
export function refillWaitMs(tokens: number, needed: number, perMs: number): number {
  return Math.max(1, Math.ceil((needed - tokens) / perMs));
}

/** The budgets of one process. */
export class MemoryBudgetLedger implements BudgetLedger {
  readonly #buckets = new Map<string, Bucket>();
  constructor(private readonly now: () => number = Date.now) {}

  #bucket(account: string, shape: BucketShape): Bucket {
    const now = this.now();
    let bucket = this.#buckets.get(account);
    if (!bucket) {
      bucket = { tokens: shape.capacity, refilledAt: now, blockedUntil: 0 };
      this.#buckets.set(account, bucket);
    }
    bucket.tokens = Math.min(
      shape.capacity,
      bucket.tokens + Math.max(0, now - bucket.refilledAt) * shape.perMs,
    );
    bucket.refilledAt = now;
    return bucket;
  }

  async take(account: string, shape: BucketShape, want: number, interactive: boolean): Promise<BudgetGrant> {
    const bucket = this.#bucket(account, shape);
    const now = this.now();
    if (bucket.blockedUntil > now) return { granted: 0, waitMs: bucket.blockedUntil - now };
    const floor = interactive ? 0 : shape.reserve;
    const granted = Math.max(0, Math.min(want, Math.floor(bucket.tokens - floor)));
    bucket.tokens -= granted;
    return { granted, waitMs: granted > 0 ? 0 : refillWaitMs(bucket.tokens, floor + 1, shape.perMs) };
  }

  async clamp(account: string, remaining: number): Promise<void> {
    const bucket = this.#buckets.get(account);
    if (bucket) bucket.tokens = Math.min(bucket.tokens, remaining);
  }

  async block(account: string, untilMs: number): Promise<void> {
    const bucket = this.#buckets.get(account);
    if (!bucket) return;
    bucket.tokens = 0;
    bucket.blockedUntil = Math.max(bucket.blockedUntil, untilMs);
  }
}
