/**
 * Writes while HubSpot misbehaves, through the emulator's fault switches: 5xx answers, reset connections
 * and 429s are retried by the worker until the write succeeds (each contact written once), a revoked grant
 * ends the write as a failure that says to reconnect, and a synchronous write answers each fault as a
 * problem in words. Nothing ends silently.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  type Json,
  type JsonResponse,
  postJson,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';
import { hubspotContactsWithEmail } from './write-helpers.js';

let service: TestService;
let runId: string;
let clockOffsetMs = 0;
const email = (name: string) => `${name}.${runId}@write-faults.example`;

function write(body: Json, key?: string): Promise<JsonResponse> {
  const url = `${service.writeUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`;
  return postJson(url, { ...apiKeyHeaders(service), ...(key && { 'idempotency-key': key }) }, body);
}

const create = (address: string, mode = 'asynchronous') => ({
  groupRef: 'acme',
  type: 'create',
  mode,
  record: { email: address },
});

async function operation(id: string): Promise<Json> {
  const response = await fetch(`${service.baseUrl}/projects/demo/operations/${id}`, {
    headers: apiKeyHeaders(service),
  });
  return (await readJsonResponse(response)).body;
}

async function waitFor(id: string, done: (found: Json) => boolean, timeoutMs = 20_000): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await operation(id);
    if (done(found)) return found;
    if (Date.now() > until) throw new Error(`operation ${id} never got there: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const ended = (id: string) => waitFor(id, (found) => found.status !== 'in_progress');

beforeAll(async () => {
  service = await startTestService({
    writeTiming: {
      tickMs: 50,
      retryWaitMs: 20,
      maxRetryWaitMs: 200,
      now: () => Date.now() + clockOffsetMs,
    },
  });
  runId = Math.random().toString(36).slice(2, 8);
  const installed = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
    groupRef: 'acme',
    config: {
      content: {
        provider: 'hubspot',
        read: { objects: { contacts: { objectName: 'contacts', selectedFieldsAuto: 'all' } } },
        write: { objects: { contacts: { objectName: 'contacts' } } },
      },
    },
  });
  expect(installed.status).toBe(201);
});

afterEach(() => {
  Object.assign(service.providers.hubspot.faults, { errorRate: 0, resetRate: 0, errorStatus: 502 });
});

afterAll(async () => {
  await service?.dispose();
});

describe('asynchronous writes under faults', () => {
  it('retries 5xx answers and reset connections until every contact is written once', async () => {
    Object.assign(service.providers.hubspot.faults, { errorRate: 0.3, errorStatus: 503, resetRate: 0.2 });
    const addresses = Array.from({ length: 8 }, (_, i) => email(`flaky${i}`));
    const ids: string[] = [];
    for (const address of addresses) {
      // The check at acceptance calls HubSpot too: a fault there is answered at once, and sent again.
      for (;;) {
        const accepted = await write(create(address));
        if (accepted.status === 200) {
          ids.push(accepted.body.operationId);
          break;
        }
        expect(accepted.status).toBe(503);
        expect(accepted.body.detail).toMatch(/not answering/);
      }
    }
    const done = await Promise.all(ids.map(ended));
    for (const found of done) expect(found.status).toBe('success');
    const attempts = done.reduce((sum, found) => sum + found.metadata.write.attempts, 0);
    expect(attempts).toBeGreaterThan(ids.length);
    Object.assign(service.providers.hubspot.faults, { errorRate: 0, resetRate: 0 });
    for (const address of addresses)
      expect(await hubspotContactsWithEmail(service.providers.hubspot, address)).toHaveLength(1);
  });

  it('waits out a 429 and says so while it waits', async () => {
    const accepted = await write(create(email('limited')));
    Object.assign(service.providers.hubspot.faults, { errorRate: 1, errorStatus: 429 });
    const waiting = await waitFor(accepted.body.operationId, (found) => found.metadata.write.lastError);
    expect(waiting.status).toBe('in_progress');
    expect(waiting.metadata.write.lastError).toMatch(/limiting.*\(rate limited\)/);
    Object.assign(service.providers.hubspot.faults, { errorRate: 0 });
    // HubSpot asked for a wait of seconds: the writes' clock passes it.
    clockOffsetMs += 60_000;
    expect((await ended(accepted.body.operationId)).status).toBe('success');
  });

  it('ends as a failure that says to reconnect when the grant was revoked', async () => {
    const accepted = await write(create(email('revoked')));
    service.providers.hubspot.revokeAllGrants();
    try {
      const done = await ended(accepted.body.operationId);
      expect(done.status).toBe('failure');
      expect(done.metadata.write.response.errors[0].message).toMatch(/Reconnect.*\(access revoked\)/);
      const sync = await write(create(email('revoked-sync'), 'synchronous'));
      expect(sync.status).toBe(422);
      expect(sync.body.type).toContain('connection-unusable');
    } finally {
      await service.restoreDemoConnection('acme');
    }
  });
});

describe('synchronous writes under faults', () => {
  it('answers a 5xx as a problem, and the key may be sent again to write the contact once', async () => {
    const address = email('sync-reset');
    const key = `sync-reset-${runId}`;
    Object.assign(service.providers.hubspot.faults, { resetRate: 1 });
    const cut = await write(create(address, 'synchronous'), key);
    expect(cut.status).toBe(503);
    expect(cut.body.detail).toMatch(/not answering/);
    Object.assign(service.providers.hubspot.faults, { resetRate: 0 });
    const again = await write(create(address, 'synchronous'), key);
    expect(again.status).toBe(200);
    expect(await hubspotContactsWithEmail(service.providers.hubspot, address)).toEqual([
      again.body.result.recordId,
    ]);
  });
});
