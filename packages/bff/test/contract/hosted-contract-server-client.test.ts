/**
 * The server-side client against a double of the hosted service, written from its public write, read and
 * operations descriptions: the answers it may give (the 422 of refused records in plain JSON, a 400 in
 * text/plain, problems without a title) and the rules each request must keep.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SpliceServerClient } from '../../src/server-client/index.js';
import {
  createSpliceServerClient,
  failureReasons,
  UpstreamFault,
  UpstreamProblem,
  writtenRecordId,
} from '../../src/server-client/index.js';
import type { HostedDouble } from './hosted-double.js';
import { defaultScenario, startHostedDouble } from './hosted-double.js';

let upstream: HostedDouble;
let splice: SpliceServerClient;

const person = { integrationId: 'int-nw-sync', objectName: 'person', groupRef: 'acme' } as const;

beforeAll(async () => {
  upstream = await startHostedDouble();
  splice = createSpliceServerClient({
    baseUrl: upstream.baseUrl,
    writeUrl: upstream.writeUrl,
    readUrl: upstream.readUrl,
    apiKey: 'hosted-api-key-SECRET',
    project: 'demo',
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    logger: () => {},
  });
});

afterAll(async () => {
  await splice.close();
  await upstream.close();
});

beforeEach(() => {
  upstream.scenario = defaultScenario();
  upstream.violations.length = 0;
  upstream.requests.length = 0;
});

afterEach(() => {
  expect(upstream.violations).toEqual([]);
});

describe('writes as the hosted write description answers them', () => {
  it('sends the request the description takes, with the key, and reads a single success', async () => {
    const outcome = await splice.write(
      { ...person, type: 'create', record: { email: 'dana@example.com' }, idempotencyKey: 'k-1' },
      { requestId: 'req-1' },
    );
    expect(outcome).toMatchObject({ kind: 'single', ok: true });
    expect(writtenRecordId(outcome)).toBe('003xx000001');
    const sent = upstream.calls('write').at(-1);
    expect(sent?.url).toBe('/write/v1/projects/demo/integrations/int-nw-sync/objects/person');
    expect(sent?.headers).toMatchObject({
      'x-api-key': 'hosted-api-key-SECRET',
      'idempotency-key': 'k-1',
      'x-request-id': 'req-1',
    });
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      groupRef: 'acme',
      type: 'create',
      record: { email: 'dana@example.com' },
    });
  });

  it('reads a batch success without per-record data', async () => {
    upstream.scenario.write = {
      status: 200,
      body: {
        operationId: 'op-b',
        successCount: 2,
        failureCount: 0,
        results: [
          { success: true, recordId: '003xx000001' },
          { success: true, recordId: '003xx000002' },
        ],
      },
    };
    const outcome = await splice.write({
      ...person,
      type: 'create',
      batchPolicy: { allOrNone: true },
      batch: [{ record: { email: 'a@example.com' } }, { record: { email: 'b@example.com' } }],
    });
    expect(outcome).toMatchObject({ kind: 'batch', ok: true, response: { successCount: 2 } });
  });

  it('returns the 422 of a refused record as an outcome with its reason, in JSON, not a problem', async () => {
    upstream.scenario.write = {
      status: 422,
      contentType: 'application/json',
      body: {
        operationId: 'op-f',
        errors: [{ message: 'The record with ID 003xx000001 was not found' }],
        result: { success: false },
      },
    };
    const outcome = await splice.write({
      ...person,
      type: 'update',
      record: { id: '003xx000001', email: 'x' },
    });
    expect(outcome).toMatchObject({ kind: 'single', ok: false, response: { operationId: 'op-f' } });
    expect(failureReasons(outcome)).toEqual(['The record with ID 003xx000001 was not found']);
  });

  it('returns a batch refused as a whole, with only top-level errors', async () => {
    upstream.scenario.write = {
      status: 422,
      contentType: 'application/json',
      body: {
        operationId: 'op-bf',
        successCount: 0,
        failureCount: 2,
        errors: [{ message: 'Batch write failed: provider rolled back all records' }],
      },
    };
    const outcome = await splice.write({
      ...person,
      type: 'create',
      batch: [{ record: { email: 'a@example.com' } }, { record: { email: 'b@example.com' } }],
    });
    expect(outcome).toMatchObject({ kind: 'batch', ok: false, response: { failureCount: 2 } });
    expect(failureReasons(outcome)).toEqual(['Batch write failed: provider rolled back all records']);
  });

  it('throws the description’s text/plain 400 as a problem whose detail is the text', async () => {
    upstream.scenario.write = { status: 400, body: 'required field not found', contentType: 'text/plain' };
    const error = await splice.write({ ...person, type: 'create', record: { email: 'x' } }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamProblem);
    expect((error as UpstreamProblem).problem).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: 'required field not found',
    });
  });

  it('throws a problem+json answer (no title, a remedy) as a typed problem, 422 included', async () => {
    upstream.scenario.write = {
      status: 422,
      body: { type: 'https://example.com/deletion-disabled', detail: 'Deletion is not enabled for person.' },
    };
    const error = await splice.write({ ...person, type: 'delete', record: { id: 'P-1' } }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamProblem);
    expect((error as UpstreamProblem).problem).toMatchObject({
      status: 422,
      type: 'https://example.com/deletion-disabled',
      title: 'Unprocessable Content',
      detail: 'Deletion is not enabled for person.',
    });
  });

  it('reads an asynchronous write as accepted, then its operation as the description shows it', async () => {
    upstream.scenario.write = { status: 200, body: { operationId: 'op-w-1' } };
    const outcome = await splice.write({
      ...person,
      type: 'create',
      mode: 'asynchronous',
      autoBatchPolicy: { maxDelayMinutes: 5, retryDeadlineHours: 2 },
      record: { email: 'a@example.com' },
    });
    expect(outcome).toEqual({ kind: 'accepted', ok: true, response: { operationId: 'op-w-1' } });
    const operation = await splice.getOperation('op-w-1');
    expect(operation).toMatchObject({
      id: 'op-w-1',
      actionType: 'write',
      status: 'success',
      result: 'Batch write completed (2 succeeded, 0 failed)',
      metadata: { successfulRecordIds: ['P-1', 'P-2'] },
    });
    expect(upstream.calls('operation').at(-1)?.url).toBe('/v1/projects/demo/operations/op-w-1');
  });

  it('never sends a write twice without a key, and retries one with a key after a 5xx', async () => {
    upstream.scenario.write = { status: 503, body: { detail: 'Try later.' } };
    const before = upstream.calls('write').length;
    const unkeyed = await splice.write({ ...person, type: 'create', record: { email: 'a' } }).catch((e) => e);
    expect(unkeyed).toBeInstanceOf(UpstreamFault);
    expect((unkeyed as UpstreamFault).kind).toBe('server-error');
    expect(upstream.calls('write')).toHaveLength(before + 1);
    const keyed = await splice
      .write({ ...person, type: 'create', record: { email: 'a' }, idempotencyKey: 'k-2' })
      .catch((e) => e);
    expect(keyed).toBeInstanceOf(UpstreamFault);
    // One attempt, then the two retries of the default policy, each with the same key.
    const sent = upstream.calls('write').slice(before + 1);
    expect(sent).toHaveLength(3);
    expect(sent.every((r) => r.headers['idempotency-key'] === 'k-2')).toBe(true);
  });

  it('starts a read with mode async, and reads the 201 with members it does not know', async () => {
    const started = await splice.triggerRead({ ...person, sinceTimestamp: '2026-10-30T00:00:00Z' });
    expect(started).toEqual({ operationId: 'op-9' });
    expect(JSON.parse(upstream.calls('triggerRead').at(-1)?.body ?? '')).toEqual({
      groupRef: 'acme',
      mode: 'async',
      sinceTimestamp: '2026-10-30T00:00:00Z',
    });
  });

  it('throws a 404 operation problem as the description shows it', async () => {
    upstream.scenario.operation = {
      status: 404,
      body: { type: 'https://httpstatuses.com/404', title: 'Not Found', status: 404, retryable: false },
    };
    const error = await splice.getOperation('op-none').catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamProblem);
    expect((error as UpstreamProblem).problem).toMatchObject({ status: 404, retryable: false });
  });

  it('never puts the API key in a log line', async () => {
    const lines: string[] = [];
    const logged = createSpliceServerClient({
      baseUrl: upstream.baseUrl,
      writeUrl: upstream.writeUrl,
      apiKey: 'hosted-api-key-SECRET',
      project: 'demo',
      logger: (entry) => lines.push(JSON.stringify(entry)),
    });
    upstream.scenario.write = { status: 500, body: { detail: 'hosted-api-key-SECRET leaked' } };
    await logged.write({ ...person, type: 'create', record: { email: 'a' } }).catch(() => undefined);
    await logged.close();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain('hosted-api-key-SECRET');
  });
});
