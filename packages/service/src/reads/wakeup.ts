/** Resolves after `ms`, or earlier when `notify` is called; a notice before the wait is kept for it. */
export class Wakeup {
  #resolve: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #pending = false;
  wait(ms: number): Promise<void> {
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.#timer = setTimeout(() => this.notify(), Math.max(0, ms));
    });
  }
  notify(): void {
    if (this.#resolve) {
      clearTimeout(this.#timer);
      const resolve = this.#resolve;
      this.#resolve = undefined;
      resolve();
    } else this.#pending = true;
  }
}
