/**
 * Caps the upstream calls in progress at once. A full limiter refuses at once (the caller answers 503
 * with `Retry-After`) instead of queueing: a queue would hold browser requests open past their deadline
 * while the service is already saturated.
 */
export class InFlightLimiter {
  #inFlight = 0;

  constructor(readonly max: number) {}

  get inFlight() {
    return this.#inFlight;
  }

  /** A release function, or null when the cap is reached. */
  tryAcquire(): (() => void) | null {
    if (this.#inFlight >= this.max) return null;
    this.#inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inFlight--;
    };
  }
}
