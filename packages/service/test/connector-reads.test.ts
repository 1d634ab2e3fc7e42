/**
 * The read engine reading catalog providers through their connectors, against the HubSpot and Salesforce
 * emulators over real HTTP, on a real SQLite store, delivering to a real webhook receiver: backfills
 * deliver every contact exactly once, a restarted engine resumes at the stored cursor, an incremental read
 * delivers just the changed records, a rate limit slows a read without failing it, and a revoked grant
 * holds the read at its cursor until the connection is reconnected.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../src/config.js';
import { providerCatalog } from '../src/connectors/catalog.js';
import {
  type EmulatedProviders,
  startEmulatedProviders,
} from '../src/connectors/emulated-providers.fixture.js';
import { dataPath } from '../src/connectors/salesforce/salesforce-api.js';
import { createConnectorSource } from '../src/connectors/store-connector-source.js';
import { SecretBox } from '../src/oauth/crypto.js';
import { sealCredentials } from '../src/oauth/sealed-credentials.js';
import { readUntil } from '../src/reads/read-plan.js';
import {
  arrivalsPerRecord,
  type CatalogProvider,
  type ConnectorReadsWorld,
  connectorReadsWorld,
  contactObject,
  operationDone,
} from './connector-reads.fixture.js';
import { waitFor } from './webhook-receiver.js';

const contacts = 300;
let emulated: EmulatedProviders;
let world: ConnectorReadsWorld | undefined;

beforeAll(async () => {
  emulated = await startEmulatedProviders({ contacts, companies: 5, deals: 5 });
});
afterAll(() => emulated.close());
afterEach(async () => {
  await world?.close();
  world = undefined;
  emulated.hubspot.rateLimit.max = 1_000_000;
  emulated.hubspot.faults.errorRate = 0;
  emulated.hubspot.faults.malformedRate = 0;
});

/** Every contact id the emulator holds, listed over its own API (not through the connector). */
async function emulatorContactIds(provider: CatalogProvider, accessToken: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const ids: string[] = [];
  if (provider === 'hubspot') {
    let after: string | undefined;
    do {
      const url = `${emulated.hubspot.url}/crm/v3/objects/contacts?limit=100${after ? `&after=${after}` : ''}`;
      const page = (await (await fetch(url, { headers })).json()) as {
        results: { id: string }[];
        paging?: { next?: { after: string } };
      };
      ids.push(...page.results.map((record) => record.id));
      after = page.paging?.next?.after;
    } while (after);
    return ids;
  }
  let next: string | undefined = `${dataPath}/query?q=${encodeURIComponent('SELECT Id FROM Contact')}`;
  while (next) {
    const page = (await (await fetch(`${emulated.salesforce.url}${next}`, { headers })).json()) as {
      records: { Id: string }[];
      nextRecordsUrl?: string;
    };
    ids.push(...page.records.map((record) => record.Id));
    next = page.nextRecordsUrl;
  }
  return ids;
}

/** Changes a contact's first name over the emulator's own API. */
async function renameContact(provider: CatalogProvider, accessToken: string, id: string, name: string) {
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const res =
    provider === 'hubspot'
      ? await fetch(`${emulated.hubspot.url}/crm/v3/objects/contacts/${id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ properties: { firstname: name } }),
        })
      : await fetch(`${emulated.salesforce.url}${dataPath}/sobjects/Contact/${id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ FirstName: name }),
        });
  expect(res.ok).toBe(true);
}

async function backfillOf(w: ConnectorReadsWorld, objectName: string): Promise<string> {
  const state = await w.store.getReadObject(w.installation.id, objectName);
  expect(state?.backfillOperationId).toBeDefined();
  return state!.backfillOperationId!;
}

describe.each(['hubspot', 'salesforce'] as const)('reads of %s through its connector', (provider) => {
  const { objectName, fields } = contactObject[provider];

  it('backfills every contact exactly once to the receiver, with the fields the installation reads', async () => {
    world = await connectorReadsWorld(emulated, provider);
    const engine = world.startEngine();
    await engine.installationChanged(world.installation);
    const operation = await operationDone(world, await backfillOf(world, objectName));
    // The provider counted the read on its first page: the backfill's progress has a total.
    expect(operation).toMatchObject({
      status: 'success',
      recordsProcessed: contacts,
      recordsEstimatedTotal: contacts,
    });
    const expected = await emulatorContactIds(provider, (await world.tokens.current()).accessToken);
    expect(expected).toHaveLength(contacts);
    const counts = arrivalsPerRecord(world.receiver);
    expect([...counts.keys()].sort()).toEqual([...expected].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(world.receiver.badSignatures).toBe(0);
    const [first] = world.receiver.arrivals;
    expect(first?.body).toMatchObject({ provider, objectName, readType: 'backfill' });
    expect(Object.keys(first?.body.result[0].fields).sort()).toEqual([...fields].sort());
  });

  it('reads every field the provider describes when the installation reads all fields', async () => {
    world = await connectorReadsWorld(emulated, provider, { allFields: true });
    const engine = world.startEngine();
    await engine.installationChanged(world.installation);
    const operation = await operationDone(world, await backfillOf(world, objectName));
    expect(operation).toMatchObject({ status: 'success', recordsProcessed: contacts });
    const shown = new Set(
      world.receiver.arrivals.flatMap((arrival) =>
        (arrival.body.result as { fields: Record<string, unknown> }[]).flatMap((r) => Object.keys(r.fields)),
      ),
    );
    // More than the few fields a selecting installation gets: the object's described fields.
    for (const field of fields) expect(shown).toContain(field);
    expect(shown.size).toBeGreaterThan(fields.length + 3);
  });

  it('delivers just the records changed since the backfill in an incremental read', async () => {
    world = await connectorReadsWorld(emulated, provider);
    const engine = world.startEngine();
    await engine.installationChanged(world.installation);
    const backfill = await operationDone(world, await backfillOf(world, objectName));
    const accessToken = (await world.tokens.current()).accessToken;
    const changed = (await emulatorContactIds(provider, accessToken)).slice(10, 13);
    for (const id of changed) await renameContact(provider, accessToken, id, 'Renamed');
    const changedAt = Date.now();
    // A read ends a second behind the clock, on a whole second (readUntil): wait until it covers the changes.
    await waitFor(() => readUntil(Date.now()) > changedAt, 5_000, 'the changes to be readable');
    const operationId = await engine.trigger({
      installation: world.installation,
      objectName,
      sinceTime: backfill.untilTime,
    });
    const operation = await operationDone(world, operationId);
    expect(operation).toMatchObject({
      status: 'success',
      recordsProcessed: changed.length,
      recordsEstimatedTotal: changed.length,
    });
    const counts = arrivalsPerRecord(world.receiver, operationId);
    expect([...counts.keys()].sort()).toEqual([...changed].sort());
    const renamed = world.receiver.arrivals
      .filter((arrival) => arrival.body.operationId === operationId)
      .flatMap((arrival) => arrival.body.result as { fields: Record<string, unknown> }[]);
    const firstName = provider === 'hubspot' ? 'firstname' : 'FirstName';
    expect(renamed.map((record) => record.fields[firstName])).toEqual(changed.map(() => 'Renamed'));
  });
});

describe('a connector read across trouble', () => {
  it('resumes at the stored cursor after a restart and delivers nothing twice', async () => {
    world = await connectorReadsWorld(emulated, 'hubspot');
    // One message in flight and a slow receiver: the engine is stopped mid-read.
    world.receiver.fault = () => ({ kind: 'slow', ms: 30 });
    const first = world.startEngine({
      pageSize: 20,
      deliveryWindow: 1,
      deliveryConcurrency: 1,
      maxPendingPerStream: 2,
    });
    await first.installationChanged(world.installation);
    const operationId = await backfillOf(world, 'contacts');
    const w = world;
    const midway = await waitFor(
      async () => {
        const operation = await w.store.getOperation(operationId);
        return operation && operation.recordsProcessed >= 60 ? operation : undefined;
      },
      20_000,
      'a few pages read',
    );
    expect(midway.cursor).toBeDefined();
    await first.stop();
    const stopped = (await world.store.getOperation(operationId))!;
    expect(stopped.phase).toBe('reading');
    expect(stopped.recordsProcessed).toBeLessThan(contacts);
    world.receiver.fault = () => ({ kind: 'ok' });
    world.startEngine({ pageSize: 20 });
    const operation = await operationDone(world, operationId);
    expect(operation).toMatchObject({ status: 'success', recordsProcessed: contacts });
    const counts = arrivalsPerRecord(world.receiver);
    expect(counts.size).toBe(contacts);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('waits out a rate limit and completes the read', async () => {
    world = await connectorReadsWorld(emulated, 'hubspot');
    emulated.hubspot.rateLimit.max = 3;
    emulated.hubspot.rateLimit.intervalMs = 300;
    const engine = world.startEngine({ pageSize: 20 });
    const started = Date.now();
    await engine.installationChanged(world.installation);
    const operation = await operationDone(world, await backfillOf(world, 'contacts'), 30_000);
    expect(operation).toMatchObject({ status: 'success', recordsProcessed: contacts, errors: [] });
    // 15 pages at 3 requests per 300 ms cannot be read in less than about 1.2 s.
    expect(Date.now() - started).toBeGreaterThan(1_200);
    expect(arrivalsPerRecord(world.receiver).size).toBe(contacts);
  });

  it('tries pages again when the provider answers 502 or an HTML page, and reads every contact once', async () => {
    world = await connectorReadsWorld(emulated, 'hubspot');
    emulated.hubspot.faults.errorRate = 0.2;
    emulated.hubspot.faults.malformedRate = 0.1;
    const engine = world.startEngine({ pageSize: 20 });
    await engine.installationChanged(world.installation);
    const operation = await operationDone(world, await backfillOf(world, 'contacts'), 30_000);
    expect(operation).toMatchObject({ status: 'success', recordsProcessed: contacts, errors: [] });
    // The history names each class of fault met; none is waited out any more.
    expect(operation.providerFaults?.counts).toMatchObject({
      server_error: expect.any(Number),
      malformed_answer: expect.any(Number),
    });
    expect(operation.providerFaults?.waiting).toBeUndefined();
    const counts = arrivalsPerRecord(world.receiver);
    expect(counts.size).toBe(contacts);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('fails the read saying what went wrong once the provider stays unavailable', async () => {
    world = await connectorReadsWorld(emulated, 'hubspot');
    emulated.hubspot.faults.errorRate = 1;
    const engine = world.startEngine({ providerRetryForMs: 600 });
    await engine.installationChanged(world.installation);
    const operation = await operationDone(world, await backfillOf(world, 'contacts'));
    expect(operation.status).toBe('failure');
    expect(operation.errors[0]).toMatch(/^HubSpot is not answering \(server errors\): \d+ tries over \d+ s/);
    // The operation's history names the class of fault it met, as many times as it tried.
    expect(operation.providerFaults?.counts.server_error).toBeGreaterThan(2);
  });

  it("fails the read with the provider's reason when it refuses the request (a field Salesforce lacks)", async () => {
    world = await connectorReadsWorld(emulated, 'salesforce', { fields: ['Email', 'NoSuchField__c'] });
    const engine = world.startEngine();
    await engine.installationChanged(world.installation);
    const operation = await operationDone(world, await backfillOf(world, 'Contact'));
    expect(operation.status).toBe('failure');
    expect(operation.errors[0]).toMatch(/^Salesforce refused the read: .*NoSuchField__c/);
    expect(world.receiver.arrivals).toHaveLength(0);
  });

  it('waits at its cursor when the grant is revoked mid-read, and after a reconnect delivers the rest once', async () => {
    world = await connectorReadsWorld(emulated, 'hubspot');
    const w = world;
    // A slow receiver and few messages ahead: the grant is revoked with most of the read still to come.
    w.receiver.fault = () => ({ kind: 'slow', ms: 30 });
    const engine = w.startEngine({ pageSize: 20, deliveryWindow: 1, maxPendingPerStream: 2 });
    await engine.installationChanged(w.installation);
    const operationId = await backfillOf(w, 'contacts');
    await waitFor(
      async () => ((await w.store.getOperation(operationId))?.recordsProcessed ?? 0) >= 60,
      20_000,
      'a few pages read',
    );
    expect(emulated.hubspot.revokeGrant((await w.tokens.current()).accessToken)).toBe(true);
    await waitFor(
      () => w.tokens.reports.some((report) => report.status === 'bad_credentials'),
      10_000,
      'the connection reported bad_credentials',
    );
    await waitFor(
      async () =>
        (await w.store.getOperation(operationId))?.providerFaults?.waiting?.faultClass === 'auth_revoked',
      10_000,
      'the read waiting for a reconnect',
    );
    const waiting = (await w.store.getOperation(operationId))!;
    expect(waiting).toMatchObject({ status: 'in_progress', phase: 'reading', errors: [] });
    expect(waiting.recordsProcessed).toBeLessThan(contacts);
    expect(waiting.cursor).toBeDefined();
    // A reconnect: new tokens for the same connection.
    w.receiver.fault = () => ({ kind: 'ok' });
    emulated.grant('hubspot', w.installation.connectionId);
    const operation = await operationDone(w, operationId);
    expect(operation).toMatchObject({ status: 'success', recordsProcessed: contacts });
    const counts = arrivalsPerRecord(w.receiver);
    expect(counts.size).toBe(contacts);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('marks a stored connection bad_credentials when its grant is revoked, and reads on once it is reconnected', async () => {
    world = await connectorReadsWorld(emulated, 'hubspot');
    const w = world;
    const secrets = new SecretBox(randomBytes(32));
    const connectionId = w.installation.connectionId;
    // What a finished connect flow leaves: the emulator's tokens sealed in the connection.
    const connect = async () => {
      const issued = emulated.hubspot.issueTokens();
      await w.repo.updateConnection('demo', connectionId, {
        status: 'created',
        credentials: sealCredentials(secrets, {
          accessToken: issued.accessToken,
          refreshToken: issued.refreshToken,
          expiresAtMs: Date.now() + issued.expiresIn * 1000,
        }),
      });
      return issued.accessToken;
    };
    const firstToken = await connect();
    const connectors = createConnectorSource({
      repo: w.repo,
      catalog: providerCatalog(providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: emulated.hubspot.url })),
      secrets,
    });
    emulated.hubspot.revokeGrant(firstToken);
    const engine = w.startEngine({}, connectors);
    await engine.installationChanged(w.installation);
    const operationId = await backfillOf(w, 'contacts');
    await waitFor(
      async () => (await w.repo.getConnection('demo', connectionId))?.status === 'bad_credentials',
      10_000,
      'the stored connection marked bad_credentials',
    );
    expect(await w.store.getOperation(operationId)).toMatchObject({
      status: 'in_progress',
      phase: 'reading',
      recordsProcessed: 0,
    });
    expect(w.receiver.arrivals).toHaveLength(0);

    await connect();
    expect(await operationDone(w, operationId)).toMatchObject({
      status: 'success',
      recordsProcessed: contacts,
    });
    expect(arrivalsPerRecord(w.receiver, operationId).size).toBe(contacts);
    expect((await w.repo.getConnection('demo', connectionId))?.status).toBe('working');
  });
});
