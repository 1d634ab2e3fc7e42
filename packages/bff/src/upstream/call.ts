import type * as z from 'zod/mini';
import type { BffLogger } from '../log/log-entry.js';
import type { Abort } from './abort.js';
import { readProblem } from './answers/problem.js';
import type { ReadResult, Unreadable } from './answers/read-answer.js';
import { readAnswer } from './answers/read-answer.js';
import type { HttpClient, UpstreamAnswer } from './http-client.js';
import type { InFlightLimiter } from './in-flight.js';
import type { RetryPolicy } from './retry.js';
import { withRetries } from './retry.js';
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
  /** Aborts when the request's deadline passes or the browser goes away. */
  abort: Abort;
  requestId: string;
}

export interface CallSpec {
  operation: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: URL;
  credential: 'api-key' | 'bearer';
  /**
   * What a success carries: JSON (default), `text/plain` (the OAuth operations answer a bare URL), or
   * nothing (a 204: delete, pause).
   */
  answer?: 'json' | 'text' | 'none';
  extraHeaders?: Record<string, string>;
  body?: unknown;
  /**
   * A read may be retried and has the read deadline. A write (create, invite) is never retried, since a
   * lost answer must not become two records, and has the longer write deadline (a sample read takes time).
   */
  kind: 'read' | 'write';
  /** The documented success. A write also takes any other 2xx: it happened, whatever the code says. */
  expectStatus: number;
  /**
   * Other statuses whose JSON body (not `application/problem+json`) is an answer rather than a problem:
   * the Write API's 422 carries each failed record's reason beside the operation's id.
   */
  answersAlso?: readonly number[];
  /**
   * A 4xx answered in `text/plain` is a problem whose detail is that text (the Write API's description
   * answers a bad request so), not a fault.
   */
  textProblems?: boolean;
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
  if (spec.answer === 'none' && status >= 200 && status < 300) return undefined;
  if (status === spec.expectStatus && spec.answer === 'text') {
    if (!answer.contentType.toLowerCase().startsWith('text/plain')) {
      throw new UpstreamFault('malformed', spec.operation, `answer ${status} is not text/plain`, status);
    }
    return answer.text;
  }
  if (status === spec.expectStatus || (spec.kind === 'write' && status >= 200 && status < 300)) {
    const json = tryJson(answer.text);
    if (json === undefined) {
      throw new UpstreamFault('malformed', spec.operation, `answer ${status} is not JSON`, status);
    }
    return json;
  }
  const isProblemJson = answer.contentType.toLowerCase().startsWith('application/problem+json');
  if (spec.answersAlso?.includes(status) && !isProblemJson) {
    const json = tryJson(answer.text);
    if (json !== undefined) return json;
  }
  if (status === 401 || status === 403) {
    throw new UpstreamFault('credentials-refused', spec.operation, `answered ${status}`, status);
  }
  if (status === 429) {
    const retryAfter = retryAfterSeconds(answer.retryAfter);
    throw new UpstreamFault('upstream-busy', spec.operation, 'answered 429', status, retryAfter);
  }
  if (status >= 400 && status < 500) {
    const problem = readProblem(tryJson(answer.text), status);
    if (problem) throw new UpstreamProblem(spec.operation, status, problem);
    const text = answer.text.trim();
    if (spec.textProblems && answer.contentType.toLowerCase().startsWith('text/plain') && text !== '') {
      const fromText = readProblem({ detail: text.slice(0, 2_000) }, status);
      if (fromText) throw new UpstreamProblem(spec.operation, status, fromText);
    }
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
      // Errors come as problem+json (RFC 9457): a service that honours Accept must be allowed to send them.
      accept:
        spec.answer === 'text'
          ? 'text/plain, application/problem+json'
          : 'application/json, application/problem+json',
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
        abort: ctx.abort,
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
        ctx.abort.aborted &&
        !(ctx.abort.reason instanceof Error && ctx.abort.reason.message === 'request deadline')
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
    return withRetries(policy, ctx.abort, (index) => attempt(ctx, spec, index));
  }

  /** Logs what was left out of an answer, so that a tolerated difference is still seen. */
  function noteIgnored(ctx: CallContext, operation: string, ignored: readonly Unreadable[]) {
    if (ignored.length === 0) return;
    log({
      level: 'info',
      msg: 'upstream answer: parts left out',
      requestId: ctx.requestId,
      operation,
      count: ignored.length,
      parts: ignored.slice(0, 10),
    });
  }

  /**
   * Reads an answer tolerantly (answers/read-answer.ts). A required part that cannot be read makes the
   * answer unusable: the log names the operation, each JSON path, what was expected and what came (a
   * type, never a value), and the browser gets a 502.
   */
  function read<S extends z.ZodMiniType>(
    ctx: CallContext,
    operation: string,
    schema: S,
    json: unknown,
  ): z.output<S> {
    return settle(ctx, operation, readAnswer(schema, json));
  }

  /** Turns a read's result into its value, logging as `read` does. */
  function settle<T>(ctx: CallContext, operation: string, result: ReadResult<T>): T {
    noteIgnored(ctx, operation, result.ignored);
    if (result.ok) return result.value;
    log({
      level: 'warn',
      msg: 'upstream answer unusable',
      requestId: ctx.requestId,
      operation,
      problems: result.problems.slice(0, 10),
    });
    const first = result.problems[0];
    throw new UpstreamFault(
      'malformed',
      operation,
      first ? `${first.path}: expected ${first.expected}, got ${first.got}` : 'unreadable answer',
    );
  }

  return { call, read, settle, noteIgnored };
}
