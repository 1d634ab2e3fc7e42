/** A counter per key and fixed window. An implementation over a shared store (Redis, ...) can replace it. */
export interface RateLimitStore {
  /** Counts one hit for `key` and returns the window's count and when the window ends (epoch ms). */
  hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * In-process fixed windows, bounded: at most `maxKeys` live windows; when full, expired windows go first,
 * then the oldest, so that a flood of distinct sessions cannot grow memory without bound.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, Window>();

  constructor(readonly maxKeys = 50_000) {}

  get size() {
    return this.#windows.size;
  }

  async hit(key: string, windowMs: number, now: number) {
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      this.#windows.delete(key);
      if (this.#windows.size >= this.maxKeys) this.#evict(now);
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetAt: window.resetAt };
  }

  #evict(now: number) {
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
    // Map keeps insertion order: the first entries are the oldest windows.
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxKeys) break;
      this.#windows.delete(key);
    }
  }
}
