/**
 * Auto-batching: asynchronous single-record writes with `autoBatchPolicy` wait until their delay ends (the
 * test moves the writes' clock) or until a hundred wait, then reach HubSpot as one batch call, and each
 * caller's operation ends with its own record's result. The service reaches the emulator through a
 * counting proxy on loopback, which tells how many calls of each kind HubSpot got.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { providerAppsFromEnv } from '@splice/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  emulatedProviders,
  type Json,
  type JsonResponse,
  postJson,
  startTestService,
  type TestProviders,
  type TestService,
} from './harness.js';
import { hubspotContactsWithEmail, operation, operationEnded } from './write-helpers.js';

let providers: TestProviders;
let proxy: Server;
let proxyUrl: string;
const calls = new Map<string, number>();
let clockOffsetMs = 0;
let runId: string;
const email = (name: string) => `${name}.${runId}@auto-batch.example`;
const batchCreates = () => calls.get('POST /crm/v3/objects/contacts/batch/create') ?? 0;

/** Forwards every request to the HubSpot emulator, counting them by method and path. */
function startCountingProxy(target: string): Promise<Server> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '/').split('?')[0];
    const name = `${request.method} ${path}`;
    calls.set(name, (calls.get(name) ?? 0) + 1);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        ([key]) => !['host', 'connection', 'content-length'].includes(key),
      ),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method ?? 'GET',
      headers,
      ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
    });
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function startService(extra: Parameters<typeof startTestService>[0] = {}): Promise<TestService> {
  return startTestService({
    providerApps: providerAppsFromEnv({
      SPLICE_HUBSPOT_BASE_URL: proxyUrl,
      SPLICE_SALESFORCE_BASE_URL: providers.salesforce.url,
    }),
    writeTiming: { tickMs: 50, now: () => Date.now() + clockOffsetMs },
    ...extra,
  });
}

function write(target: TestService, record: Json, maxDelayMinutes = 1): Promise<JsonResponse> {
  const url = `${target.writeUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`;
  return postJson(url, apiKeyHeaders(target), {
    groupRef: 'acme',
    type: 'create',
    mode: 'asynchronous',
    record,
    ...(maxDelayMinutes > 0 && { autoBatchPolicy: { maxDelayMinutes } }),
  });
}

async function installAcme(target: TestService) {
  const installed = await postJson(createInstallationUrl(target), apiKeyHeaders(target), {
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
}

let service: TestService;

beforeAll(async () => {
  providers = await emulatedProviders();
  proxy = await startCountingProxy(providers.hubspot.url);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  runId = Math.random().toString(36).slice(2, 8);
  service = await startService();
  await installAcme(service);
});

afterAll(async () => {
  await service?.dispose();
  await new Promise((resolve) => proxy?.close(resolve));
});

describe('auto-batching', () => {
  it('holds writes until their delay ends, then sends them as one batch, each ending with its record', async () => {
    const addresses = ['a1', 'a2', 'a3', 'a4', 'a5'].map(email);
    const ids: string[] = [];
    for (const address of addresses) ids.push((await write(service, { email: address })).body.operationId);
    // A write without the policy, sent after them, is written while they wait.
    const plain = await write(service, { email: email('plain') }, 0);
    expect((await operationEnded(service, plain.body.operationId)).status).toBe('success');
    for (const id of ids) expect((await operation(service, id)).status).toBe('in_progress');
    const before = batchCreates();

    clockOffsetMs += 61_000;
    for (const [index, id] of ids.entries()) {
      const done = await operationEnded(service, id);
      expect(done.status).toBe('success');
      expect(await hubspotContactsWithEmail(providers.hubspot, addresses[index]!)).toEqual([
        done.metadata.write.response.result.recordId,
      ]);
    }
    expect(batchCreates() - before).toBe(1);
  });

  // A hundred requests, each checked at HubSpot: on PostgreSQL and a loaded machine they take a while.
  it('sends a hundred waiting writes at once, without waiting for their delay', {
    timeout: 90_000,
  }, async () => {
    const before = batchCreates();
    const ids: string[] = [];
    for (let start = 0; start < 100; start += 20) {
      const accepted = await Promise.all(
        Array.from({ length: 20 }, (_, i) => write(service, { email: email(`h${start + i}`) }, 60)),
      );
      ids.push(...accepted.map((answer) => answer.body.operationId));
    }
    for (const id of ids) expect((await operationEnded(service, id)).status).toBe('success');
    expect(batchCreates() - before).toBe(1);
    expect(await hubspotContactsWithEmail(providers.hubspot, email('h99'))).toHaveLength(1);
  });

  it('ends a refused record as its own failure while the others of its batch are written', async () => {
    const taken = email('taken');
    expect(
      (await operationEnded(service, (await write(service, { email: taken }, 0)).body.operationId)).status,
    ).toBe('success');
    const good = await write(service, { email: email('good') });
    const duplicate = await write(service, { email: taken });
    clockOffsetMs += 61_000;
    expect((await operationEnded(service, good.body.operationId)).status).toBe('success');
    const refused = await operationEnded(service, duplicate.body.operationId);
    expect(refused.status).toBe('failure');
    expect(refused.metadata.write.response.errors[0].message).toMatch(/already exists/);
    expect(await hubspotContactsWithEmail(providers.hubspot, taken)).toHaveLength(1);
  });

  it('keeps waiting writes across a restart, and the next start sends them as one batch', async () => {
    const stopped = await startService({ runWrites: false });
    await installAcme(stopped);
    const addresses = ['r1', 'r2', 'r3'].map(email);
    const ids: string[] = [];
    for (const address of addresses) ids.push((await write(stopped, { email: address })).body.operationId);
    await stopped.close();
    const before = batchCreates();
    clockOffsetMs += 61_000;
    const restarted = await startService({
      dataDir: stopped.dataDir,
      ...(stopped.databaseUrl ? { databaseUrl: stopped.databaseUrl } : {}),
    });
    try {
      for (const id of ids) expect((await operationEnded(restarted, id)).status).toBe('success');
      for (const address of addresses)
        expect(await hubspotContactsWithEmail(providers.hubspot, address)).toHaveLength(1);
      expect(batchCreates() - before).toBe(1);
    } finally {
      await restarted.dispose();
    }
  });
});
