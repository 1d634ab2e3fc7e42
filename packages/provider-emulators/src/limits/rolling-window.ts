/**
 * A request limit over a rolling window, per key (an app on an account, an org): the counting beneath each
 * emulator's own limit, which answers in its provider's headers and error shape. Refused requests do not
 * count against the window.
 */
export interface RateLimit {
  /** Requests one key may make per interval. */
  max: number;
  intervalMs: number;
}

export class RollingWindow {
  private readonly windows = new Map<string, number[]>();

  constructor(
    /** Read on every request, so a test can tighten or lift it while the emulator runs. */
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request against the key's window: how many are used after it, or -1 when refused. */
  take(key: string): number {
    const now = this.now();
    const recent = (this.windows.get(key) ?? []).filter((at) => at > now - this.limit.intervalMs);
    this.windows.set(key, recent);
    if (recent.length >= this.limit.max) return -1;
    recent.push(now);
    return recent.length;
  }
}
