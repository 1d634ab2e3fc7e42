/**
 * Managing an installation (docs/service-interface.md#update-installation): every update mask, the checks
 * an update shares with a create, the If-Match precondition, revisions, delete, and how the read engine
 * follows an update or a delete, with a real receiver that verifies every signature.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  demoConnectionIds,
  demoManifestWith,
  type Json,
  type JsonResponse,
  postJson,
  readJsonResponse,
  startTestService,
  type TestService,
} from './harness.js';
import { startWebhookReceiver, type WebhookReceiver, waitFor } from './webhook-receiver.js';

const timing = {
  tickMs: 50,
  retryBaseMs: 20,
  retryMaxMs: 100,
  parkMs: 50,
  deliveryTimeoutMs: 2_000,
  // Long enough that a receiver failing on purpose never gets its destination disabled in a test.
  disableAfterMs: 60_000,
};

let service: TestService;
const receivers: WebhookReceiver[] = [];

/** The demo manifest, with HubSpot's integration also writing contacts and offering the proxy. */
const manifestPath = demoManifestWith((manifest) => {
  const hubspot = manifest.integrations.find((integration) => integration.name === crmIntegration.hubspot);
  if (!hubspot) throw new Error('The demo manifest has no HubSpot integration');
  hubspot.write = { objects: [{ objectName: 'contacts', displayName: 'Contacts' }] };
  hubspot.proxy = { enabled: true };
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

/** Acme installs its HubSpot's integration, Globex its Salesforce's. */
const integrationOf = { acme: crmIntegration.hubspot, globex: crmIntegration.salesforce } as const;
const installedIn = new Map<string, string>();
const installationUrl = (id: string) =>
  `${createInstallationUrl(service, 'demo', installedIn.get(id) ?? crmIntegration.hubspot)}/${id}`;

/** Connects the group again (as the demo data does) when a delete took its connection. */
async function connect(groupRef: 'acme' | 'globex'): Promise<void> {
  const present = await service.withRepo((repo) => repo.getConnection('demo', demoConnectionIds[groupRef]));
  if (!present) await service.restoreDemoConnection(groupRef);
}

async function install(
  groupRef: 'acme' | 'globex',
  config: unknown = groupRef === 'acme' ? contactsConfig() : contactsConfig({}, 'salesforce'),
): Promise<{ body: Json; etag: string }> {
  await connect(groupRef);
  const res = await fetch(createInstallationUrl(service, 'demo', integrationOf[groupRef]), {
    method: 'POST',
    headers: apiKeyHeaders(service),
    body: JSON.stringify({ groupRef, config }),
  });
  const etag = res.headers.get('etag');
  const json = await readJsonResponse(res);
  expect(json.status).toBe(201);
  expect(etag).toBe(`"${json.body.createTime}"`);
  installedIn.set(json.body.id, integrationOf[groupRef]);
  return { body: json.body, etag: etag! };
}

async function patch(
  id: string,
  body: unknown,
  headers: Record<string, string> = {},
  search = '',
): Promise<JsonResponse & { etag: string | null }> {
  const res = await fetch(`${installationUrl(id)}${search}`, {
    method: 'PATCH',
    headers: { ...apiKeyHeaders(service), ...headers },
    body: JSON.stringify(body),
  });
  return { ...(await readJsonResponse(res)), etag: res.headers.get('etag') };
}

async function remove(id: string): Promise<number> {
  return (await fetch(installationUrl(id), { method: 'DELETE', headers: apiKeyHeaders(service) })).status;
}

const contactsObject = (extra: Record<string, unknown> = {}) => ({
  objectName: 'contacts',
  destination: 'contactsWebhook',
  selectedFields: { email: true, firstname: true },
  ...extra,
});

describe('updateInstallation', () => {
  let installationId: string;
  let etag: string;
  afterAll(async () => {
    await remove(installationId);
  });

  it('replaces one read object, keeps the old config as a revision and moves updateTime', async () => {
    const created = await install('acme');
    installationId = created.body.id;
    const res = await patch(
      installationId,
      {
        updateMask: ['config.content.read.objects.contacts'],
        installation: {
          config: {
            content: {
              read: {
                objects: { contacts: contactsObject({ selectedFieldMappings: { stage: 'hs_lead_status' } }) },
              },
            },
          },
        },
      },
      { 'if-match': created.etag },
    );
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(installationId);
    expect(res.body.config.content.read.objects.contacts).toMatchObject({
      selectedFields: { email: true, firstname: true },
      selectedFieldMappings: { stage: 'hs_lead_status' },
    });
    expect(res.body.config.id).not.toBe(created.body.config.id);
    expect(res.body.updateTime > created.body.createTime).toBe(true);
    expect(res.etag).toBe(`"${res.body.updateTime}"`);
    etag = res.etag!;
    const revisions = await service.sql<{ config_id: string; config: string }>(
      'SELECT config_id, CAST(config AS TEXT) AS config FROM installation_revisions WHERE installation_id = ?',
      installationId,
    );
    expect(revisions.map((r) => r.config_id)).toEqual([created.body.config.id]);
    expect(JSON.parse(revisions[0]!.config).content).toEqual(created.body.config.content);
    const got = await readJsonResponse(
      await fetch(installationUrl(installationId), { headers: apiKeyHeaders(service) }),
    );
    expect(got.body.config).toEqual(res.body.config);
  });

  it('applies the write, proxy, createdBy and connectionId masks, each to its own part', async () => {
    const res = await patch(
      installationId,
      {
        updateMask: [
          'config.content.write.objects',
          'config.content.proxy.enabled',
          'config.createdBy',
          'connectionId',
        ],
        installation: {
          connectionId: demoConnectionIds.acme,
          config: {
            createdBy: 'builder:ops',
            content: {
              write: { objects: { contacts: { objectName: 'contacts' } } },
              proxy: { enabled: true },
              // Not in the mask: ignored.
              read: { objects: { contacts: contactsObject({ disabled: true }) } },
            },
          },
        },
      },
      { 'if-match': etag },
    );
    expect(res.status).toBe(200);
    expect(res.body.config.createdBy).toBe('builder:ops');
    expect(res.body.config.content.write).toEqual({ objects: { contacts: { objectName: 'contacts' } } });
    expect(res.body.config.content.proxy).toEqual({ enabled: true });
    expect(res.body.config.content.read.objects.contacts.disabled).toBeUndefined();
    expect(res.body.connection.id).toBe(demoConnectionIds.acme);

    const one = await patch(installationId, {
      updateMask: ['config.content.write.objects.contacts'],
      installation: {
        config: {
          content: {
            write: { objects: { contacts: { objectName: 'contacts', deletionSettings: undefined } } },
          },
        },
      },
    });
    expect(one.status).toBe(200);
    etag = one.etag!;
    expect(
      await service.sql('SELECT 1 FROM installation_revisions WHERE installation_id = ?', installationId),
    ).toHaveLength(3);
  });

  it('names each unknown or duplicated mask and each mask without a value (400)', async () => {
    const res = await patch(installationId, {
      updateMask: [
        'config.content.read.objects.contacts',
        'config.content.subscribe.objects',
        'groupRef',
        'config.content.read.objects.contacts',
        'config.content.read.objects.companies',
      ],
      installation: { config: { content: { read: { objects: { contacts: contactsObject() } } } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: Json) => i.name)).toEqual([
      'updateMask[1]',
      'updateMask[2]',
      'updateMask[3]',
    ]);
    const missing = await patch(installationId, {
      updateMask: ['config.content.read.objects.companies', 'config.content.proxy.enabled'],
      installation: { config: { content: { read: { objects: { contacts: contactsObject() } } } } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues.map((i: Json) => i.name)).toEqual([
      'installation.config.content.read.objects.companies',
      'installation.config.content.proxy.enabled',
    ]);
  });

  it('runs the create checks: the sample read (422) unless skipped, and the group of a connection', async () => {
    const body = {
      updateMask: ['config.content.read.objects.contacts'],
      installation: {
        config: {
          content: {
            read: { objects: { contacts: contactsObject({ selectedFields: { email: true, nope: true } }) } },
          },
        },
      },
    };
    const refused = await patch(installationId, body);
    expect(refused.status).toBe(422);
    expect(refused.body.issues.map((i: Json) => i.name)).toEqual([
      'installation.config.content.read.objects.contacts.selectedFields.nope',
    ]);
    const otherGroup = await patch(installationId, {
      updateMask: ['connectionId'],
      installation: { connectionId: demoConnectionIds.globex },
    });
    expect(otherGroup.status).toBe(422);
    expect(otherGroup.body.issues[0].name).toBe('installation.connectionId');
    const skipped = await patch(installationId, body, { 'if-match': etag }, '?skipSampling=true');
    expect(skipped.status).toBe(200);
    etag = skipped.etag!;
  });

  it('refuses a change that starts from a stale version (412) and a malformed If-Match (400)', async () => {
    const body = {
      updateMask: ['config.content.proxy.enabled'],
      installation: { config: { content: { proxy: { enabled: false } } } },
    };
    const first = await patch(installationId, body, { 'if-match': etag });
    expect(first.status).toBe(200);
    const stale = await patch(installationId, body, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body.type).toBe('urn:problem-type:installation-changed');
    expect(stale.body.detail).toMatch(/Someone else changed this installation/);
    const malformed = await patch(installationId, body, { 'if-match': 'W/"x"' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues[0]).toMatchObject({ in: 'header', name: 'If-Match' });
    // Without If-Match there is no precondition, as in the hosted service.
    expect((await patch(installationId, body)).status).toBe(200);
  });
});

describe('deleteInstallation', () => {
  it('answers 204 then 404, and deletes the connection no other installation uses', async () => {
    const { body } = await install('globex');
    const connection = demoConnectionIds.globex;
    expect(await service.sql('SELECT id FROM connections WHERE id = ?', connection)).toHaveLength(1);
    expect(await remove(body.id)).toBe(204);
    expect(await remove(body.id)).toBe(404);
    const got = await fetch(installationUrl(body.id), { headers: apiKeyHeaders(service) });
    expect(got.status).toBe(404);
    expect(await service.sql('SELECT id FROM connections WHERE id = ?', connection)).toHaveLength(0);
    expect(
      await service.sql('SELECT 1 FROM installation_revisions WHERE installation_id = ?', body.id),
    ).toHaveLength(0);
  });
});

describe('the previous config of an uninstalled installation', () => {
  const previousUrl = (groupRef: string) =>
    `${service.baseUrl}/projects/demo/integrations/${crmIntegration.salesforce}/previous-config?groupRef=${groupRef}`;

  it('is kept for the group that uninstalled, answered for 30 days, and never for another group', async () => {
    const config = contactsConfig({}, 'salesforce');
    // Globex may have uninstalled earlier in this file: what is answered after this uninstall must be
    // this installation's config, kept from this moment.
    const { body } = await install('globex', config);
    const before = Date.now();
    expect(await remove(body.id)).toBe(204);
    const kept = await readJsonResponse(
      await fetch(previousUrl('globex'), { headers: apiKeyHeaders(service) }),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.content).toEqual(body.config.content);
    const uninstalled = Date.parse(kept.body.uninstallTime);
    expect(uninstalled).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(kept.body.expireTime) - uninstalled).toBe(30 * 24 * 60 * 60 * 1000);

    const other = await readJsonResponse(
      await fetch(previousUrl('initech'), { headers: apiKeyHeaders(service) }),
    );
    expect(other.status).toBe(404);
    expect((await fetch(previousUrl('globex'))).status).toBe(401);
  });
});

// ---- the read engine follows updates and deletes ----

async function receiverFor(name: string): Promise<WebhookReceiver> {
  const receiver = await startWebhookReceiver('whsec_placeholderplaceholderplaceholder00=');
  receivers.push(receiver);
  const destinations = `${service.baseUrl}/projects/demo/destinations`;
  await fetch(`${destinations}/${name}`, { method: 'DELETE', headers: apiKeyHeaders(service) });
  const res = await postJson(destinations, apiKeyHeaders(service), {
    name,
    type: 'webhook',
    metadata: { url: receiver.url },
  });
  expect(res.status).toBe(201);
  receiver.secret = res.body.secrets.signingSecret;
  return receiver;
}

interface OperationRow {
  id: string;
  object_name: string;
  read_type: string;
  status: string;
  phase: string;
  result: string | null;
}
const operationsOf = (installationId: string) =>
  service.sql<OperationRow>(
    'SELECT * FROM read_operations WHERE installation_id = ? ORDER BY seq',
    installationId,
  );
const messagesOf = (receiver: WebhookReceiver, installationId: string, objectName: string) =>
  [...receiver.messages.values()].filter(
    (m) => m.body.installationId === installationId && m.body.objectName === objectName,
  );
/**
 * Changes in Acme's HubSpot, which a 30-day backfill started now reads: the account's generated records
 * were last changed long ago. A read's window ends at the last whole second before it starts, so this
 * answers two seconds on.
 */
async function recentChanges(): Promise<void> {
  service.providers.hubspot.applyChanges(100);
  const changedInSecond = Math.floor(Date.now() / 1000);
  await waitFor(() => Math.floor(Date.now() / 1000) >= changedInSecond + 2, 3_000, 'two seconds on');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe('the reads follow an update', () => {
  it('starts a newly enabled object, applies a new mapping, stops a disabled one', async () => {
    const contacts = await receiverFor('contactsWebhook');
    const companies = await receiverFor('companiesWebhook');
    await recentChanges();
    const { body } = await install('acme', {
      content: {
        provider: 'hubspot',
        read: {
          objects: {
            contacts: contactsObject({
              selectedFieldMappings: { stage: 'hs_lead_status' },
              backfill: { defaultPeriod: { days: 30 } },
              schedule: '0 0 1 1 *',
            }),
          },
        },
      },
    });
    const id: string = body.id;
    await waitFor(
      async () => (await operationsOf(id)).find((o) => o.object_name === 'contacts' && o.phase === 'done'),
      20_000,
      'the contacts backfill',
    );
    expect(messagesOf(contacts, id, 'contacts').length).toBeGreaterThan(0);

    // Companies is new (with a backfill of its own); contacts now maps stage to lifecyclestage.
    companies.fault = () => ({ kind: 'status', status: 503 });
    const update = await patch(id, {
      updateMask: ['config.content.read.objects.contacts', 'config.content.read.objects.companies'],
      installation: {
        config: {
          content: {
            read: {
              objects: {
                contacts: contactsObject({
                  selectedFieldMappings: { stage: 'lifecyclestage' },
                  backfill: { defaultPeriod: { days: 30 } },
                  schedule: '0 0 1 1 *',
                }),
                companies: {
                  objectName: 'companies',
                  destination: 'companiesWebhook',
                  selectedFieldsAuto: 'all',
                  // The account's companies were last changed long ago: their whole history is read.
                  backfill: { defaultPeriod: { fullHistory: true } },
                  schedule: '0 0 1 1 *',
                },
              },
            },
          },
        },
      },
    });
    expect(update.status).toBe(200);
    const companiesBackfill = await waitFor(
      async () =>
        (await operationsOf(id)).find((o) => o.object_name === 'companies' && o.read_type === 'backfill'),
      10_000,
      'the companies backfill',
    );
    // contacts already read its history: it gets no second backfill.
    expect((await operationsOf(id)).filter((o) => o.read_type === 'backfill')).toHaveLength(2);

    const trigger = await postJson(
      `${service.readUrl}/projects/demo/integrations/${crmIntegration.hubspot}/objects/contacts`,
      apiKeyHeaders(service),
      { groupRef: 'acme', mode: 'async', sinceTimestamp: '2000-01-01T00:00:00Z' },
    );
    expect(trigger.status).toBe(201);
    await waitFor(
      async () =>
        (await operationsOf(id)).find((o) => o.id === trigger.body.operationId && o.phase === 'done'),
      20_000,
      'the triggered read',
    );
    const triggered = messagesOf(contacts, id, 'contacts').filter(
      (m) => m.body.operationId === trigger.body.operationId,
    );
    expect(triggered.length).toBeGreaterThan(0);
    for (const message of triggered) {
      for (const entry of message.body.result) {
        expect(entry.mappedFields.stage).toBe(entry.raw.properties.lifecyclestage);
      }
    }

    // Companies cannot deliver (503): disabling it ends its backfill and drops what was waiting.
    await waitFor(() => companies.requests > 0, 10_000, 'a companies delivery attempt');
    const disable = await patch(id, {
      updateMask: ['config.content.read.objects.companies'],
      installation: {
        config: {
          content: {
            read: {
              objects: {
                companies: { objectName: 'companies', destination: 'companiesWebhook', disabled: true },
              },
            },
          },
        },
      },
    });
    expect(disable.status).toBe(200);
    const stopped = await waitFor(
      async () => (await operationsOf(id)).find((o) => o.id === companiesBackfill.id && o.phase === 'done'),
      10_000,
      'the companies backfill to stop',
    );
    expect(stopped.status).toBe('failure');
    expect(stopped.result).toMatch(/disabled/);
    // An attempt already on the wire when the object was disabled meets the 503 first; what the stop
    // dropped must then never be sent once the receiver accepts again.
    await settle();
    companies.fault = () => ({ kind: 'ok' });
    await settle();
    expect(messagesOf(companies, id, 'companies')).toHaveLength(0);
    expect(
      await service.sql(
        'SELECT 1 FROM deliveries WHERE installation_id = ? AND object_name = ?',
        id,
        'companies',
      ),
    ).toHaveLength(0);
    await remove(id);
  });
});

describe('the reads follow a delete', () => {
  it('ends the operations and delivers nothing more for the installation', async () => {
    const contacts = await receiverFor('contactsWebhook');
    contacts.fault = () => ({ kind: 'status', status: 503 });
    await recentChanges();
    const { body } = await install('acme', {
      content: {
        provider: 'hubspot',
        read: {
          objects: {
            contacts: contactsObject({ backfill: { defaultPeriod: { days: 30 } }, schedule: '0 0 1 1 *' }),
          },
        },
      },
    });
    const id: string = body.id;
    await waitFor(() => contacts.requests > 0, 10_000, 'a delivery attempt');
    expect(await remove(id)).toBe(204);
    const ended = await operationsOf(id);
    expect(ended.length).toBeGreaterThan(0);
    for (const operation of ended) {
      expect(operation).toMatchObject({ phase: 'done', status: 'failure' });
      expect(operation.result).toMatch(/the installation was deleted/);
    }
    expect(await service.sql('SELECT 1 FROM deliveries WHERE installation_id = ?', id)).toHaveLength(0);
    // An attempt already in flight when the delete ran still meets the 503; then the receiver accepts all.
    await settle();
    contacts.fault = () => ({ kind: 'ok' });
    const requestsThen = contacts.requests;
    await settle();
    expect(contacts.requests).toBe(requestsThen);
    expect(messagesOf(contacts, id, 'contacts')).toHaveLength(0);
  });
});
