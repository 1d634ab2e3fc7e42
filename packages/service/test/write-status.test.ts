/**
 * The `write-status` extension: per written object of an installation, the records written, deleted and
 * refused since an instant, and the latest failed write with the provider's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  type Json,
  postJson,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';

let service: TestService;
let installationId: string;

const writeContacts = (body: Json) =>
  postJson(
    `${service.writeUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`,
    apiKeyHeaders(service),
    { groupRef: 'acme', ...body },
  );

async function writeStatus(since: string) {
  const url = `${service.baseUrl}/projects/demo/integrations/${crmIntegration.hubspot}/installations/${installationId}/write-status?since=${encodeURIComponent(since)}`;
  return readJsonResponse(await fetch(url, { headers: apiKeyHeaders(service) }));
}

beforeAll(async () => {
  service = await startTestService();
  const config = contactsConfig({ backfill: { defaultPeriod: { days: 0 } } });
  const installed = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
    groupRef: 'acme',
    config: {
      content: {
        ...config.content,
        write: { objects: { contacts: { objectName: 'contacts', deletionSettings: { enabled: true } } } },
      },
    },
  });
  expect(installed.status).toBe(201);
  installationId = installed.body.id;
});

afterAll(async () => {
  await service?.dispose();
});

describe('write-status', () => {
  it('lists the written objects of the settings with nothing written yet', async () => {
    const answer = await writeStatus(new Date(Date.now() - 60_000).toISOString());
    expect(answer.status).toBe(200);
    expect(answer.body.objects).toEqual([
      { objectName: 'contacts', recordsWritten: 0, recordsDeleted: 0, recordsFailed: 0, lastFailure: null },
    ]);
  });

  it('counts records written, deleted and refused since the instant, and says why the latest failed', async () => {
    const before = new Date(Date.now() - 1_000).toISOString();
    const one = await writeContacts({ type: 'create', record: { email: `ws-1-${Date.now()}@example.com` } });
    expect(one.status).toBe(200);
    const batch = await writeContacts({
      type: 'create',
      batch: [
        { record: { email: `ws-2-${Date.now()}@example.com` } },
        { record: { email: `ws-3-${Date.now()}@example.com` } },
      ],
    });
    expect(batch.status).toBe(200);
    const refused = await writeContacts({ type: 'update', record: { id: '987654321', firstname: 'Nobody' } });
    expect(refused.status).toBe(422);
    const deleted = await writeContacts({ type: 'delete', record: { id: one.body.result.recordId } });
    expect(deleted.status).toBe(200);

    const answer = await writeStatus(before);
    expect(answer.status).toBe(200);
    const [contacts] = answer.body.objects;
    expect(contacts).toMatchObject({
      objectName: 'contacts',
      recordsWritten: 3,
      recordsDeleted: 1,
      recordsFailed: 1,
    });
    expect(contacts.lastFailure.reason).toBe(refused.body.errors[0].message);
    expect(contacts.lastFailure.operationId).toBe(refused.body.operationId);

    // Writes before the instant are not counted; the latest failure is kept whenever it was.
    const later = await writeStatus(new Date(Date.now() + 60_000).toISOString());
    expect(later.body.objects[0]).toMatchObject({ recordsWritten: 0, recordsDeleted: 0, recordsFailed: 0 });
    expect(later.body.objects[0].lastFailure.reason).toBe(contacts.lastFailure.reason);
  });

  it('refuses a missing or malformed since, naming it', async () => {
    const answer = await writeStatus('yesterday');
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0]).toMatchObject({ name: 'since', in: 'query' });
  });

  it('answers 404 for an installation that does not exist', async () => {
    const url = `${service.baseUrl}/projects/demo/integrations/${crmIntegration.hubspot}/installations/nope/write-status?since=2026-01-01T00:00:00Z`;
    const answer = await fetch(url, { headers: apiKeyHeaders(service) });
    expect(answer.status).toBe(404);
  });
});
