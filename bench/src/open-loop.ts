import { prepareRequest, RawConnection } from './raw-http.js';
import { percentile } from './stats.js';

/** Where one lane of an open-loop load sends its requests. */
export interface OpenLoopTarget {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopOptions extends OpenLoopTarget {
  /** Requests per second, sent on a fixed schedule whatever the answers do. */
  ratePerS: number;
  durationS: number;
  /** Keep-alive connections at most; a request with none free waits, and that wait is counted. */
  connections: number;
}

export interface OpenLoopResult {
  /** Percentiles of (answer's last byte - the request's scheduled send time), 2xx answers only. */
  p50Ms: number;
  p99Ms: number;
  /** How late the generator itself sent, p99 (its event loop shares the cores with the servers). */
  sendLagP99Ms: number;
  ratePerS: number;
  sent: number;
  ok: number;
  failed: number;
  /** What the first failure was (a status or a connection error), for the crash message. */
  firstFailure?: string;
}

/**
 * An open-loop load: request i is due at start + i / rate and is sent then, whether or not earlier ones
 * have been answered, and its latency is measured from that due time. A closed loop (autocannon's N
 * connections, each waiting for its answer) sends less when the server slows down, so its slow moments
 * are sampled too rarely ("coordinated omission"); here a stall delays every request due during it, and
 * each of them counts the whole wait.
 */
export function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  return runInterleavedOpenLoop({ ...options, targets: [options], blockMs: options.durationS * 1000 }).then(
    ([result]) => result!,
  );
}

/**
 * One open-loop schedule shared by several targets in turn: time is cut into blocks of `blockMs`, and
 * every request due in block k goes to target k mod n (each with its own keep-alive connections, kept
 * across blocks). Comparing two targets this way exposes both to the same moments of a shared machine
 * (a slower minute, another process's burst) instead of giving each its own stretch of time; each target
 * gets `durationS` of the schedule, so the whole load runs n x `durationS`. Results come in target order.
 */
export function runInterleavedOpenLoop(options: {
  targets: readonly OpenLoopTarget[];
  blockMs: number;
  ratePerS: number;
  /** Per target. */
  durationS: number;
  /** Per target. */
  connections: number;
}): Promise<OpenLoopResult[]> {
  const lanes = options.targets.map((target) => new Lane(target, options.connections));
  const total = Math.round(options.ratePerS * options.durationS * lanes.length);
  const intervalMs = 1000 / options.ratePerS;
  let answered = 0;

  return new Promise((resolve) => {
    const finish = () => {
      for (const lane of lanes) lane.close();
      resolve(lanes.map((lane) => lane.result(options.ratePerS)));
    };
    const onSettled = () => {
      if (++answered === total) finish();
    };
    const start = performance.now();
    let next = 0;
    // Sends everything due by now, then sleeps until the next due time (timers fire no sooner than 1 ms
    // apart, so at high rates a few requests go per wake-up, each still measured from its own due time).
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * intervalMs <= now) {
        const offsetMs = next * intervalMs;
        const lane = lanes[Math.floor(offsetMs / options.blockMs) % lanes.length]!;
        lane.send(start + offsetMs, onSettled);
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
    };
    if (total === 0) finish();
    else tick();
  });
}

/** One target's connections, queue of requests waiting for a connection, and measurements. */
class Lane {
  readonly #request: Buffer;
  readonly #url: URL;
  readonly #maxConnections: number;
  readonly #idle: RawConnection[] = [];
  readonly #all: RawConnection[] = [];
  // Requests due while every connection was busy, in due order; each keeps its due time.
  readonly #waiting: Array<{ dueAt: number; settled: () => void }> = [];
  readonly #latencies: number[] = [];
  readonly #lags: number[] = [];
  #sent = 0;
  #failed = 0;
  #firstFailure: string | undefined;

  constructor(target: OpenLoopTarget, maxConnections: number) {
    this.#url = new URL(target.url);
    this.#request = prepareRequest(this.#url, target.method, target.headers, target.body);
    this.#maxConnections = maxConnections;
  }

  send(dueAt: number, settled: () => void): void {
    this.#sent++;
    this.#dispatch(dueAt, settled);
  }

  #dispatch(dueAt: number, settled: () => void): void {
    let connection = this.#idle.pop();
    // A connection the server closed while it sat idle (its keep-alive time ran out) is dropped here:
    // sending on it would count as a failed request that the server never saw.
    while (connection !== undefined && !connection.usable) {
      this.#all.splice(this.#all.indexOf(connection), 1);
      connection = this.#idle.pop();
    }
    if (connection) {
      this.#sendOn(connection, dueAt, settled);
    } else if (this.#all.length < this.#maxConnections) {
      const opened = new RawConnection(Number(this.#url.port), this.#url.hostname);
      this.#all.push(opened);
      this.#sendOn(opened, dueAt, settled);
    } else {
      this.#waiting.push({ dueAt, settled });
    }
  }

  #sendOn(connection: RawConnection, dueAt: number, settled: () => void): void {
    this.#lags.push(performance.now() - dueAt);
    connection.send(this.#request).then(
      (status) => {
        if (status >= 200 && status < 300) this.#latencies.push(performance.now() - dueAt);
        else this.#fail(`answered ${status}`);
        settled();
        const next = this.#waiting.shift();
        if (next === undefined) this.#idle.push(connection);
        else this.#sendOn(connection, next.dueAt, next.settled);
      },
      (error: Error) => {
        // A broken connection is dropped; a request waiting for it takes a new one.
        this.#all.splice(this.#all.indexOf(connection), 1);
        this.#fail(error.message);
        settled();
        const next = this.#waiting.shift();
        if (next !== undefined) this.#dispatch(next.dueAt, next.settled);
      },
    );
  }

  #fail(reason: string): void {
    this.#failed++;
    this.#firstFailure ??= `${this.#url.pathname}: ${reason}`;
  }

  result(ratePerS: number): OpenLoopResult {
    return {
      p50Ms: percentile(this.#latencies, 0.5),
      p99Ms: percentile(this.#latencies, 0.99),
      sendLagP99Ms: percentile(this.#lags, 0.99),
      ratePerS,
      sent: this.#sent,
      ok: this.#latencies.length,
      failed: this.#failed,
      ...(this.#firstFailure === undefined ? {} : { firstFailure: this.#firstFailure }),
    };
  }

  close(): void {
    for (const connection of this.#all) connection.close();
  }
}
