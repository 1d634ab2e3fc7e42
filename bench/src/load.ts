import autocannon from 'autocannon';
import { percentile } from './stats.js';

export interface LoadResult {
  /** 2xx answers per second over the run. */
  rps: number;
  /** Exact percentiles of every 2xx answer's latency (autocannon's own histogram rounds to 1 ms). */
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  durationS: number;
}

export interface LoadOptions {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationS: number;
}

/** One autocannon run (programmatic API), with every response time recorded exactly. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method,
        headers: options.headers,
        ...(options.body === undefined ? {} : { body: options.body }),
        connections: options.connections,
        pipelining: 1,
        duration: options.durationS,
        timeout: 10,
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error);
        const ok = result['2xx'];
        resolve({
          rps: ok / result.duration,
          p50Ms: percentile(latencies, 0.5),
          p99Ms: percentile(latencies, 0.99),
          requests: ok + result.non2xx,
          non2xx: result.non2xx,
          errors: result.errors,
          durationS: result.duration,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}
