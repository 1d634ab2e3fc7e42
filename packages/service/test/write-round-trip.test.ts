/**
 * The round trip of a write: a contact Acme's builder writes to HubSpot by its mapped names is found by
 * search and arrives in the next read's delivery with its mappedFields; once deleted, search no longer
 * finds it and the next read no longer delivers it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  type Json,
  postJson,
  readJsonResponse,
  searchHeaders,
  searchUrl,
  startTestService,
  type TestService,
} from './harness.js';
import { startWebhookReceiver, type WebhookReceiver, waitFor } from './webhook-receiver.js';

let service: TestService;
let receiver: WebhookReceiver;

beforeAll(async () => {
  service = await startTestService({
    runReads: true,
    readTiming: { tickMs: 50, retryBaseMs: 20, retryMaxMs: 200, parkMs: 50, deliveryTimeoutMs: 2_000 },
  });
  receiver = await startWebhookReceiver('whsec_placeholderplaceholderplaceholder00=');
  const destinations = `${service.baseUrl}/projects/demo/destinations`;
  await fetch(`${destinations}/contactsWebhook`, { method: 'DELETE', headers: apiKeyHeaders(service) });
  const destination = await postJson(destinations, apiKeyHeaders(service), {
    name: 'contactsWebhook',
    type: 'webhook',
    metadata: { url: receiver.url },
  });
  expect(destination.status).toBe(201);
  receiver.secret = destination.body.secrets.signingSecret;
  const installed = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
    groupRef: 'acme',
    config: {
      content: {
        provider: 'hubspot',
        read: {
          objects: {
            contacts: {
              objectName: 'contacts',
              destination: 'contactsWebhook',
              selectedFieldsAuto: 'all',
              selectedFieldMappings: { stage: 'hs_lead_status' },
              selectedValueMappings: { stage: { won: 'CONNECTED', new: 'NEW' } },
              // Only the reads this test triggers deliver anything.
              backfill: { defaultPeriod: { days: 0 } },
            },
          },
        },
        write: { objects: { contacts: { objectName: 'contacts', deletionSettings: { enabled: true } } } },
      },
    },
  });
  expect(installed.status).toBe(201);
});

afterAll(async () => {
  await receiver?.close();
  await service?.dispose();
});

const writeContacts = (body: Json) =>
  postJson(
    `${service.writeUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`,
    apiKeyHeaders(service),
    body,
  );

async function searchByEmail(email: string): Promise<Json[]> {
  const found = await postJson(searchUrl(service, 'acme'), searchHeaders(service), {
    objectName: 'contacts',
    fieldFilters: [{ fieldName: 'email', operator: 'eq', value: email }],
  });
  expect(found.status).toBe(200);
  return found.body.results;
}

/**
 * A triggered read of what changed since `since`, run to its end: the records it delivered. A read covers
 * up to the last whole second before the one it starts in, so it starts once the last change (at
 * `changedAt`, epoch ms) is inside that bound: a clock rule, which no state to wait for tells.
 */
async function readSince(since: string, changedAt: number): Promise<Json[]> {
  const coveredFrom = Math.floor(changedAt / 1_000) * 1_000 + 2_000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, coveredFrom - Date.now())));
  const trigger = await postJson(
    `${service.readUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`,
    apiKeyHeaders(service),
    { groupRef: 'acme', mode: 'async', sinceTimestamp: since },
  );
  expect(trigger.status).toBe(201);
  const operationId = trigger.body.operationId;
  const operation = await waitFor(
    async () => {
      const { body } = await readJsonResponse(
        await fetch(`${service.baseUrl}/projects/demo/operations/${operationId}`, {
          headers: apiKeyHeaders(service),
        }),
      );
      return body.status !== 'in_progress' && body;
    },
    20_000,
    `read ${operationId} to end`,
  );
  expect(operation.status).toBe('success');
  return [...receiver.messages.values()]
    .filter((message) => message.body.operationId === operationId)
    .flatMap((message) => message.body.result);
}

it('finds a written record by search and in the next read, and neither once it is deleted', async () => {
  const email = `round.trip.${Date.now()}@writes.example`;
  const before = new Date(Date.now() - 1_000).toISOString();
  const written = await writeContacts({
    groupRef: 'acme',
    type: 'create',
    record: { email, firstname: 'Round', surname: 'Trip', stage: 'won' },
  });
  expect(written.status).toBe(200);
  const recordId = written.body.result.recordId;
  const writtenAt = Date.now();

  const [found] = await searchByEmail(email);
  expect(found).toMatchObject({ id: recordId, mappedFields: { stage: 'won', surname: 'Trip' } });

  const delivered = (await readSince(before, writtenAt)).find((record) => record.id === recordId);
  expect(delivered).toMatchObject({
    fields: { email, firstname: 'Round', lastname: 'Trip', hs_lead_status: 'CONNECTED' },
    mappedFields: { stage: 'won', surname: 'Trip' },
  });

  const deleted = await writeContacts({ groupRef: 'acme', type: 'delete', record: { id: recordId } });
  expect(deleted.status).toBe(200);
  const deletedAt = Date.now();
  expect(await searchByEmail(email)).toEqual([]);
  const after = await readSince(before, deletedAt);
  expect(after.map((record) => record.id)).not.toContain(recordId);
});
