/**
 * Notifications on a real service: topics and routes at the hosted paths, and the events of installations,
 * connections, reads and destinations arriving signed at a webhook destination the routes lead to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  demoConnectionIds,
  type Json,
  postJson,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

let service: TestService;
let receiver: WebhookReceiver;
let records: WebhookReceiver;
let destinationId: string;
let topicId: string;

const projectUrl = () => `${service.baseUrl}/projects/demo`;
const call = async (method: string, path: string, body?: unknown) =>
  readJsonResponse(
    await fetch(`${projectUrl()}${path}`, {
      method,
      headers: apiKeyHeaders(service),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

/** The notifications of `type` the receiver has, once at least `count` arrived. */
async function received(type: string, count = 1): Promise<Json[]> {
  await expect
    .poll(() => [...receiver.messages.values()].filter((m) => m.body.notificationType === type).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
  return [...receiver.messages.values()].filter((m) => m.body.notificationType === type).map((m) => m.body);
}

/** A connection event of Globex's connection, as the HTTP layer records one. */
const recordGlobexEvent = (kind: 'connection.error' | 'connection.refreshed', detail?: string) =>
  service.withRepo((repo) =>
    repo.insertConnectionEvent({
      projectId: 'demo',
      connectionId: demoConnectionIds.globex,
      kind,
      ...(detail !== undefined && { detail }),
    }),
  );

/** Asks for a read of Acme's contacts of the last hour, in the background. */
const triggerAcmeContactsRead = () =>
  postJson(
    `${service.readUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`,
    apiKeyHeaders(service),
    { groupRef: 'acme', mode: 'async', sinceTimestamp: new Date(Date.now() - 3_600_000).toISOString() },
  );

beforeAll(async () => {
  // A destination is disabled at its first failure here, so that disabling can be seen at once, and a read
  // fails once its provider has not answered for half a second.
  service = await startTestService({
    runReads: true,
    readTiming: { disableAfterMs: 0, providerRetryForMs: 500 },
  });
  receiver = await startWebhookReceiver('whsec_placeholderplaceholderplaceholder00=');
  const destination = await call('POST', '/destinations', {
    name: 'activity',
    type: 'webhook',
    metadata: { url: receiver.url },
  });
  expect(destination.status).toBe(201);
  receiver.secret = destination.body.secrets.signingSecret;
  destinationId = destination.body.id;
  // The records of the reads go elsewhere: a receiver verifies only its own destination's signatures.
  records = await startWebhookReceiver('whsec_placeholderplaceholderplaceholder00=');
  const contacts = await call('POST', '/destinations', {
    name: 'contactsWebhook',
    type: 'webhook',
    metadata: { url: records.url },
  });
  records.secret = contacts.body.secrets.signingSecret;
});

afterAll(async () => {
  await service?.dispose();
  await receiver?.close();
  await records?.close();
});

describe('topics and routes', () => {
  it('creates, lists, renames and refuses a taken name or an unknown topic', async () => {
    const created = await call('POST', '/topics', { name: 'crm-activity' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'crm-activity', projectId: expect.any(String) });
    topicId = created.body.id;
    expect((await call('POST', '/topics', { name: 'crm-activity' })).status).toBe(409);
    expect((await call('POST', '/topics', { name: 'not valid!' })).status).toBe(400);
    const other = await call('POST', '/topics', { name: 'spare' });
    const renamed = await call('PATCH', `/topics/${other.body.id}`, { name: 'spare-2' });
    expect(renamed.body).toMatchObject({ name: 'spare-2', updateTime: expect.any(String) });
    expect((await call('GET', '/topics')).body.map((t: Json) => t.name)).toEqual(['crm-activity', 'spare-2']);
    expect((await call('DELETE', `/topics/${other.body.id}`)).status).toBe(204);
    expect((await call('DELETE', `/topics/${other.body.id}`)).status).toBe(404);
    expect((await call('PATCH', '/topics/nope', { name: 'x' })).status).toBe(404);
  });

  it('routes every event type to the topic, and the topic to the destination', async () => {
    const types = [
      'installation.created',
      'installation.updated',
      'installation.deleted',
      'connection.error',
      'connection.deleted',
      'read.triggered.done',
      'read.triggered.error',
      'read.backfill.done',
    ];
    for (const eventType of types) {
      const route = await call('POST', '/notification-event-topic-routes', { eventType, topicId });
      expect(route.status).toBe(201);
      expect(route.body).toMatchObject({ eventType, topicId });
    }
    expect(
      (await call('POST', '/notification-event-topic-routes', { eventType: 'nope', topicId })).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/notification-event-topic-routes', {
          eventType: 'connection.error',
          topicId: 'x',
        })
      ).status,
    ).toBe(404);
    const filtered = await call('GET', '/notification-event-topic-routes?eventType=connection.error');
    expect(filtered.body).toHaveLength(1);
    expect((await call('POST', '/topic-destination-routes', { topicId, destinationId: 'nope' })).status).toBe(
      404,
    );
    const route = await call('POST', '/topic-destination-routes', { topicId, destinationId });
    expect(route.status).toBe(201);
    expect((await call('GET', `/topic-destination-routes?destinationId=${destinationId}`)).body).toHaveLength(
      1,
    );
  });
});

describe('events', () => {
  let installation: Json;

  it('notifies an installation created, updated and deleted, with its fields and configs', async () => {
    const created = await postJson(
      `${createInstallationUrl(service)}?skipSampling=true`,
      apiKeyHeaders(service),
      { groupRef: 'acme', config: contactsConfig() },
    );
    expect(created.status).toBe(201);
    installation = created.body;
    const [event] = await received('installation.created');
    expect(event.data).toMatchObject({
      projectId: expect.any(String),
      provider: 'hubspot',
      integrationName: crmIntegration.hubspot,
      installationId: installation.id,
      groupRef: 'acme',
      groupName: 'Acme Corp',
      connectionId: demoConnectionIds.acme,
      config: { content: { provider: 'hubspot' } },
    });
    const one = `${createInstallationUrl(service)}/${installation.id}`;
    const update = await fetch(one, {
      method: 'PATCH',
      headers: apiKeyHeaders(service),
      body: JSON.stringify({
        updateMask: ['config.content.proxy.enabled'],
        installation: { config: { content: { proxy: { enabled: true } } } },
      }),
    });
    expect(update.status).toBe(200);
    const [updated] = await received('installation.updated');
    expect(updated.data.config.content.proxy).toEqual({ enabled: true });
    expect(updated.data.lastConfig.content.proxy).toBeUndefined();
  });

  it('notifies a triggered read done, with its object and window', async () => {
    expect((await triggerAcmeContactsRead()).status).toBe(201);
    const [done] = await received('read.triggered.done');
    expect(done.data).toMatchObject({
      installationId: installation.id,
      objectName: 'contacts',
      fromTimestamp: expect.any(String),
      untilTimestamp: expect.any(String),
    });
  });

  it('notifies a triggered read that failed, with the reason', async () => {
    const hubspot = service.providers.hubspot;
    hubspot.faults.errorRate = 1;
    try {
      expect((await triggerAcmeContactsRead()).status).toBe(201);
      const [failed] = await received('read.triggered.error');
      expect(failed.data).toMatchObject({
        installationId: installation.id,
        objectName: 'contacts',
        untilTimestamp: expect.any(String),
        error: expect.stringMatching(/^HubSpot is not answering \(server errors\)/),
      });
    } finally {
      hubspot.faults.errorRate = 0;
    }
  });

  it('notifies a paused schedule, with the config', async () => {
    await call('POST', '/notification-event-topic-routes', { eventType: 'read.schedule.paused', topicId });
    const paused = await fetch(
      `${service.readUrl}/projects/demo/integrations/${crmIntegration.hubspot}/installations/${installation.id}:pause`,
      { method: 'POST', headers: apiKeyHeaders(service) },
    );
    expect(paused.status).toBe(204);
    const [event] = await received('read.schedule.paused');
    expect(event.data).toMatchObject({
      installationId: installation.id,
      config: { content: { provider: 'hubspot' } },
    });
  });

  it('notifies a connection error recorded by the HTTP layer, once', async () => {
    await recordGlobexEvent('connection.error', 'Salesforce refused the connection: reconnect it.');
    const [error] = await received('connection.error');
    expect(error.data).toMatchObject({
      connectionId: demoConnectionIds.globex,
      provider: 'salesforce',
      groupRef: 'globex',
      errors: ['Salesforce refused the connection: reconnect it.'],
    });
  });

  it('notifies a token refresh only once its type is routed', async () => {
    const errorsBefore = (await received('connection.error')).length;
    // Not routed yet: recorded, then passed over. A routed event recorded after it shows when the relay
    // has gone past it.
    await recordGlobexEvent('connection.refreshed');
    await recordGlobexEvent('connection.error', 'Salesforce refused the connection again.');
    await received('connection.error', errorsBefore + 1);
    const typesSoFar = () => new Set([...receiver.messages.values()].map((m) => m.body.notificationType));
    expect(typesSoFar().has('connection.refreshed')).toBe(false);

    await call('POST', '/notification-event-topic-routes', { eventType: 'connection.refreshed', topicId });
    await recordGlobexEvent('connection.refreshed');
    const events = await received('connection.refreshed');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      connectionId: demoConnectionIds.globex,
      provider: 'salesforce',
      groupRef: 'globex',
    });
  });

  it('notifies the uninstall', async () => {
    const removed = await fetch(`${createInstallationUrl(service)}/${installation.id}`, {
      method: 'DELETE',
      headers: apiKeyHeaders(service),
    });
    expect(removed.status).toBe(204);
    const [deleted] = await received('installation.deleted');
    expect(deleted.data).toMatchObject({ installationId: installation.id, groupName: 'Acme Corp' });
    // Its connection, used by nothing else, went with it.
    const [gone] = await received('connection.deleted');
    expect(gone.data).toMatchObject({
      connectionId: demoConnectionIds.acme,
      provider: 'hubspot',
      groupRef: 'acme',
    });
    expect(receiver.badSignatures).toBe(0);
  });
});

describe('events of writes and destinations', () => {
  it('notifies an asynchronous write done, with the ids written', async () => {
    await call('POST', '/notification-event-topic-routes', { eventType: 'write.async.done', topicId });
    // The uninstall above removed Acme's connection with its installation.
    await service.restoreDemoConnection('acme');
    const installed = await postJson(
      `${createInstallationUrl(service)}?skipSampling=true`,
      apiKeyHeaders(service),
      {
        groupRef: 'acme',
        config: {
          content: {
            provider: 'hubspot',
            read: { objects: { contacts: { objectName: 'contacts', selectedFieldsAuto: 'all' } } },
            write: { objects: { contacts: { objectName: 'contacts' } } },
          },
        },
      },
    );
    expect(installed.status, JSON.stringify(installed.body)).toBe(201);
    const accepted = await postJson(
      `${service.writeUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`,
      apiKeyHeaders(service),
      {
        groupRef: 'acme',
        type: 'create',
        mode: 'asynchronous',
        record: { email: `notified.${Date.now()}@notifications.example` },
      },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
    const [done] = await received('write.async.done');
    expect(done.data).toMatchObject({
      installationId: installed.body.id,
      objectName: 'contacts',
      success: true,
      successfulRecordIds: [expect.any(String)],
    });
  });

  it('notifies a webhook destination disabled by its failures, to the other destinations', async () => {
    const refusing = await startWebhookReceiver('whsec_placeholderplaceholderplaceholder00=');
    refusing.fault = () => ({ kind: 'status', status: 410 });
    try {
      const flaky = await call('POST', '/destinations', {
        name: 'refusing',
        type: 'webhook',
        metadata: { url: refusing.url },
      });
      expect(flaky.status).toBe(201);
      await call('POST', '/notification-event-topic-routes', {
        eventType: 'destination.webhook.disabled',
        topicId,
      });
      expect(
        (await call('POST', '/topic-destination-routes', { topicId, destinationId: flaky.body.id })).status,
      ).toBe(201);
      // Any routed event now reaches the refusing destination too, which disables it.
      await recordGlobexEvent('connection.error', 'A second refusal.');
      const [disabled] = await received('destination.webhook.disabled');
      expect(disabled.data).toEqual({
        projectId: expect.any(String),
        destinationId: flaky.body.id,
        destinationName: 'refusing',
        url: refusing.url,
      });
      expect((await call('GET', '/destinations/refusing')).body.status).toBe('disabled');
    } finally {
      await refusing.close();
    }
  });
});
