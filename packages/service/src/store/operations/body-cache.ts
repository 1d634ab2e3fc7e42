import { bodyCacheChars } from './rows.js';

/**
 * Bodies of messages this process stored lately, by message id, up to `bodyCacheChars`: most are sent
 * within moments of being stored, and reading 300 KB back from the database for each cost as much as
 * writing it. The database stays the truth; a body not here (after a restart, evicted, or stored by another
 * instance) is read from it.
 */
export class BodyCache {
  readonly #bodies = new Map<string, string>();
  #chars = 0;

  get(id: string): string | undefined {
    return this.#bodies.get(id);
  }

  has(id: string): boolean {
    return this.#bodies.has(id);
  }

  /** Keeps the bodies of a page just committed, as many as fit. */
  remember(messages: ReadonlyArray<{ id: string; body: string }>): void {
    for (const message of messages) {
      if (this.#chars + message.body.length > bodyCacheChars) break;
      this.#bodies.set(message.id, message.body);
      this.#chars += message.body.length;
    }
  }

  forget(id: string): void {
    const body = this.#bodies.get(id);
    if (body === undefined) return;
    this.#bodies.delete(id);
    this.#chars -= body.length;
  }
}
