/**
 * Installations that run: destinations, backfill on create, scheduled and triggered reads, pause and
 * resume, progress and history, and delivery to a real receiver that verifies every signature with the
 * `standardwebhooks` library. All over real HTTP against a real service; time constants are shrunk and the
 * service's clock can be moved forward so a one-minute schedule fires at once.
 */

import {
  backfillProgressSchema,
  operationListSchema,
  readStatusSchema,
  webhookMessageSchema,
} from '@splice/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hubSpotIdsModifiedIn, salesforceIdsModifiedIn } from './emulator-records.js';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  demoManifestWith,
  type Json,
  postJson,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';
import {
  receivedRecordIds,
  startWebhookReceiver,
  type WebhookReceiver,
  waitFor,
} from './webhook-receiver.js';

let clockOffset = 0;
const timing = {
  tickMs: 50,
  retryBaseMs: 20,
  retryMaxMs: 200,
  parkMs: 50,
  deliveryTimeoutMs: 2_000,
  disableAfterMs: 1_500,
  now: () => Date.now() + clockOffset,
};

let service: TestService;
const receivers: WebhookReceiver[] = [];

/** The demo manifest, with HubSpot's deals marked `enabled: always` (read for every installation). */
const manifestPath = demoManifestWith((manifest) => {
  const deals = manifest.integrations
    .find((integration) => integration.name === crmIntegration.hubspot)
    ?.read?.objects.find((object) => object.objectName === 'deals');
  if (!deals) throw new Error('The demo manifest has no HubSpot deals');
  deals.enabled = 'always';
});

beforeAll(async () => {
  service = await startTestService({ manifestPath, runReads: true, readTiming: timing });
});
afterAll(async () => {
  await service.dispose();
});
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

const destinationsUrl = () => `${service.baseUrl}/projects/demo/destinations`;

async function createDestination(name: string, url: string): Promise<string> {
  const res = await postJson(destinationsUrl(), apiKeyHeaders(service), {
    name,
    type: 'webhook',
    metadata: { url },
  });
  expect(res.status).toBe(201);
  return res.body.secrets.signingSecret as string;
}

async function deleteDestination(name: string) {
  await fetch(`${destinationsUrl()}/${name}`, { method: 'DELETE', headers: apiKeyHeaders(service) });
}

async function receiverFor(name: string): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver('whsec_placeholderplaceholderplaceholder00=');
  receivers.push(receiver);
  await deleteDestination(name);
  receiver.secret = await createDestination(name, receiver.url);
  return receiver;
}

/** Each demo company's CRM: Acme's HubSpot, Globex's Salesforce, with its integration and contact object. */
const crmOf = {
  acme: { provider: 'hubspot', integration: crmIntegration.hubspot, contacts: 'contacts' },
  globex: { provider: 'salesforce', integration: crmIntegration.salesforce, contacts: 'Contact' },
} as const;

async function install(groupRef: 'acme' | 'globex', contacts: Record<string, unknown>): Promise<Json> {
  const crm = crmOf[groupRef];
  const res = await postJson(
    createInstallationUrl(service, 'demo', crm.integration),
    apiKeyHeaders(service),
    {
      groupRef,
      config: {
        content: {
          provider: crm.provider,
          read: {
            objects: {
              [crm.contacts]: { objectName: crm.contacts, destination: 'contactsWebhook', ...contacts },
            },
          },
        },
      },
    },
  );
  expect(res.status).toBe(201);
  return res.body;
}

const installationUrl = (installationId: string, integration: string = crmIntegration.hubspot) =>
  `${service.baseUrl}/projects/demo/integrations/${integration}/installations/${installationId}`;

async function getJson(url: string): Promise<Json> {
  const res = await readJsonResponse(await fetch(url, { headers: apiKeyHeaders(service) }));
  return res;
}

async function operations(installationId: string, integration?: string): Promise<Json[]> {
  const res = await getJson(`${installationUrl(installationId, integration)}/operations`);
  expect(res.status).toBe(200);
  // The answer is what the wire schema says, nothing more (parsing drops keys it does not name).
  expect(operationListSchema.parse(res.body)).toEqual(res.body);
  return res.body.results;
}

async function settled(installationId: string, operationId: string, integration?: string): Promise<Json> {
  return waitFor(
    async () => {
      const op = (await operations(installationId, integration)).find((o) => o.id === operationId);
      return op && op.status !== 'in_progress' ? op : undefined;
    },
    20_000,
    `operation ${operationId} to finish`,
  );
}

describe('destinations', () => {
  it('creates a webhook destination and shows its signing secret once', async () => {
    const res = await postJson(destinationsUrl(), apiKeyHeaders(service), {
      name: 'crud-hook',
      type: 'webhook',
      metadata: { url: 'http://127.0.0.1:9/hook', headers: { authorization: 'Bearer x' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'crud-hook',
      type: 'webhook',
      status: 'enabled',
      metadata: { url: 'http://127.0.0.1:9/hook', headers: { authorization: 'Bearer x' } },
    });
    const secret: string = res.body.secrets.signingSecret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);

    const listed = await getJson(destinationsUrl());
    expect(listed.body.find((d: Json) => d.name === 'crud-hook')).not.toHaveProperty('secrets');
    const one = await getJson(`${destinationsUrl()}/crud-hook`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('secrets');
    expect((await getJson(`${destinationsUrl()}/crud-hook?includeSecrets=true`)).status).toBe(422);

    const rotated = await getJson(`${destinationsUrl()}/crud-hook?includeSecrets=true&rotate=true`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secrets.signingSecret).toMatch(/^whsec_/);
    expect(rotated.body.secrets.signingSecret).not.toBe(secret);

    const again = await postJson(destinationsUrl(), apiKeyHeaders(service), {
      name: 'crud-hook',
      type: 'webhook',
      metadata: { url: 'http://127.0.0.1:9/x' },
    });
    expect(again.status).toBe(409);

    const patched = await readJsonResponse(
      await fetch(`${destinationsUrl()}/crud-hook`, {
        method: 'PATCH',
        headers: apiKeyHeaders(service),
        body: JSON.stringify({
          updateMask: ['metadata.url'],
          destination: { metadata: { url: 'https://example.com/h' } },
        }),
      }),
    );
    expect(patched.status).toBe(200);
    expect(patched.body.metadata).toEqual({
      url: 'https://example.com/h',
      headers: { authorization: 'Bearer x' },
    });

    const removed = await fetch(`${destinationsUrl()}/crud-hook`, {
      method: 'DELETE',
      headers: apiKeyHeaders(service),
    });
    expect(removed.status).toBe(204);
    expect((await getJson(`${destinationsUrl()}/crud-hook`)).status).toBe(404);
  });

  it('names every offending field of a bad destination', async () => {
    const res = await postJson(destinationsUrl(), apiKeyHeaders(service), {
      name: 'has space',
      type: 'kinesis',
      metadata: { url: 'ftp://x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: Json) => i.name).sort()).toEqual(['metadata.url', 'name', 'type']);
  });

  it('refuses callers without the API key', async () => {
    const res = await fetch(destinationsUrl());
    expect(res.status).toBe(401);
  });
});

describe('reads and delivery', () => {
  it('backfills the last 30 days on create, with mappings, signed, and reports progress', async () => {
    const receiver = await receiverFor('contactsWebhook');
    // The account's records were last changed long ago: recent changes give the 30 days something to read.
    service.providers.hubspot.applyChanges(300);
    // A read's window ends at the last whole second before it starts (readUntil): start it after that.
    const changedInSecond = Math.floor(Date.now() / 1000);
    await waitFor(() => Math.floor(Date.now() / 1000) >= changedInSecond + 2, 3_000, 'two seconds on');
    const installation = await install('acme', {
      selectedFields: { email: true, firstname: true, hubspotscore: true },
      selectedFieldMappings: { stage: 'hs_lead_status' },
      selectedValueMappings: { stage: { won: 'CONNECTED', new: 'NEW' } },
      backfill: { defaultPeriod: { days: 30 } },
      schedule: '0 0 1 1 *',
    });
    const backfill = await waitFor(
      async () => (await operations(installation.id)).find((o) => o.metadata.readType === 'backfill'),
      10_000,
      'the backfill operation',
    );
    const done = await settled(installation.id, backfill.id);
    expect(done.status).toBe('success');

    const progress = await getJson(`${installationUrl(installation.id)}/objects/contacts/backfill-progress`);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({
      installationId: installation.id,
      objectName: 'contacts',
      operationId: backfill.id,
    });
    expect(backfillProgressSchema.parse(progress.body)).toEqual(progress.body);
    expect(progress.body.recordsProcessed).toBeGreaterThan(50);

    // The operation's window, from the engine's store (SQLite or PostgreSQL).
    const stored = await service.reads.store.getOperation(backfill.id);
    const window = { since_time: stored!.sinceTime!, until_time: stored!.untilTime };
    expect(Date.parse(window.until_time) - Date.parse(window.since_time)).toBe(30 * 86_400_000);
    const expected = await hubSpotIdsModifiedIn(
      service.providers.hubspot,
      'contacts',
      window.since_time,
      window.until_time,
    );
    expect(receivedRecordIds(receiver, 'contacts')).toEqual(expected);
    expect(progress.body.recordsProcessed).toBe(expected.size);
    expect(receiver.badSignatures).toBe(0);

    const message = [...receiver.messages.values()][0]!.body;
    expect(message).toMatchObject({
      action: 'read',
      projectId: 'demo',
      provider: 'hubspot',
      groupRef: 'acme',
      groupName: 'Acme Corp',
      installationId: installation.id,
      objectName: 'contacts',
      consumerRef: 'acme-admin',
      operationId: backfill.id,
      readType: 'backfill',
      resultInfo: { type: 'inline', numRecords: message.result.length },
    });
    const entry = message.result[0];
    expect(Object.keys(entry.fields).sort()).toEqual([
      'email',
      'firstname',
      'hs_lead_status',
      'hubspotscore',
    ]);
    const providerStage = entry.fields.hs_lead_status as string;
    const appStage = { CONNECTED: 'won', NEW: 'new' }[providerStage] ?? providerStage;
    expect(entry.mappedFields).toMatchObject({ stage: appStage, surname: entry.raw.properties.lastname });
    expect(entry.raw).toMatchObject({ id: entry.id, archived: false });
    for (const m of receiver.messages.values()) {
      expect(webhookMessageSchema.safeParse(m.body).success).toBe(true);
      expect(Buffer.byteLength(JSON.stringify(m.body))).toBeLessThanOrEqual(300 * 1024);
    }

    const status = await getJson(`${installationUrl(installation.id)}/read-status`);
    expect(status.status).toBe(200);
    expect(readStatusSchema.parse(status.body)).toEqual(status.body);
    const contacts = status.body.objects.find((o: Json) => o.objectName === 'contacts');
    expect(contacts).toMatchObject({
      paused: false,
      recordsDelivered: expected.size,
      lastRunStatus: 'success',
      delivery: { state: 'ok' },
      backfill: { operationId: backfill.id, status: 'success' },
    });
    expect(Date.parse(contacts.nextRunTime)).toBeGreaterThan(Date.now());
    // deals are `enabled: always` in the manifest: read for every installation, on the manifest's schedule.
    expect(status.body.objects.map((o: Json) => o.objectName)).toEqual(['contacts', 'deals']);
  });

  it('reads incrementally on schedule, triggers on demand, and pauses and resumes', async () => {
    const receiver = await receiverFor('contactsWebhook');
    const salesforce = crmIntegration.salesforce;
    const installation = await install('globex', {
      selectedFieldsAuto: 'all',
      schedule: '* * * * *',
      // The manifest gives contacts a backfill of the whole history; 0 days here means none.
      backfill: { defaultPeriod: { days: 0 } },
      fieldFilters: [{ fieldName: 'HasOptedOutOfEmail', operator: 'eq', value: false }],
    });
    await waitFor(
      async () =>
        (await getJson(`${installationUrl(installation.id, salesforce)}/read-status`)).body.objects?.[0]
          ?.nextRunTime,
      5_000,
      'the plan',
    );
    expect(
      (await getJson(`${installationUrl(installation.id, salesforce)}/objects/Contact/backfill-progress`))
        .status,
    ).toBe(404);

    // Changes in Salesforce, then the clock moves past the next minute: a scheduled read delivers them.
    // (A scheduled read the wall clock's own minute started before the changes is not that one.)
    const scheduledReads = async () =>
      (await operations(installation.id, salesforce)).filter(
        (o) => o.metadata.readType === 'scheduled' && o.metadata.objects[0] === 'Contact',
      );
    service.providers.salesforce.applyChanges(40);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const earlier = new Set((await scheduledReads()).map((o) => o.id));
    clockOffset += 61_000;
    service.reads.wake();
    const scheduled = await waitFor(
      async () => (await scheduledReads()).find((o) => !earlier.has(o.id)),
      10_000,
      'a scheduled read',
    );
    const done = await settled(installation.id, scheduled.id, salesforce);
    expect(done.status).toBe('success');
    // The operation's window, from the engine's store (SQLite or PostgreSQL).
    const stored = await service.reads.store.getOperation(scheduled.id);
    const window = { since_time: stored!.sinceTime!, until_time: stored!.untilTime };
    const expected = await salesforceIdsModifiedIn(
      service.providers.salesforce,
      'Contact',
      window.since_time,
      window.until_time,
      (row) => row.HasOptedOutOfEmail === false,
      ['HasOptedOutOfEmail'],
    );
    expect(expected.size).toBeGreaterThan(0);
    const delivered = new Set(
      [...receiver.messages.values()]
        .filter((m) => m.body.operationId === scheduled.id)
        .flatMap((m) => m.body.result.map((r: Json) => r.id)),
    );
    expect(delivered).toEqual(expected);

    // Run now.
    const trigger = await postJson(
      `${service.readUrl}/projects/demo/integrations/${salesforce}/objects/Contact`,
      apiKeyHeaders(service),
      { groupRef: 'globex', mode: 'async', sinceTimestamp: window.since_time },
    );
    expect(trigger.status).toBe(201);
    const triggered = await settled(installation.id, trigger.body.operationId, salesforce);
    expect(triggered).toMatchObject({ status: 'success', metadata: { readType: 'triggered' } });
    expect([...receiver.messages.values()].some((m) => m.body.readType === 'triggered')).toBe(true);

    // Pause: no scheduled read while paused; resume: the next one comes.
    const pause = await fetch(
      `${service.readUrl}/projects/demo/integrations/${salesforce}/installations/${installation.id}:pause`,
      {
        method: 'POST',
        headers: apiKeyHeaders(service),
        body: JSON.stringify({ objects: ['Contact'], note: 'holiday' }),
      },
    );
    expect(pause.status).toBe(204);
    const paused = (await getJson(`${installationUrl(installation.id, salesforce)}/read-status`)).body
      .objects[0];
    expect(paused).toMatchObject({ objectName: 'Contact', paused: true, nextRunTime: null });
    const before = (await operations(installation.id, salesforce)).length;
    const scheduledWhilePaused = (await scheduledReads()).length;
    clockOffset += 61_000;
    service.reads.wake();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await scheduledReads()).length).toBe(scheduledWhilePaused);
    const resume = await fetch(
      `${service.baseUrl}/projects/demo/integrations/${salesforce}/installations/${installation.id}:unpause`,
      {
        method: 'POST',
        headers: apiKeyHeaders(service),
      },
    );
    expect(resume.status).toBe(204);
    await waitFor(
      async () => (await scheduledReads()).length === scheduledWhilePaused + 1,
      10_000,
      'a scheduled read after resuming',
    );
    expect((await operations(installation.id, salesforce)).length).toBeGreaterThan(before);

    const unknown = await fetch(
      `${service.readUrl}/projects/demo/integrations/${salesforce}/installations/${installation.id}:pause`,
      {
        method: 'POST',
        headers: apiKeyHeaders(service),
        body: JSON.stringify({ objects: ['tickets'] }),
      },
    );
    expect(unknown.status).toBe(422);
  });

  it('retries with the same message id, fails a message on a 4xx, and disables a destination that keeps failing', async () => {
    const receiver = await receiverFor('contactsWebhook');
    const salesforce = crmIntegration.salesforce;
    const listed = await getJson(`${createInstallationUrl(service, 'demo', salesforce)}?groupRef=globex`);
    const installationId: string = listed.body[0].id;
    // The window holds the changes the previous test made.
    const since = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const trigger = () =>
      postJson(
        `${service.readUrl}/projects/demo/integrations/${salesforce}/objects/Contact`,
        apiKeyHeaders(service),
        {
          groupRef: 'globex',
          mode: 'async',
          sinceTimestamp: since,
        },
      );

    // Two 500s and a 429 with Retry-After, then fine: everything arrives, the retried message keeps its id.
    receiver.fault = (index) =>
      index < 2
        ? { kind: 'status', status: 500 }
        : index === 2
          ? { kind: 'status', status: 429, headers: { 'retry-after': '0' } }
          : { kind: 'ok' };
    const first = await trigger();
    expect(first.status).toBe(201);
    const ok = await settled(installationId, first.body.operationId, salesforce);
    expect(ok.status).toBe('success');
    expect(new Set(receiver.attemptIds.slice(0, 4)).size).toBe(1);
    expect(receiver.badSignatures).toBe(0);
    expect(ok.metadata.recordsDelivered).toBe(ok.metadata.progress.recordsProcessed);
    expect(receivedRecordIds(receiver).size).toBe(ok.metadata.progress.recordsProcessed);

    // A 400 is not retried: the message fails and the operation says why.
    receiver.fault = () => ({ kind: 'status', status: 400 });
    const second = await trigger();
    const failed = await settled(installationId, second.body.operationId, salesforce);
    expect(failed.status).toBe('failure');
    expect(failed.metadata.errors[0]).toContain('answered 400');
    expect(failed.result).toContain('answered 400');

    // Failing past the disable threshold disables the destination; an update enables it and all arrives.
    receiver.fault = () => ({ kind: 'status', status: 503 });
    const third = await trigger();
    await waitFor(
      async () => (await getJson(`${destinationsUrl()}/contactsWebhook`)).body.status === 'disabled',
      10_000,
      'the destination to be disabled',
    );
    const status = (await getJson(`${installationUrl(installationId, salesforce)}/read-status`)).body
      .objects[0];
    expect(status.delivery.state).toBe('disabled');
    expect(status.delivery.lastError).toContain('503');
    receiver.fault = () => ({ kind: 'ok' });
    const patched = await fetch(`${destinationsUrl()}/contactsWebhook`, {
      method: 'PATCH',
      headers: apiKeyHeaders(service),
      body: JSON.stringify({
        updateMask: ['metadata.url'],
        destination: { metadata: { url: receiver.url } },
      }),
    });
    expect(patched.status).toBe(200);
    const recovered = await settled(installationId, third.body.operationId, salesforce);
    expect(recovered.status).toBe('success');
  });

  it('refuses an on-demand read of an object the installation does not read', async () => {
    const res = await postJson(
      `${service.readUrl}/projects/demo/integrations/${crmIntegration.salesforce}/objects/Account`,
      apiKeyHeaders(service),
      {
        groupRef: 'globex',
        mode: 'async',
      },
    );
    expect(res.status).toBe(422);
    const none = await postJson(
      `${service.readUrl}/projects/demo/integrations/${crmIntegration.salesforce}/objects/Contact`,
      apiKeyHeaders(service),
      {
        groupRef: 'initech',
        mode: 'async',
      },
    );
    expect(none.status).toBe(404);
  });
});
