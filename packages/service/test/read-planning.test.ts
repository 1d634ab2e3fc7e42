/**
 * A new installation is planned when it is created, not at the engine's next tick: a client that asks for
 * its status right after the 201 (the wizard's finish screen does) sees the backfill and the next run. A
 * status answered before planning looked idle, so a page that polls only while something runs never asked
 * again and showed "waiting" for good. The tick here is a minute, so only planning at creation can pass.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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

beforeAll(async () => {
  service = await startTestService({
    runReads: true,
    readTiming: { tickMs: 60_000 },
  });
  // The engine's first tick (at start) has passed: whatever is created now waits a minute for the next.
  await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await service.dispose();
});

const installationUrl = (id: string, integration: string = crmIntegration.hubspot) =>
  `${service.baseUrl}/projects/demo/integrations/${integration}/installations/${id}`;

async function getJson(url: string): Promise<{ status: number; body: Json }> {
  return readJsonResponse(await fetch(url, { headers: apiKeyHeaders(service) }));
}

describe('planning at creation', () => {
  it('answers the backfill and the next run right after the installation is created', async () => {
    // HubSpot answers slowly, so the backfill of its whole history is still running when the status is asked.
    service.providers.hubspot.faults.latencyMs = 300;
    onTestFinished(() => {
      service.providers.hubspot.faults.latencyMs = 0;
    });
    const created = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
      groupRef: 'acme',
      ...{ config: contactsConfig({ backfill: { defaultPeriod: { fullHistory: true } } }) },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;

    const status = await getJson(`${installationUrl(id)}/read-status`);
    expect(status.status).toBe(200);
    const contacts = status.body.objects.find((o: Json) => o.objectName === 'contacts');
    expect(contacts.backfill?.operationId).toEqual(expect.any(String));
    expect(contacts.backfill.status).toBe('in_progress');
    expect(Date.parse(contacts.nextRunTime)).toBeGreaterThan(Date.now());

    const progress = await getJson(`${installationUrl(id)}/objects/contacts/backfill-progress`);
    expect(progress.status).toBe(200);
    expect(progress.body.operationId).toBe(contacts.backfill.operationId);

    // Planned once: the engine's own planning pass must not add a second backfill.
    service.reads.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const operations = await getJson(`${installationUrl(id)}/operations`);
    const backfills = operations.body.results.filter((o: Json) => o.metadata.readType === 'backfill');
    expect(backfills).toHaveLength(1);
  });

  it('forgets a deleted installation: its schedule stops and its unfinished backfill fails', async () => {
    const salesforce = crmIntegration.salesforce;
    const created = await postJson(
      createInstallationUrl(service, 'demo', salesforce),
      apiKeyHeaders(service),
      {
        groupRef: 'globex',
        config: contactsConfig({ backfill: { defaultPeriod: { fullHistory: true } } }, 'salesforce'),
      },
    );
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    await service.reads.forgetInstallation(id);

    const status = await getJson(`${installationUrl(id, salesforce)}/read-status`);
    const contacts = status.body.objects.find((o: Json) => o.objectName === 'Contact');
    expect(contacts.nextRunTime).toBeNull();
    expect(contacts).not.toHaveProperty('backfill');
    const operations = await getJson(`${installationUrl(id, salesforce)}/operations`);
    expect(operations.body.results).toHaveLength(1);
    expect(operations.body.results[0]).toMatchObject({ status: 'failure' });
    expect(operations.body.results[0].metadata.errors).toEqual(['the installation was deleted']);
  });
});
