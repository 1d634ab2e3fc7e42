/**
 * Faults a test turns on while an emulator runs: extra latency on every API call, a share of calls
 * failing with a 5xx the way an overloaded provider answers (each emulator renders the `InjectedFault` in
 * its provider's error shape), a share answered 200 with an HTML page instead of JSON, as a proxy or
 * maintenance page in front of a provider answers, and a share whose connection is reset before any
 * answer, as a load balancer dropping it does; a share answered 200 with JSON cut off mid-body, as a
 * connection closed early by a proxy leaves it, and a share held `stallMs` before answering, past a
 * client's timeout. The draws come from a seeded generator, so a run with the
 * same seed fails the same calls.
 */
import type { IncomingMessage } from 'node:http';
import { mulberry32, type Random } from '@splice/sandbox-data';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface Faults {
  /** Share of API calls, from 0 to 1, answered with `errorStatus` instead. */
  errorRate: number;
  errorStatus: ContentfulStatusCode;
  /** Milliseconds added before every API call is answered. */
  latencyMs: number;
  /** Share of API calls, from 0 to 1, answered 200 with an HTML page where JSON was expected. */
  malformedRate: number;
  /** Share of API calls, from 0 to 1, whose connection is closed abruptly with no answer at all. */
  resetRate: number;
  /** Share of API calls, from 0 to 1, answered 200 with the first half of a JSON body only. */
  truncatedRate: number;
  /** Share of API calls, from 0 to 1, held `stallMs` before they are answered. */
  stallRate: number;
  stallMs: number;
}

export const noFaults: Readonly<Faults> = {
  errorRate: 0,
  errorStatus: 502,
  latencyMs: 0,
  malformedRate: 0,
  resetRate: 0,
  truncatedRate: 0,
  stallRate: 0,
  stallMs: 0,
};

export class InjectedFault extends Error {
  constructor(readonly status: ContentfulStatusCode) {
    super('The service is temporarily unavailable; retry the request.');
  }
}

export function faultMiddleware(faults: Faults, seed: number): MiddlewareHandler {
  const random: Random = mulberry32(seed);
  return async (c, next) => {
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    if (faults.resetRate > 0 && random() < faults.resetRate) {
      // The Node server hands over the request's socket: destroying it is a reset the client sees as such.
      (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.destroy();
      return new Response(null, { status: 502 });
    }
    if (faults.errorRate > 0 && random() < faults.errorRate) throw new InjectedFault(faults.errorStatus);
    if (faults.malformedRate > 0 && random() < faults.malformedRate) {
      return c.html('<html><body><h1>Down for maintenance</h1></body></html>', 200);
    }
    if (faults.stallRate > 0 && random() < faults.stallRate) {
      await new Promise((resolve) => setTimeout(resolve, faults.stallMs));
    }
    const truncate = faults.truncatedRate > 0 && random() < faults.truncatedRate;
    await next();
    if (truncate && c.res.status === 200) {
      const text = await c.res.text();
      c.res = new Response(text.slice(0, Math.floor(text.length / 2)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
  };
}
