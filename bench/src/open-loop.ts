import { prepareRequest, RawConnection } from './raw-http.js';
import { percentile } from './stats.js';

export interface OpenLoopOptions {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
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
}

/**
 * An open-loop load: request i is due at start + i / rate and is sent then, whether or not earlier ones
 * have been answered, and its latency is measured from that due time. A closed loop (autocannon's N
 * connections, each waiting for its answer) sends less when the server slows down, so its slow moments
 * are sampled too rarely ("coordinated omission"); here a stall delays every request due during it, and
 * each of them counts the whole wait.
 */
export function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const url = new URL(options.url);
  const request = prepareRequest(url, options.method, options.headers, options.body);
  const idle: RawConnection[] = [];
  const all: RawConnection[] = [];
  // Requests due while every connection was busy, in due order; each keeps its due time.
  const waiting: number[] = [];
  const total = Math.round(options.ratePerS * options.durationS);
  const intervalMs = 1000 / options.ratePerS;
  const latencies: number[] = [];
  const lags: number[] = [];
  let failed = 0;
  let answered = 0;

  return new Promise((resolve) => {
    const finish = () => {
      for (const connection of all) connection.close();
      resolve({
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
        sendLagP99Ms: percentile(lags, 0.99),
        ratePerS: options.ratePerS,
        sent: total,
        ok: latencies.length,
        failed,
      });
    };
    const settle = (dueAt: number, ok: boolean) => {
      if (ok) latencies.push(performance.now() - dueAt);
      else failed++;
      if (++answered === total) finish();
    };
    const sendOn = (connection: RawConnection, dueAt: number) => {
      lags.push(performance.now() - dueAt);
      connection.send(request).then(
        (status) => {
          settle(dueAt, status >= 200 && status < 300);
          const next = waiting.shift();
          if (next === undefined) idle.push(connection);
          else sendOn(connection, next);
        },
        () => {
          // A broken connection is dropped; a request waiting for it takes a new one.
          all.splice(all.indexOf(connection), 1);
          settle(dueAt, false);
          const next = waiting.shift();
          if (next !== undefined) send(next);
        },
      );
    };
    const send = (dueAt: number) => {
      const connection = idle.pop();
      if (connection) return sendOn(connection, dueAt);
      if (all.length < options.connections) {
        const opened = new RawConnection(Number(url.port), url.hostname);
        all.push(opened);
        return sendOn(opened, dueAt);
      }
      waiting.push(dueAt);
    };
    const start = performance.now();
    let next = 0;
    // Sends everything due by now, then sleeps until the next due time (timers fire no sooner than 1 ms
    // apart, so at high rates a few requests go per wake-up, each still measured from its own due time).
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * intervalMs <= now) {
        send(start + next * intervalMs);
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
    };
    if (total === 0) finish();
    else tick();
  });
}
