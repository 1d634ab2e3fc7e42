/** What `claim` finds for a message id. */
export type ClaimOutcome = 'claimed' | 'done' | 'in_progress';

/**
 * Remembers which messages were handled, so that a message delivered twice (at-least-once delivery
 * retries with the same `webhook-id`) reaches `onMessage` once. Implement it over a shared store (a
 * table, Redis) when several processes receive messages.
 */
export interface WebhookDedupeStore {
  /**
   * Takes the id for handling. `claimed`: handle it now; `done`: it was handled; `in_progress`: another
   * delivery of it is being handled right now. A claim not completed within `pendingTtlMs` lapses.
   */
  claim(id: string, pendingTtlMs: number): Promise<ClaimOutcome>;
  /** Marks the id handled, remembered for `ttlMs`. */
  complete(id: string, ttlMs: number): Promise<void>;
  /** Gives the id up after `onMessage` failed, so that the next delivery handles it. */
  release(id: string): Promise<void>;
}

interface Entry {
  state: 'pending' | 'done';
  expiresAt: number;
}

/**
 * The default store: in memory, per process, bounded. When full, the oldest entries go first, so memory
 * stays bounded whatever the sender does; an id forgotten that way is handled again if redelivered.
 */
export class MemoryWebhookDedupeStore implements WebhookDedupeStore {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  async claim(id: string, pendingTtlMs: number): Promise<ClaimOutcome> {
    const entry = this.#entries.get(id);
    if (entry && entry.expiresAt > this.now()) return entry.state === 'done' ? 'done' : 'in_progress';
    this.#set(id, { state: 'pending', expiresAt: this.now() + pendingTtlMs });
    return 'claimed';
  }

  async complete(id: string, ttlMs: number): Promise<void> {
    this.#set(id, { state: 'done', expiresAt: this.now() + ttlMs });
  }

  async release(id: string): Promise<void> {
    this.#entries.delete(id);
  }

  /** Entries held, expired ones included until they are pushed out. */
  get size(): number {
    return this.#entries.size;
  }

  #set(id: string, entry: Entry) {
    // Re-inserting moves the id to the end, so the Map's order stays oldest-first.
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }
}
