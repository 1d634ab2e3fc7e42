/**
 * Cooperative yielding: the engine's loops call `yield()` between units of work; it hands the event loop
 * back (a `setImmediate` turn, so pending HTTP requests and timers run) once the current slice has run for
 * `sliceMs`. Without it a loop over thousands of streams is one long chain of settled promises, which never
 * lets a request in.
 */
export class TimeSlice {
  #start = performance.now();
  constructor(private readonly sliceMs = 10) {}

  async yield(): Promise<void> {
    if (performance.now() - this.#start < this.sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#start = performance.now();
  }
}
