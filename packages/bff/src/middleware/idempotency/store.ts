/** A response as stored for replay. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type ClaimResult =
  | { state: 'claimed' }
  | { state: 'pending'; fingerprint: string }
  | { state: 'completed'; fingerprint: string; response: StoredResponse };

/**
 * Where idempotency records live. The in-memory store serves one process; a shared implementation
 * (Redis `SET NX PX`, a SQL row with a unique key) makes replays work across several BFF processes.
 */
export interface IdempotencyStore {
  /** Atomically claims `key` for a request with `fingerprint`, or tells who holds it and how far it got. */
  claim(key: string, fingerprint: string, pendingTtlMs: number): Promise<ClaimResult>;
  /** Records the answer of a claimed key, to be replayed until `ttlMs` passes. */
  complete(key: string, fingerprint: string, response: StoredResponse, ttlMs: number): Promise<void>;
  /** Gives a claimed key up without an answer, so that a later request may try again. */
  release(key: string): Promise<void>;
}

interface Entry {
  fingerprint: string;
  response?: StoredResponse;
  expiresAt: number;
}

/**
 * An in-process store, bounded in entries and time: records expire after their TTL, and when full the
 * oldest go first. A pending claim expires too, so that a crashed request cannot lock its key forever.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly maxEntries = 10_000,
    readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#entries.size;
  }

  async claim(key: string, fingerprint: string, pendingTtlMs: number): Promise<ClaimResult> {
    const entry = this.#live(key);
    if (entry?.response)
      return { state: 'completed', fingerprint: entry.fingerprint, response: entry.response };
    if (entry) return { state: 'pending', fingerprint: entry.fingerprint };
    this.#makeRoom();
    this.#entries.set(key, { fingerprint, expiresAt: this.now() + pendingTtlMs });
    return { state: 'claimed' };
  }

  async complete(key: string, fingerprint: string, response: StoredResponse, ttlMs: number) {
    // A claim that expired and was taken by another body stays its new holder's; one evicted while its
    // request ran is recorded all the same, so that a retry still gets this answer.
    const entry = this.#live(key);
    if (entry && (entry.response || entry.fingerprint !== fingerprint)) return;
    this.#entries.delete(key);
    this.#makeRoom();
    this.#entries.set(key, { fingerprint, response, expiresAt: this.now() + ttlMs });
  }

  async release(key: string) {
    // A recorded answer is never released, only a claim still waiting for one.
    if (!this.#entries.get(key)?.response) this.#entries.delete(key);
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #makeRoom() {
    if (this.#entries.size < this.maxEntries) return;
    const now = this.now();
    for (const [key, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(key);
    for (const key of this.#entries.keys()) {
      if (this.#entries.size < this.maxEntries) break;
      this.#entries.delete(key);
    }
  }
}
