import { problemSchema } from '@splice/schema';
import type * as z from 'zod/mini';
import type { BffLogger } from '../log/log-entry.js';
import type { HttpClient, UpstreamAnswer } from './http-client.js';
import type { InFlightLimiter } from './in-flight.js';
import type { RetryPolicy } from './retry.js';
import { withRetries } from './retry.js';
import { describe } from './sanitise.js';
import { UpstreamFault } from './upstream-fault.js';
import { UpstreamProblem } from './upstream-problem.js';

export interface CallerOptions {
  http: HttpClient;
  apiKey: string;
  authToken: string;
  timeouts: { readMs: number; writeMs: number };
  retry: RetryPolicy;
  limiter: InFlightLimiter;
  log: BffLogger;
}

/** What every call needs from the browser request it serves. */
export interface CallContext {
  signal: AbortSignal;
  requestId: string;
}

export interface CallSpec {
  operation: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: URL;
  credential: 'api-key' | 'bearer';
  /** What a success carries: JSON (default) or `text/plain` (the OAuth operations answer a bare URL). */
  answer?: 'json' | 'text';
  extraHeaders?: Record<string, string>;
  body?: unknown;
  /**
   * A read may be retried and has the read deadline. A write (create, invite) is never retried, since a
   * lost answer must not become two records, and has the longer write deadline (a sample read takes time).
   */
  kind: 'read' | 'write';
  expectStatus: number;
}

function retryAfterSeconds(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const fromDate = Number.isNaN(seconds) ? (Date.parse(value) - Date.now()) / 1000 : seconds;
  return Number.isFinite(fromDate) ? Math.min(60, Math.max(1, Math.ceil(fromDate))) : undefined;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sorts an answer into: the expected success (parsed JSON), a problem the service decided (a 4xx with a
 * problem object: `UpstreamProblem`), or a fault (`UpstreamFault`: anything else).
 */
export function interpret(spec: CallSpec, answer: UpstreamAnswer): unknown {
  const { status } = answer;
  if (status === spec.expectStatus && spec.answer === 'text') {
    if (!answer.contentType.toLowerCase().startsWith('text/plain')) {
      throw new UpstreamFault('malformed', spec.operation, `answer ${status} is not text/plain`, status);
    }
    return answer.text;
  }
  if (status === spec.expectStatus) {
    const json = tryJson(answer.text);
    if (json === undefined) {
      throw new UpstreamFault('malformed', spec.operation, `answer ${status} is not JSON`, status);
    }
    return json;
  }
  if (status === 401 || status === 403) {
    throw new UpstreamFault('credentials-refused', spec.operation, `answered ${status}`, status);
  }
  if (status === 429) {
    const retryAfter = retryAfterSeconds(answer.retryAfter);
    throw new UpstreamFault('upstream-busy', spec.operation, 'answered 429', status, retryAfter);
  }
  if (status >= 400 && status < 500) {
    const problem = problemSchema.safeParse(tryJson(answer.text));
    if (problem.success) throw new UpstreamProblem(spec.operation, status, problem.data);
    throw new UpstreamFault(
      'unexpected-status',
      spec.operation,
      `answered ${status} without a problem`,
      status,
    );
  }
  if (status >= 500) throw new UpstreamFault('server-error', spec.operation, `answered ${status}`, status);
  throw new UpstreamFault('unexpected-status', spec.operation, `answered ${status}`, status);
}

/** Makes upstream calls: credentials, the in-flight cap, deadlines, retries of reads, one log line each. */
export function createCaller(options: CallerOptions) {
  const { http, limiter, log } = options;

  async function attempt(ctx: CallContext, spec: CallSpec, index: number): Promise<unknown> {
    const release = limiter.tryAcquire();
    if (!release) throw new UpstreamFault('busy', spec.operation, `${limiter.max} calls already in flight`);
    const started = performance.now();
    const headers: Record<string, string> = {
      accept: spec.answer === 'text' ? 'text/plain, application/problem+json' : 'application/json',
      'user-agent': 'splice-bff',
      'x-request-id': ctx.requestId,
      ...(spec.credential === 'api-key'
        ? { 'x-api-key': options.apiKey }
        : { authorization: `Bearer ${options.authToken}` }),
      ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...spec.extraHeaders,
    };
    const entry = {
      msg: 'upstream',
      requestId: ctx.requestId,
      operation: spec.operation,
      method: spec.method,
      path: spec.url.pathname,
      attempt: index + 1,
    };
    let answer: UpstreamAnswer | undefined;
    try {
      answer = await http.send({
        operation: spec.operation,
        method: spec.method,
        url: spec.url,
        headers,
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        signal: ctx.signal,
        timeoutMs: spec.kind === 'read' ? options.timeouts.readMs : options.timeouts.writeMs,
      });
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      const fault =
        error instanceof UpstreamFault
          ? { fault: error.kind, error: error.internal }
          : { error: String(error) };
      // A browser that went away (reload, navigation) is not a service fault: say so, quietly.
      if (
        ctx.signal.aborted &&
        !(ctx.signal.reason instanceof Error && ctx.signal.reason.message === 'request deadline')
      ) {
        log({ level: 'info', ...entry, msg: 'upstream call cancelled: the client went away', durationMs });
      } else log({ level: 'warn', ...entry, ...fault, durationMs });
      throw error;
    } finally {
      release();
    }
    const durationMs = Math.round(performance.now() - started);
    log({ level: answer.status >= 500 ? 'warn' : 'info', ...entry, status: answer.status, durationMs });
    return interpret(spec, answer);
  }

  function call(ctx: CallContext, spec: CallSpec): Promise<unknown> {
    const policy = spec.kind === 'read' ? options.retry : { ...options.retry, retries: 0 };
    return withRetries(policy, ctx.signal, (index) => attempt(ctx, spec, index));
  }

  /** Validates an answer; what does not match the schema is a fault, not something to pass on. */
  function parse<T>(schema: z.ZodMiniType<T>, json: unknown, operation: string): T {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new UpstreamFault('malformed', operation, describe(parsed.error.issues));
    return parsed.data;
  }

  return { call, parse };
}
