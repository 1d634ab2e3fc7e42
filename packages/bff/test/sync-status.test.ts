import type { Problem, RunHistory, SyncStatus, WebhookMessage } from '@splice/schema';
import { runHistorySchema, syncStatusSchema } from '@splice/schema';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookReceiver } from '../src/webhooks/index.js';
import type { Listening } from './helpers/listen.js';
import { listen } from './helpers/listen.js';
import { startRealService } from './helpers/real-service.js';
import { appOrigin, browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff, testApiKey } from './helpers/start-bff.js';

let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;
let receiver: Listening;
let signingSecret = '';
const delivered: WebhookMessage[] = [];
/** Every contact the tests changed in Acme's HubSpot (created or updated; deleted ones are not read). */
const changedContacts = new Set<string>();

/** Changes in Acme's HubSpot (the emulator's activity); answers the contacts it created or updated. */
function changeHubSpot(count: number): Set<string> {
  const contacts = service.providers.hubspot
    .applyChanges(count)
    .filter((change) => change.objectType === 'contacts' && change.kind !== 'deleted')
    .map((change) => change.id);
  for (const id of contacts) changedContacts.add(id);
  return new Set(contacts);
}

beforeAll(async () => {
  service = await startRealService({
    apiKey: testApiKey,
    runReads: true,
    readTiming: { tickMs: 100, retryBaseMs: 50 },
  });
  // The builder's receiver, on its own port: the status must never tell the browser where it is.
  let handle: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  receiver = await listen((request) => handle(request));
  const created = await fetch(`${service.baseUrl}/projects/demo/destinations`, {
    method: 'POST',
    headers: { 'x-api-key': testApiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'contactsWebhook',
      type: 'webhook',
      metadata: { url: `${receiver.url}/hooks`, headers: { 'x-builder-token': 'builder-header-SECRET' } },
    }),
  });
  expect(created.status).toBe(201);
  signingSecret = ((await created.json()) as { secrets: { signingSecret: string } }).secrets.signingSecret;
  const app = new Hono().post(
    '/hooks',
    createWebhookReceiver({ secret: signingSecret, onMessage: (m) => void delivered.push(m) }),
  );
  handle = app.fetch;
  bff = await startBff(service);
});
afterAll(async () => {
  await bff.close();
  await service.stop();
  await receiver.close();
});

async function status(user: string): Promise<{ code: number; body: SyncStatus }> {
  const response = await fetch(`${bff.url}/integrations/hubspot-sync/status`, {
    headers: browserHeaders(user),
  });
  return { code: response.status, body: (await response.json()) as SyncStatus };
}

function runNow(user: string, objectName: string, headers: Record<string, string> = {}) {
  return fetch(`${bff.url}/integrations/hubspot-sync/objects/${objectName}/read`, {
    method: 'POST',
    headers: browserHeaders(user, headers),
    body: '{}',
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const contactsConfig = {
  config: {
    content: {
      provider: 'hubspot',
      read: {
        objects: {
          contacts: {
            objectName: 'contacts',
            selectedFields: { email: true, firstname: true },
            selectedFieldMappings: { stage: 'hs_lead_status', surname: 'lastname' },
            selectedValueMappings: {
              stage: { won: 'CONNECTED', lost: 'UNQUALIFIED', new: 'NEW', working: 'OPEN_DEAL' },
            },
            backfill: { defaultPeriod: { days: 30 } },
          },
        },
      },
    },
  },
};

describe('GET /integrations/:integrationId/status against the embedded service', () => {
  it('answers a group that has not installed with no installation and no objects', async () => {
    const { code, body } = await status('alice');
    expect(code).toBe(200);
    expect(body).toMatchObject({ installationId: null, objects: [], running: false });
  });

  it('follows a 30-day backfill to the end: progress, then up to date with the records delivered', async () => {
    // Acme's HubSpot records were last changed long ago: recent changes give the 30 days something to read.
    changeHubSpot(100);
    // A read ends at the whole second before the one it starts in: let the changes fall before that.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const install = await fetch(`${bff.url}/integrations/hubspot-sync/installations`, {
      method: 'POST',
      headers: browserHeaders('alice', { 'Idempotency-Key': 'sync-status-install' }),
      body: JSON.stringify(contactsConfig),
    });
    expect(install.status, await install.clone().text()).toBe(201);

    const first = await status('alice');
    expect(first.code).toBe(200);
    expect(syncStatusSchema.safeParse(first.body).success).toBe(true);
    expect(first.body.installationId).toBeTruthy();
    // The manifest reads `deals` always (`enabled: always`), so it is listed beside the chosen `contacts`.
    expect(first.body.objects.map((o) => o.objectName).sort()).toEqual(['contacts', 'deals']);

    const contactsOf = (body: SyncStatus) => body.objects.find((o) => o.objectName === 'contacts');
    const settled = await until(
      () => status('alice'),
      ({ body }) => contactsOf(body)?.state === 'up_to_date',
    );
    const contacts = contactsOf(settled.body)!;
    const records = delivered
      .filter((m) => m.groupRef === 'acme' && m.objectName === 'contacts')
      .flatMap((m) => m.result ?? []);
    expect(records.length).toBeGreaterThan(0);
    expect(contacts).toMatchObject({
      state: 'up_to_date',
      problem: null,
      canRunNow: true,
      recordsDelivered: records.length,
      lastRun: { readType: 'backfill', status: 'success' },
      backfill: { recordsProcessed: records.length, done: true },
    });
    expect(Date.parse(contacts.nextRunTime ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Mapped fields arrive with the installation's names (and the manifest's fixed `funnelStage` mapping).
    expect(Object.keys(records[0]?.mappedFields ?? {}).sort()).toEqual(['funnelStage', 'stage', 'surname']);
  });

  it('tells the same states from the hosted paths only as with the read-status extension', async () => {
    const hostedOnly = await startBff(service, { embeddedExtensions: false });
    try {
      const viaHostedPaths = await fetch(`${hostedOnly.url}/integrations/hubspot-sync/status`, {
        headers: browserHeaders('alice'),
      });
      expect(viaHostedPaths.status).toBe(200);
      const hosted = syncStatusSchema.parse(await viaHostedPaths.json());
      const extended = (await status('alice')).body;
      const summary = (body: SyncStatus) =>
        body.objects
          .map((o) => [o.objectName, o.state, o.recordsDelivered, o.backfill?.done ?? null, o.canRunNow])
          .sort();
      expect(summary(hosted)).toEqual(summary(extended));
      // Only the hosted-paths BFF asks for backfill progress; only the other asks for read-status.
      expect(bff.logs.some((e) => e.operation === 'getReadStatus')).toBe(true);
      expect(hostedOnly.logs.some((e) => e.operation === 'getReadStatus')).toBe(false);
      expect(hostedOnly.logs.some((e) => e.operation === 'getBackfillProgress')).toBe(true);
    } finally {
      await hostedOnly.close();
    }
  });

  it('never names the destination, its URL, headers or signing secret', async () => {
    const text = JSON.stringify((await status('alice')).body);
    const port = new URL(receiver.url).port;
    for (const leak of [
      receiver.url,
      `:${port}`,
      '/hooks',
      'builder-header-SECRET',
      signingSecret,
      'whsec_',
      'contactsWebhook',
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  it('shows each group its own installation only: another group sees none, a colleague sees the same', async () => {
    const bob = await status('bob');
    expect(bob.body).toMatchObject({ installationId: null, objects: [] });
    const carol = await status('carol');
    expect(carol.body.installationId).toBe((await status('alice')).body.installationId);
  });

  it('refuses a group named by the browser, and answers 401 without a session', async () => {
    const named = await fetch(`${bff.url}/integrations/hubspot-sync/status?groupRef=globex`, {
      headers: browserHeaders('alice'),
    });
    expect(named.status).toBe(400);
    const anonymous = await fetch(`${bff.url}/integrations/hubspot-sync/status`, {
      headers: { Origin: appOrigin },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /integrations/:integrationId/objects/:objectName/read (Run now)', () => {
  it('starts a read for the session’s group, which then delivers as a triggered read', async () => {
    // Records the CRM changed since the backfill: what Run now is for.
    changeHubSpot(40);
    // A read ends at the whole second before the one it starts in: let the changes fall before that.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const before = delivered.length;
    const response = await runNow('alice', 'contacts');
    expect(response.status).toBe(201);
    const { operationId } = (await response.json()) as { operationId: string };
    expect(operationId).toBeTruthy();
    const settled = await until(
      () => status('alice'),
      ({ body }) => {
        const contacts = body.objects.find((o) => o.objectName === 'contacts');
        return contacts?.lastRun?.operationId === operationId && contacts.state === 'up_to_date';
      },
    );
    expect(settled.body.objects.find((o) => o.objectName === 'contacts')?.lastRun).toMatchObject({
      readType: 'triggered',
      status: 'success',
    });
    const triggered = delivered.slice(before).filter((m) => m.operationId === operationId);
    expect(triggered.length).toBeGreaterThan(0);
    expect(triggered.every((m) => m.readType === 'triggered' && m.groupRef === 'acme')).toBe(true);
  });

  it('reads only what changed since the last successful read, never the whole history again', async () => {
    const previous = (await status('alice')).body.objects.find((o) => o.objectName === 'contacts')!;
    expect(previous.state).toBe('up_to_date');
    // The status says where Run now would start: the last successful read.
    expect(previous.runNowSince).toBeTruthy();
    const changedNow = changeHubSpot(40);
    // A read ends at the whole second before the one it starts in: let the changes fall before that.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const before = delivered.length;
    const response = await runNow('alice', 'contacts');
    expect(response.status).toBe(201);
    const { operationId } = (await response.json()) as { operationId: string };
    await until(
      () => status('alice'),
      ({ body }) => {
        const contacts = body.objects.find((o) => o.objectName === 'contacts');
        return contacts?.lastRun?.operationId === operationId && contacts.state === 'up_to_date';
      },
    );
    const records = delivered
      .slice(before)
      .filter((m) => m.operationId === operationId)
      .flatMap((m) => m.result ?? []);
    expect(records.length).toBeGreaterThan(0);
    // Only contacts changed in the last minute or so (by these tests), of an account of 500 and more, and
    // every contact changed since the last read among them.
    const read = new Set(records.map((record) => record.id));
    for (const id of read) expect(changedContacts.has(id as string)).toBe(true);
    for (const id of changedNow) expect(read.has(id)).toBe(true);
    expect(read.size).toBeLessThan(200);
    const since = Date.parse(previous.runNowSince!);
    for (const record of records) {
      expect(Date.parse(String(record.raw?.updatedAt))).toBeGreaterThan(since);
    }
  });

  it('cannot start a read in another group: a group without the installation gets a 404', async () => {
    const response = await runNow('bob', 'contacts');
    expect(response.status).toBe(404);
    const problem = (await response.json()) as Problem;
    expect(problem.detail).toMatch(/not installed/);
    expect(JSON.stringify(problem)).not.toMatch(/acme|globex/);
  });

  it('refuses an object the installation does not read', async () => {
    const response = await runNow('alice', 'companies');
    expect([409, 422]).toContain(response.status);
  });

  it('is guarded against CSRF: the custom header and an allowed origin are required', async () => {
    const noHeader = await fetch(`${bff.url}/integrations/hubspot-sync/objects/contacts/read`, {
      method: 'POST',
      headers: { Cookie: 'sid=alice', Origin: appOrigin, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(noHeader.status).toBe(403);
    const foreign = await runNow('alice', 'contacts', { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const form = await runNow('alice', 'contacts', { 'Content-Type': 'text/plain' });
    expect(form.status).toBe(415);
  });

  it('refuses a body naming a group', async () => {
    const response = await fetch(`${bff.url}/integrations/hubspot-sync/objects/contacts/read`, {
      method: 'POST',
      headers: browserHeaders('alice'),
      body: JSON.stringify({ groupRef: 'globex' }),
    });
    expect(response.status).toBe(400);
  });

  it('is rate-limited per session, with Retry-After', async () => {
    const limited = await startBff(service, { limits: { runNowPerWindow: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${limited.url}/integrations/hubspot-sync/objects/contacts/read`, {
          method: 'POST',
          headers: browserHeaders('carol'),
          body: '{}',
        });
        statuses.push(response.status);
        if (i === 2) expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([201, 201, 429]);
      // Another user of the same group has a budget of their own.
      const other = await fetch(`${limited.url}/integrations/hubspot-sync/objects/contacts/read`, {
        method: 'POST',
        headers: browserHeaders('alice'),
        body: '{}',
      });
      expect(other.status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('answers 501 when the server has no read URL configured', async () => {
    const withoutRead = await startBff({ baseUrl: service.baseUrl, searchUrl: service.searchUrl });
    try {
      const response = await fetch(`${withoutRead.url}/integrations/hubspot-sync/objects/contacts/read`, {
        method: 'POST',
        headers: browserHeaders('alice'),
        body: '{}',
      });
      expect(response.status).toBe(501);
    } finally {
      await withoutRead.close();
    }
  });
});

describe('GET /integrations/:integrationId/objects/:objectName/runs (run history)', () => {
  const runs = (user: string, objectName: string, query = '') =>
    fetch(`${bff.url}/integrations/hubspot-sync/objects/${objectName}/runs${query}`, {
      headers: browserHeaders(user),
    });

  it("lists the object's reads newest first: the Run now reads, then the backfill, each with its outcome", async () => {
    const response = await runs('alice', 'contacts');
    expect(response.status).toBe(200);
    const body = (await response.json()) as RunHistory;
    expect(runHistorySchema.safeParse(body).success).toBe(true);
    expect(body.objectName).toBe('contacts');
    const started = body.runs.map((run) => Date.parse(run.time));
    expect(started).toEqual([...started].sort((a, b) => b - a));
    expect(body.runs.filter((run) => run.readType === 'triggered').length).toBeGreaterThanOrEqual(2);
    const backfill = body.runs.at(-1);
    expect(backfill).toMatchObject({ readType: 'backfill', status: 'success' });
    expect(backfill?.recordsDelivered).toBeGreaterThan(0);
    expect(Date.parse(backfill?.endTime ?? '')).toBeGreaterThanOrEqual(Date.parse(backfill?.time ?? ''));
    // The reads of other objects are not this object's history.
    const deals = (await (await runs('alice', 'deals')).json()) as RunHistory;
    expect(deals.runs.every((run) => !body.runs.some((r) => r.operationId === run.operationId))).toBe(true);
  });

  it("shows a group only its own installation's runs: a group without one has none", async () => {
    const response = await runs('bob', 'contacts');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ objectName: 'contacts', runs: [] });
  });

  it('refuses a group named by the browser', async () => {
    expect((await runs('alice', 'contacts', '?groupRef=globex')).status).toBe(400);
  });
});
