/**
 * Writes that are safe to retry: an `Idempotency-Key` answers the first write's answer again and writes
 * nothing more, and asynchronous writes wait in the store (across a restart of the service) until the
 * worker writes them, each ending as an operation with its results. Acme writes to its emulated HubSpot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  type Json,
  type JsonResponse,
  postJson,
  startTestService,
  type TestService,
} from './harness.js';
import { hubspotContactsWithEmail, operation, operationEnded } from './write-helpers.js';

let service: TestService;
let runId: string;
const email = (name: string) => `${name}.${runId}@write-ops.example`;

function write(target: TestService, body: Json, idempotencyKey?: string): Promise<JsonResponse> {
  const url = `${target.writeUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`;
  const headers = {
    ...apiKeyHeaders(target),
    ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
  };
  return postJson(url, headers, body);
}

/** Polls the operation until it has ended. */

/** The ids of HubSpot's contacts with this e-mail, searched at the emulator with a token of its own. */

async function installAcme(target: TestService) {
  const installed = await postJson(createInstallationUrl(target), apiKeyHeaders(target), {
    groupRef: 'acme',
    config: {
      content: {
        provider: 'hubspot',
        read: { objects: { contacts: { objectName: 'contacts', selectedFieldsAuto: 'all' } } },
        write: { objects: { contacts: { objectName: 'contacts', deletionSettings: { enabled: true } } } },
      },
    },
  });
  expect(installed.status).toBe(201);
}

beforeAll(async () => {
  service = await startTestService();
  runId = Math.random().toString(36).slice(2, 8);
  await installAcme(service);
});

afterAll(async () => {
  await service?.dispose();
});

describe('Idempotency-Key', () => {
  it('answers a synchronous write sent twice with the first answer, and writes once', async () => {
    const body = { groupRef: 'acme', type: 'create', record: { email: email('twice'), firstname: 'Twice' } };
    const first = await write(service, body, `twice-${runId}`);
    const second = await write(service, body, `twice-${runId}`);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(await hubspotContactsWithEmail(service.providers.hubspot, email('twice'))).toEqual([
      first.body.result.recordId,
    ]);
    // Without a key the same request is a new write.
    const third = await write(service, body);
    expect(third.status).toBe(422);
    expect(third.body.errors[0].message).toMatch(/exist/i);
  });

  it('refuses a key sent again with another request, and writes nothing', async () => {
    const key = `reused-${runId}`;
    expect(
      (await write(service, { groupRef: 'acme', type: 'create', record: { email: email('a') } }, key)).status,
    ).toBe(200);
    const other = await write(
      service,
      { groupRef: 'acme', type: 'create', record: { email: email('b') } },
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body.detail).toContain('different write request');
    expect(await hubspotContactsWithEmail(service.providers.hubspot, email('b'))).toEqual([]);
  });

  it('lets a key be sent again after its first request was refused before any write', async () => {
    const key = `refused-${runId}`;
    const refused = await write(service, { groupRef: 'acme', type: 'create', record: { nosuch: 1 } }, key);
    expect(refused.status).toBe(422);
    const fixed = { groupRef: 'acme', type: 'create', record: { email: email('fixed') } };
    // A different request under the same key is not "reused": the refused one was never recorded.
    expect((await write(service, fixed, key)).status).toBe(200);
  });

  it('answers a bad key as a problem naming the header', async () => {
    const bad = await write(service, { groupRef: 'acme', type: 'create', record: {} }, 'with space');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ in: 'header', name: 'idempotency-key' });
  });
});

describe('asynchronous writes', () => {
  it('answers the operation at once, and the operation ends with the written record', async () => {
    const accepted = await write(service, {
      groupRef: 'acme',
      type: 'create',
      mode: 'asynchronous',
      retryPolicy: { deadlineHours: 2 },
      record: { email: email('later'), firstname: 'Later' },
    });
    expect(accepted.status).toBe(200);
    expect(Object.keys(accepted.body)).toEqual(['operationId']);
    const done = await operationEnded(service, accepted.body.operationId);
    expect(done).toMatchObject({
      id: accepted.body.operationId,
      actionType: 'write',
      status: 'success',
      metadata: { objects: ['contacts'], write: { type: 'create', mode: 'asynchronous', attempts: 1 } },
    });
    const recordId = done.metadata.write.response.result.recordId;
    expect(await hubspotContactsWithEmail(service.providers.hubspot, email('later'))).toEqual([recordId]);
  });

  it('refuses a bad record at once rather than queueing it', async () => {
    const refused = await write(service, {
      groupRef: 'acme',
      type: 'create',
      mode: 'asynchronous',
      record: { email: email('never'), hubspotscore: 3 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.issues[0].name).toBe('record.hubspotscore');
  });

  it('ends a write the provider refuses as a failed operation with the reason', async () => {
    const accepted = await write(service, {
      groupRef: 'acme',
      type: 'update',
      mode: 'asynchronous',
      record: { id: '999999999999', firstname: 'Nobody' },
    });
    const done = await operationEnded(service, accepted.body.operationId);
    expect(done.status).toBe('failure');
    expect(done.metadata.write.response.errors[0].message).toMatch(/\w+ \w+/);
  });

  it('answers an asynchronous write sent twice with one operation', async () => {
    const body = { groupRef: 'acme', type: 'create', mode: 'asynchronous', record: { email: email('once') } };
    const first = await write(service, body, `async-${runId}`);
    const second = await write(service, body, `async-${runId}`);
    expect(second.body.operationId).toBe(first.body.operationId);
    await operationEnded(service, first.body.operationId);
    expect(await hubspotContactsWithEmail(service.providers.hubspot, email('once'))).toHaveLength(1);
  });

  it('keeps queued writes across a restart, and the next start writes each once', async () => {
    const stopped = await startTestService({ runWrites: false });
    await installAcme(stopped);
    const addresses = ['q1', 'q2', 'q3'].map(email);
    const ids: string[] = [];
    for (const address of addresses) {
      const accepted = await write(stopped, {
        groupRef: 'acme',
        type: 'create',
        mode: 'asynchronous',
        record: { email: address },
      });
      expect(accepted.status).toBe(200);
      ids.push(accepted.body.operationId);
    }
    expect((await operation(stopped, ids[0]!)).status).toBe('in_progress');
    await stopped.close();

    const restarted = await startTestService({
      dataDir: stopped.dataDir,
      ...(stopped.databaseUrl ? { databaseUrl: stopped.databaseUrl } : {}),
    });
    try {
      for (const id of ids) expect((await operationEnded(restarted, id)).status).toBe('success');
      for (const address of addresses)
        expect(await hubspotContactsWithEmail(service.providers.hubspot, address)).toHaveLength(1);
    } finally {
      await restarted.dispose();
    }
  });
});
