/**
 * The server-side client against the real embedded service (HubSpot emulator behind it): Acme's builder
 * writes contacts as Acme's installation allows, and reads back what happened through operations.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpliceServerClient } from '../../src/server-client/index.js';
import {
  createSpliceServerClient,
  failureReasons,
  UpstreamProblem,
  writtenRecordId,
} from '../../src/server-client/index.js';
import type { RealService } from '../helpers/real-service.js';
import { startRealService } from '../helpers/real-service.js';

let service: RealService;
let splice: SpliceServerClient;

const contacts = { integrationId: 'hubspot-sync', objectName: 'contacts', groupRef: 'acme' } as const;

/** A HubSpot contact's properties, asked of the emulator with Acme's own grant. */
async function contactAtHubSpot(id: string, properties: string[]) {
  const url = `${service.providers.hubspot.url}/crm/v3/objects/contacts/${id}?properties=${properties.join(',')}`;
  const answer = await fetch(url, {
    headers: { authorization: `Bearer ${service.demoGrant('acme').tokens.accessToken}` },
  });
  return {
    status: answer.status,
    properties: ((await answer.json()) as { properties?: Record<string, string> }).properties,
  };
}

async function waitForOperation(operationId: string) {
  for (let i = 0; i < 200; i++) {
    const operation = await splice.getOperation(operationId);
    if (operation.status !== 'in_progress') return operation;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`operation ${operationId} did not end`);
}

beforeAll(async () => {
  service = await startRealService({ runWrites: true });
  splice = createSpliceServerClient({
    baseUrl: service.baseUrl,
    writeUrl: service.writeUrl,
    readUrl: service.readUrl,
    apiKey: service.apiKey,
    project: 'demo',
    logger: () => {},
  });
  const installed = await fetch(
    `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations?skipSampling=true`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      body: JSON.stringify({
        groupRef: 'acme',
        config: {
          content: {
            provider: 'hubspot',
            read: {
              objects: {
                contacts: {
                  objectName: 'contacts',
                  selectedFieldsAuto: 'all',
                  selectedFieldMappings: { stage: 'hs_lead_status' },
                  selectedValueMappings: { stage: { new: 'NEW', won: 'CONNECTED' } },
                  backfill: { defaultPeriod: { days: 0 } },
                },
              },
            },
            write: {
              objects: {
                contacts: {
                  objectName: 'contacts',
                  deletionSettings: { enabled: false },
                  selectedFieldSettings: {
                    jobtitle: {
                      default: { stringValue: 'Lead from Northwind' },
                      writeOnCreate: 'always',
                      writeOnUpdate: 'ifEmpty',
                    },
                  },
                },
              },
            },
          },
        },
      }),
    },
  );
  expect(installed.status).toBe(201);
});

afterAll(async () => {
  await splice?.close();
  await service?.stop();
});

describe('the server-side client against the embedded service', () => {
  it('creates a contact by mapped names, with the default the installation sets', async () => {
    const email = `lead-${randomUUID()}@example.com`;
    const outcome = await splice.write({
      ...contacts,
      type: 'create',
      record: { email, firstname: 'Ada', stage: 'new' },
    });
    expect(outcome.kind).toBe('single');
    expect(outcome.ok).toBe(true);
    const id = writtenRecordId(outcome);
    expect(id).toBeTruthy();
    const stored = await contactAtHubSpot(id!, ['email', 'hs_lead_status', 'jobtitle']);
    expect(stored.properties).toMatchObject({
      email,
      hs_lead_status: 'NEW',
      jobtitle: 'Lead from Northwind',
    });
  });

  it('updates with an Idempotency-Key once, however often it is sent, and leaves an ifEmpty field alone', async () => {
    const created = await splice.write({
      ...contacts,
      type: 'create',
      record: { email: `lead-${randomUUID()}@example.com`, jobtitle: 'CTO' },
    });
    const id = writtenRecordId(created)!;
    const key = randomUUID();
    const update = {
      ...contacts,
      type: 'update' as const,
      record: { id, stage: 'won' },
      idempotencyKey: key,
    };
    const first = await splice.write(update);
    const again = await splice.write(update);
    expect(first.ok).toBe(true);
    expect(again.response.operationId).toBe(first.response.operationId);
    const stored = await contactAtHubSpot(id, ['hs_lead_status', 'jobtitle']);
    expect(stored.properties).toMatchObject({ hs_lead_status: 'CONNECTED', jobtitle: 'CTO' });
  });

  it('writes a batch and counts each record', async () => {
    const outcome = await splice.write({
      ...contacts,
      type: 'create',
      batch: [
        { record: { email: `a-${randomUUID()}@example.com` } },
        { record: { email: `b-${randomUUID()}@example.com` } },
      ],
    });
    expect(outcome.kind).toBe('batch');
    if (outcome.kind !== 'batch') return;
    expect(outcome.ok).toBe(true);
    expect(outcome.response.successCount).toBe(2);
    expect(outcome.response.results?.every((r) => r.success && r.recordId)).toBe(true);
  });

  it('says in words why a record the provider refuses was not written', async () => {
    const outcome = await splice.write({
      ...contacts,
      type: 'update',
      record: { id: '999999999', firstname: 'Nobody' },
    });
    expect(outcome.ok).toBe(false);
    expect(failureReasons(outcome).join(' ')).toMatch(/\S/);
  });

  it('throws a typed problem for a delete the write settings forbid', async () => {
    const error = await splice
      .write({ ...contacts, type: 'delete', record: { id: '1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamProblem);
    const problem = (error as UpstreamProblem).problem;
    expect(problem.status).toBe(422);
    expect(problem.detail).toMatch(/not enabled/);
  });

  it('names the field the provider does not have', async () => {
    const error = await splice
      .write({ ...contacts, type: 'create', record: { email: 'x@example.com', favouriteColour: 'teal' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamProblem);
    expect((error as UpstreamProblem).problem.issues.map((i) => i.name)).toContain('record.favouriteColour');
  });

  it('refuses a malformed request itself (a TypeError, where the service would answer a problem)', async () => {
    const error = await splice
      .write({ ...contacts, type: 'update', record: { firstname: 'No id' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toMatch(/record\.id/);
  });

  it('accepts an asynchronous write, whose operation ends with its answer', async () => {
    const email = `async-${randomUUID()}@example.com`;
    const outcome = await splice.write({
      ...contacts,
      type: 'create',
      mode: 'asynchronous',
      record: { email },
    });
    expect(outcome.kind).toBe('accepted');
    const operation = await waitForOperation(outcome.response.operationId);
    expect(operation).toMatchObject({ actionType: 'write', status: 'success' });
    const response = operation.metadata?.write?.response;
    expect(response && 'result' in response && response.result?.success).toBe(true);
  });

  it('starts a read and finds its operation', async () => {
    const started = await splice.triggerRead({ ...contacts, sinceTimestamp: new Date().toISOString() });
    const operation = await splice.getOperation(started.operationId);
    expect(operation).toMatchObject({ id: started.operationId, actionType: 'read' });
  });

  it('throws a typed 404 problem for an unknown operation', async () => {
    const error = await splice.getOperation('no-such-operation').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamProblem);
    expect((error as UpstreamProblem).status).toBe(404);
  });
});
