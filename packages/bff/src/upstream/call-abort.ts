import { EventEmitter } from 'node:events';

/**
 * What undici is given to abort one upstream call: the browser request's signal or this call's own
 * deadline, whichever comes first. It is an EventEmitter, which undici takes as a signal, not an
 * AbortController linked to the request's: a Node 20 AbortSignal outlives its request until a full
 * collection, and a second one per call promoted about 900 B a request into the old generation (and
 * so brought more full-collection pauses). The deadline is a plain timer: undici's own `headersTimeout`
 * and `bodyTimeout` run on a coarse clock, and a 300 ms one fired after up to 900 ms.
 */
export class CallAbort extends EventEmitter {
  aborted = false;
  reason: unknown;
  readonly #parent: AbortSignal;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #onParentAbort = () => this.#abort(this.#parent.reason);

  constructor(parent: AbortSignal, timeoutMs: number) {
    super();
    this.#parent = parent;
    this.#timer = setTimeout(() => this.#abort(new Error('upstream deadline')), timeoutMs);
    if (parent.aborted) this.#abort(parent.reason);
    else parent.addEventListener('abort', this.#onParentAbort, { once: true });
  }

  #abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  /** Stops the timer and the listening; call it once the call is over, whatever its outcome. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#parent.removeEventListener('abort', this.#onParentAbort);
  }
}
