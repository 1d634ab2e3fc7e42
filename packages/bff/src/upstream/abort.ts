const noop = () => {};

/**
 * A request's or an upstream call's cancellation: a flag, its reason, and who to tell. Not an
 * AbortSignal: making the request's in Node 20 (an EventTarget) was about a twentieth of the BFF's CPU
 * per proxied search (bench `bff-micro`), and a Node 20 AbortSignal outlives its request until a full
 * collection. Nothing here needs a standard signal: undici's `dispatch` is aborted through its
 * controller, timers are cleared by hand.
 *
 * Given a `parent`, it aborts when the parent does (with the parent's reason); given `timeoutMs`, it
 * aborts then with `timeoutReason`. Call `dispose` once the work is over, whatever its outcome, to stop
 * the timer and the listening. The deadline is a plain timer: undici's own `headersTimeout` and
 * `bodyTimeout` run on a coarse clock, and a 300 ms one fired after up to 900 ms.
 */
export class Abort {
  aborted = false;
  reason: unknown = undefined;
  #listeners: Array<(reason: unknown) => void> = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unlink = noop;

  constructor(link: { parent?: Abort; timeoutMs?: number; timeoutReason?: () => unknown } = {}) {
    const { parent, timeoutMs } = link;
    if (parent) this.#unlink = parent.onAbort((reason) => this.abort(reason));
    if (timeoutMs !== undefined && !this.aborted) {
      const reason = link.timeoutReason ?? (() => new Error('deadline'));
      this.#timer = setTimeout(() => this.abort(reason()), timeoutMs);
    }
  }

  /** Aborts once: later calls keep the first reason. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.dispose();
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener(reason);
  }

  /** Calls `listener` once when this aborts (at once if it already has); the result stops listening. */
  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.aborted) {
      listener(this.reason);
      return noop;
    }
    this.#listeners.push(listener);
    return () => {
      const index = this.#listeners.indexOf(listener);
      if (index >= 0) this.#listeners.splice(index, 1);
    };
  }

  /** Stops the timer and the parent link; listeners stay, so `abort` still reaches them. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#unlink();
    this.#unlink = noop;
  }
}
