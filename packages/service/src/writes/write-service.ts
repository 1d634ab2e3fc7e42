import type { WriteStore } from './write-store.js';

/** The write path's durable parts: its store, and the worker of asynchronous writes (where it runs). */
export interface WriteService {
  store: WriteStore;
  /** How long a running synchronous write holds its idempotency key between renewals (default 30 s). */
  syncLeaseMs?: number;
  /** The writes' clock, epoch ms (default `Date.now`). */
  now?: () => number;
  queue?: {
    /** A write was just queued: look for due writes now. */
    wake(): void;
    /** Takes no more writes and waits for the one in progress. */
    stop(): Promise<void>;
  };
}
