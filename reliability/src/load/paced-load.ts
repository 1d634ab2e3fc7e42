/**
 * A fixed request rate with autocannon, paced evenly over each second.
 *
 * autocannon's `overallRate` gives each connection a quota per second and lets it spend the quota at
 * once when the second's timer fires: 300 req/s arrive as one burst of 300 at the start of every second,
 * which measures queueing behind that burst rather than the server. Its coordinated-omission correction
 * also records each response with an expected interval of `Math.ceil(1 / rate)` (seconds, used as
 * milliseconds), adding a synthetic sample per millisecond of every response. So the rate is split into
 * `lanes` autocannon instances, each at `rate / lanes` req/s with one request per connection per second,
 * started `1000 / lanes` ms apart: small groups of requests every few milliseconds. Their results are
 * merged with `autocannon.aggregateResult`, latencies as measured (`ignoreCoordinatedOmission`).
 */
import autocannon from 'autocannon';
import { sleep } from '../pool.js';

export interface PacedLoadOptions {
  url: string;
  rate: number;
  seconds: number;
  lanes: number;
  requests: autocannon.Request[];
  onResponse?: (statusCode: number, responseTimeMs: number) => void;
}

export interface PacedLoadResult {
  result: autocannon.Result;
  /** From the first lane's start to the last lane's end. */
  seconds: number;
}

function runLane(
  options: autocannon.Options,
  onResponse?: PacedLoadOptions['onResponse'],
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse)
      instance.on('response', (_client, statusCode, _bytes, responseTime) =>
        onResponse(statusCode, responseTime),
      );
  });
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const perLane = options.rate / options.lanes;
  if (!Number.isInteger(perLane)) throw new Error('rate must be a multiple of lanes');
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: options.lanes }, async (_, lane) => {
      await sleep((lane * 1_000) / options.lanes);
      return runLane(
        {
          url: options.url,
          connections: perLane,
          overallRate: perLane,
          duration: options.seconds,
          timeout: 10,
          requests: options.requests,
          ignoreCoordinatedOmission: true,
          skipAggregateResult: true,
        } as autocannon.Options,
        options.onResponse,
      );
    }),
  );
  const seconds = (performance.now() - started) / 1_000;
  const result = (
    autocannon as unknown as { aggregateResult(r: autocannon.Result[], o: object): autocannon.Result }
  ).aggregateResult(results, {
    url: options.url,
    connections: options.rate,
  });
  return { result, seconds };
}
