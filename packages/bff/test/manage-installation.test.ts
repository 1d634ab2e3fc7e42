/**
 * Managing an installation through the BFF, against the real embedded service: update (mask allowlist,
 * the signed-in user as author, If-Match), pause and resume, uninstall; each bound to the session's group,
 * behind the CSRF defences and with idempotent retries.
 */
import type { Installation, IntegrationDetails, Problem, SyncStatus } from '@splice/schema';
import { installationVersionTag } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf } from './helpers/read.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff, testApiKey } from './helpers/start-bff.js';

let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;

beforeAll(async () => {
  service = await startRealService({ apiKey: testApiKey, readTiming: { tickMs: 100 } });
  bff = await startBff(service);
});
afterAll(async () => {
  await bff.close();
  await service.stop();
});

const contacts = (mappings: Record<string, string>) => ({
  objectName: 'contacts',
  selectedFields: { email: true, firstname: true },
  selectedFieldMappings: mappings,
});

let keys = 0;
const key = () => `key-${++keys}-${Date.now()}`;
const installationUrl = () => `${bff.url}/integrations/hubspot-sync/installation`;

async function install(user: string): Promise<Installation> {
  const response = await fetch(`${bff.url}/integrations/hubspot-sync/installations`, {
    method: 'POST',
    headers: browserHeaders(user, { 'Idempotency-Key': key() }),
    body: JSON.stringify({
      config: {
        content: {
          provider: 'hubspot',
          read: { objects: { contacts: contacts({ stage: 'hs_lead_status' }) } },
        },
      },
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Installation;
}

function update(user: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(installationUrl(), {
    method: 'PATCH',
    headers: browserHeaders(user, { 'Idempotency-Key': key(), ...headers }),
    body: JSON.stringify(body),
  });
}

const mappingUpdate = (stage: string) => ({
  updateMask: ['config.content.read.objects.contacts'],
  installation: { config: { content: { read: { objects: { contacts: contacts({ stage }) } } } } },
});

async function serviceInstallation(groupRef: string): Promise<Installation | undefined> {
  const response = await fetch(
    `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations?groupRef=${groupRef}`,
    { headers: { 'x-api-key': testApiKey } },
  );
  return ((await response.json()) as Installation[])[0];
}

describe('update', () => {
  let installation: Installation;
  beforeAll(async () => {
    installation = await install('alice');
  });

  it('saves a changed mapping as the signed-in user, and a stale version is a 412 that says why', async () => {
    const version = installationVersionTag(installation);
    const saved = await update('carol', mappingUpdate('lifecyclestage'), { 'If-Match': version });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Installation;
    expect(body.config.content.read?.objects.contacts?.selectedFieldMappings).toEqual({
      stage: 'lifecyclestage',
    });
    expect(body.config.createdBy).toBe('consumer:carol');
    expect(installationVersionTag(body)).not.toBe(version);

    // alice still holds the version carol started from.
    const stale = await update('alice', mappingUpdate('hs_lead_status'), { 'If-Match': version });
    expect(stale.status).toBe(412);
    const problem = await problemOf(stale);
    expect(problem.type).toBe('urn:problem-type:installation-changed');
    expect(problem.detail).toMatch(/Someone else changed these settings/);
    const stored = await serviceInstallation('acme');
    expect(stored?.config.content.read?.objects.contacts?.selectedFieldMappings).toEqual({
      stage: 'lifecyclestage',
    });
    installation = stored!;
  });

  it('requires If-Match and Idempotency-Key, naming each missing header', async () => {
    const response = await fetch(installationUrl(), {
      method: 'PATCH',
      headers: browserHeaders('alice'),
      body: JSON.stringify(mappingUpdate('hs_lead_status')),
    });
    expect(response.status).toBe(400);
    const names = (await problemOf(response)).issues?.map((i) => `${i.in}:${i.name}`);
    expect(names).toEqual(expect.arrayContaining(['header:if-match', 'header:idempotency-key']));
  });

  it('refuses masks outside its allowlist, another author, a group in the body, another group’s connection', async () => {
    const version = installationVersionTag(installation);
    const masks = await update(
      'alice',
      {
        updateMask: ['config.content.proxy.enabled', 'config.createdBy', 'groupRef', 'config.content'],
        installation: { config: { createdBy: 'builder:x', content: { proxy: { enabled: true } } } },
      },
      { 'If-Match': version },
    );
    expect(masks.status).toBe(400);
    expect((await problemOf(masks)).issues?.map((i) => i.name)).toEqual([
      'updateMask[1]',
      'updateMask[2]',
      'updateMask[3]',
      'installation.config.createdBy',
    ]);
    const bound = await update(
      'alice',
      { groupRef: 'globex', ...mappingUpdate('hs_lead_status') },
      { 'If-Match': version },
    );
    expect(bound.status).toBe(400);
    expect((await problemOf(bound)).type).toBe('urn:problem-type:session-bound-parameter');
    const other = await update(
      'alice',
      { updateMask: ['connectionId'], installation: { connectionId: 'conn-globex-salesforce' } },
      { 'If-Match': version },
    );
    expect(other.status).toBe(422);
    const problem: Problem = await problemOf(other);
    expect(problem.issues?.map((i) => i.name)).toEqual(['installation.connectionId']);
    expect(problem.detail).not.toMatch(/globex|acme/);
    expect((await serviceInstallation('acme'))?.connection.id).toBe('conn-acme-hubspot');
  });

  it('puts the service’s field issues next to the field the browser sent', async () => {
    const response = await update(
      'alice',
      {
        updateMask: ['config.content.read.objects.contacts'],
        installation: {
          config: {
            content: {
              read: {
                objects: {
                  contacts: { ...contacts({}), selectedFields: { email: true, noSuchField: true } },
                },
              },
            },
          },
        },
      },
      { 'If-Match': installationVersionTag(installation) },
    );
    expect(response.status).toBe(422);
    expect((await problemOf(response)).issues).toEqual([
      expect.objectContaining({
        in: 'body',
        name: 'installation.config.content.read.objects.contacts.selectedFields.noSuchField',
      }),
    ]);
  });

  it('only touches the session’s group: bob (no installation) gets 404 and alice’s stays', async () => {
    const response = await update('bob', mappingUpdate('hs_lead_status'), {
      'If-Match': installationVersionTag(installation),
    });
    expect(response.status).toBe(404);
    expect((await serviceInstallation('acme'))?.config.id).toBe(installation.config.id);
  });
});

/** The value once it equals `want`, or the last one read after 3 s (the assertion then fails). */
async function settled<T>(read: () => Promise<T>, want: T): Promise<T> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const value = await read();
    if (value === want || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('pause and resume', () => {
  async function pausedOf(user: string): Promise<boolean | undefined> {
    const response = await fetch(`${bff.url}/integrations/hubspot-sync/status`, {
      headers: browserHeaders(user),
    });
    const status = (await response.json()) as SyncStatus;
    return status.objects.find((o) => o.objectName === 'contacts')?.paused;
  }
  const post = (user: string, action: string, headers: Record<string, string> = {}) =>
    fetch(`${bff.url}/integrations/hubspot-sync/objects/contacts/${action}`, {
      method: 'POST',
      headers: browserHeaders(user, headers),
      body: '{}',
    });

  it('pauses and resumes one object of the group’s installation', async () => {
    expect((await post('alice', 'pause')).status).toBe(204);
    expect(await settled(() => pausedOf('alice'), true)).toBe(true);
    expect((await post('alice', 'resume')).status).toBe(204);
    expect(await settled(() => pausedOf('alice'), false)).toBe(false);
  });

  it('refuses an object the installation does not read, a group without one, and a cross-site post', async () => {
    const notRead = await fetch(`${bff.url}/integrations/hubspot-sync/objects/companies/pause`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: '{}',
    });
    expect(notRead.status).toBe(422);
    expect((await post('bob', 'pause')).status).toBe(404);
    const forged = await post('alice', 'pause', {
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(forged.status).toBe(403);
    const noHeader = browserHeaders('alice');
    delete noHeader['X-Requested-With'];
    const bare = await fetch(`${bff.url}/integrations/hubspot-sync/objects/contacts/pause`, {
      method: 'POST',
      headers: noHeader,
      body: '{}',
    });
    expect(bare.status).toBe(403);
    expect(await pausedOf('alice')).toBe(false);
  });
});

describe('uninstall', () => {
  const remove = (user: string, headers: Record<string, string>) =>
    fetch(installationUrl(), { method: 'DELETE', headers: browserHeaders(user, headers) });

  it('refuses a forged or keyless delete, then deletes once and replays the retry', async () => {
    expect((await remove('alice', { 'Idempotency-Key': key(), Origin: 'https://evil.example' })).status).toBe(
      403,
    );
    const keyless = await remove('alice', {});
    expect(keyless.status).toBe(400);
    expect((await problemOf(keyless)).issues?.map((i) => i.name)).toEqual(['idempotency-key']);
    expect(await serviceInstallation('acme')).toBeDefined();

    const once = key();
    expect((await remove('alice', { 'Idempotency-Key': once })).status).toBe(204);
    // The retry of a lost answer gets the first answer, not a 404.
    expect((await remove('alice', { 'Idempotency-Key': once })).status).toBe(204);
    expect((await remove('alice', { 'Idempotency-Key': key() })).status).toBe(404);
    expect(await serviceInstallation('acme')).toBeUndefined();
    // The service deleted the now unused connection: the wizard must offer to connect again.
    const wizard = await fetch(`${bff.url}/integrations/hubspot-sync`, { headers: browserHeaders('alice') });
    const details = (await wizard.json()) as { installation: unknown; connection: unknown };
    expect(details.installation).toBeNull();
    expect(details.connection).toBeNull();
  });

  it("offers the uninstalled settings to the group's next wizard, and to no other group", async () => {
    const wizardOf = async (user: string) =>
      (await (
        await fetch(`${bff.url}/integrations/hubspot-sync`, { headers: browserHeaders(user) })
      ).json()) as IntegrationDetails;
    // The previous test uninstalled acme's installation, whose contacts mapped `stage` to some field.
    const acme = await wizardOf('alice');
    expect(acme.previousConfig?.content.read?.objects.contacts?.selectedFieldMappings).toEqual({
      stage: expect.any(String),
    });
    expect(acme.previousConfig?.content.read?.objects.contacts?.selectedFields).toEqual({
      email: true,
      firstname: true,
    });
    expect(Date.parse(acme.previousConfig?.expireTime ?? '')).toBeGreaterThan(Date.now());
    // Another group sees nothing of it.
    expect((await wizardOf('bob')).previousConfig).toBeNull();
  });
});
