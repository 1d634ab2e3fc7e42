import { randomUUID } from 'node:crypto';
import type { TriggerReadResult, WriteRequest } from '@splice/schema';
import {
  triggerReadRequestSchema,
  triggerReadResultSchema,
  writeAcceptedResponseSchema,
  writeBatchResponseSchema,
  writeRequestSchema,
  writeSingleResponseSchema,
} from '@splice/schema';
import type * as z from 'zod/mini';
import { consoleLogger } from '../log/log-entry.js';
import { redactingLogger } from '../log/redact.js';
import { upstreamUrl } from '../options.js';
import { Abort } from '../upstream/abort.js';
import type { CallContext, CallSpec } from '../upstream/call.js';
import { createCaller } from '../upstream/call.js';
import { endpoint } from '../upstream/endpoint.js';
import { createHttpClient } from '../upstream/http-client.js';
import { InFlightLimiter } from '../upstream/in-flight.js';
import { withRetries } from '../upstream/retry.js';
import { UpstreamFault } from '../upstream/upstream-fault.js';
import type { OperationAnswer } from './operation-answer.js';
import { operationAnswerSchema } from './operation-answer.js';
import type { SpliceServerClientOptions } from './server-client-options.js';
import { serverClientDefaults as defaults } from './server-client-options.js';
import type { WriteOutcome } from './write-outcome.js';

/** What every call may carry: a way to cancel it, and the request id to log and send (default: a new one). */
export interface CallOptions {
  signal?: AbortSignal;
  requestId?: string;
}

/** A write: where (integration and object), and the Write API's request body. */
export type WriteInput = WriteRequest & {
  integrationId: string;
  objectName: string;
  /**
   * Sent as `Idempotency-Key`: the service answers a repeat with the first answer and writes nothing
   * twice, so with a key the client also retries a write whose answer was lost to a connection fault.
   */
  idempotencyKey?: string;
};

export interface TriggerReadInput {
  integrationId: string;
  objectName: string;
  groupRef: string;
  /** Records changed after this instant (ISO 8601); absent reads the object's whole history. */
  sinceTimestamp?: string;
  untilTimestamp?: string;
}

/**
 * The body as its schema takes it, or a `TypeError` naming each offending member: a mistake in the
 * caller's code, told before any call.
 */
function checkedInput<S extends z.ZodMiniType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const named = parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`);
  throw new TypeError(`${what}: ${named.join('; ')}`);
}

/**
 * A typed client of the service's builder-facing API for the builder's own server: write records to a
 * group's CRM, start a read, follow an operation. The same paths and shapes serve the embedded and the
 * hosted service; only the URLs and the key differ. It is the BFF's upstream kit (pooled keep-alive
 * connections to fixed origins, deadlines, bounded answers, tolerant reading, redacted logs) without the
 * browser side: no session is involved, so the caller names the group, and must take it from its own
 * records, never from a browser.
 *
 * A problem the service decided (bad input, a write setting that forbids the write, an unknown record)
 * throws `UpstreamProblem` with its type, detail and issues; no usable answer throws `UpstreamFault`.
 * Records the provider refused are not an error: the outcome says `ok: false` with each reason.
 */
export function createSpliceServerClient(options: SpliceServerClientOptions) {
  const owner = 'createSpliceServerClient';
  const baseUrl = upstreamUrl('baseUrl', options.baseUrl, owner);
  const writeUrl = upstreamUrl('writeUrl', options.writeUrl, owner);
  const readUrl = options.readUrl ? upstreamUrl('readUrl', options.readUrl, owner) : undefined;
  if (typeof options.apiKey !== 'string' || options.apiKey === '')
    throw new TypeError(`${owner}: apiKey is required.`);
  if (typeof options.project !== 'string' || options.project === '')
    throw new TypeError(`${owner}: project is required.`);
  const { project } = options;
  const timeouts = { ...options.timeouts };
  const retry = {
    retries: options.retry?.retries ?? defaults.retries,
    baseDelayMs: options.retry?.baseDelayMs ?? defaults.baseDelayMs,
    maxDelayMs: options.retry?.maxDelayMs ?? defaults.maxDelayMs,
  };
  const http = createHttpClient({
    origins: [baseUrl.origin, writeUrl.origin, ...(readUrl ? [readUrl.origin] : [])],
    connectTimeoutMs: timeouts.connectMs ?? defaults.connectMs,
    maxResponseBytes: options.maxResponseBytes ?? defaults.maxResponseBytes,
    connections: options.connectionsPerOrigin ?? defaults.connectionsPerOrigin,
  });
  const fallbackLogger = options.logger ?? ((entry) => entry.level !== 'info' && consoleLogger(entry));
  const caller = createCaller({
    http,
    apiKey: options.apiKey,
    // Every operation here takes the API key; the bearer token is the BFF's, for invites.
    authToken: '',
    timeouts: { readMs: timeouts.readMs ?? defaults.readMs, writeMs: timeouts.writeMs ?? defaults.writeMs },
    retry,
    limiter: new InFlightLimiter(options.maxInFlight ?? defaults.maxInFlight),
    log: redactingLogger(fallbackLogger, [options.apiKey]),
  });
  const integrationPath = (integrationId: string) => ['projects', project, 'integrations', integrationId];

  /** Reads a write's answer by what was asked: an asynchronous write, a batch, or one record. */
  function outcomeOf(ctx: CallContext, request: WriteRequest, json: unknown): WriteOutcome {
    if (request.mode === 'asynchronous') {
      return {
        kind: 'accepted',
        ok: true,
        response: caller.read(ctx, 'write', writeAcceptedResponseSchema, json),
      };
    }
    if (request.batch) {
      const response = caller.read(ctx, 'write', writeBatchResponseSchema, json);
      return { kind: 'batch', ok: response.failureCount === 0, response };
    }
    const response = caller.read(ctx, 'write', writeSingleResponseSchema, json);
    const ok = response.result?.success === true && (response.errors?.length ?? 0) === 0;
    return { kind: 'single', ok, response };
  }

  /** Runs `work` with a call context that follows `signal`, and lets the context go afterwards. */
  async function withContext<T>(call: CallOptions, work: (ctx: CallContext) => Promise<T>): Promise<T> {
    const abort = new Abort();
    const { signal } = call;
    const onAbort = () => abort.abort(signal?.reason ?? new Error('aborted'));
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await work({ abort, requestId: call.requestId ?? randomUUID() });
    } finally {
      signal?.removeEventListener('abort', onAbort);
      abort.dispose();
    }
  }

  return {
    /**
     * Writes one record or a batch to the group's CRM (`POST {write_url}/projects/{p}/integrations/{i}/objects/{o}`).
     * The installation's write settings decide what is allowed and which defaults are added.
     */
    async write(input: WriteInput, call: CallOptions = {}): Promise<WriteOutcome> {
      const { integrationId, objectName, idempotencyKey, ...body } = input;
      const request = checkedInput(writeRequestSchema, body, 'write');
      const operation = 'write';
      const spec: CallSpec = {
        operation,
        method: 'POST',
        url: endpoint(writeUrl, [...integrationPath(integrationId), 'objects', objectName]),
        credential: 'api-key',
        body: request,
        kind: 'write',
        expectStatus: 200,
        answersAlso: [422],
        textProblems: true,
        ...(idempotencyKey !== undefined && { extraHeaders: { 'idempotency-key': idempotencyKey } }),
      };
      return withContext(call, async (ctx) => {
        // The caller never retries a write; with a key a second attempt is the first one's answer again.
        const send = () => caller.call(ctx, spec);
        const json = idempotencyKey === undefined ? await send() : await withRetries(retry, ctx.abort, send);
        return outcomeOf(ctx, request, json);
      });
    },

    /**
     * Starts a read of one object now (`POST {read_url}/projects/{p}/integrations/{i}/objects/{o}`); it runs
     * asynchronously, and its operation tells how it went. Never retried: one call, one read.
     */
    async triggerRead(input: TriggerReadInput, call: CallOptions = {}): Promise<TriggerReadResult> {
      const operation = 'triggerRead';
      if (!readUrl)
        return Promise.reject(new UpstreamFault('malformed', operation, 'readUrl is not configured'));
      const { integrationId, objectName, ...rest } = input;
      const body = checkedInput(triggerReadRequestSchema, { ...rest, mode: 'async' }, operation);
      return withContext(call, async (ctx) => {
        const json = await caller.call(ctx, {
          operation,
          method: 'POST',
          url: endpoint(readUrl, [...integrationPath(integrationId), 'objects', objectName]),
          credential: 'api-key',
          body,
          kind: 'write',
          expectStatus: 201,
        });
        return caller.read(ctx, operation, triggerReadResultSchema, json);
      });
    },

    /** One operation (a read or a write) by id: `GET {base_url}/projects/{p}/operations/{id}`. */
    getOperation(operationId: string, call: CallOptions = {}): Promise<OperationAnswer> {
      const operation = 'getOperation';
      return withContext(call, async (ctx) => {
        const json = await caller.call(ctx, {
          operation,
          method: 'GET',
          url: endpoint(baseUrl, ['projects', project, 'operations', operationId]),
          credential: 'api-key',
          kind: 'read',
          expectStatus: 200,
        });
        return caller.read(ctx, operation, operationAnswerSchema, json);
      });
    },

    /** Ends the keep-alive connections; calls after it fail. */
    close: () => http.close(),
  };
}

export type SpliceServerClient = ReturnType<typeof createSpliceServerClient>;
