/**
 * The read engine while its database cannot be reached for a moment (PostgreSQL restarting): a plan or a
 * read that meets `StoreUnavailableError` waits and is done once the database answers again. Neither may be
 * settled for good on the strength of the outage: an installation planned with no objects would read
 * nothing until its config changed, and a failed backfill would never deliver.
 *
 * The engine runs on its real SQLite stores and reads Acme's HubSpot (the emulator) through its connector. The outage is the repository
 * answering `getIntegration` with `StoreUnavailableError` (what the PostgreSQL store throws then): the one
 * moment that matters, between two statements, cannot be hit by stopping a real server. The full outage,
 * with a real PostgreSQL stopped under load, is reliability/test/pg-outage.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultManifestPath } from '../config.js';
import { type EmulatedProviders, startEmulatedProviders } from '../connectors/emulated-providers.fixture.js';
import { seedDemoData } from '../demo-data.js';
import { loadManifest } from '../manifest/load-manifest.js';
import { SecretBox } from '../oauth/crypto.js';
import { SqliteDestinationStore } from '../store/destination-store.js';
import type { Database, Installation, Repository } from '../store/index.js';
import { openDatabase, SqliteRepository, StoreUnavailableError } from '../store/index.js';
import { ReadEngine } from './read-engine.js';
import { SqliteOperationStore } from './sqlite-operation-store.js';

/** Acme's HubSpot account: 50 contacts, so a backfill of its whole history reads 50 records. */
let providers: EmulatedProviders;
beforeAll(async () => {
  providers = await startEmulatedProviders({ contacts: 50, companies: 5, deals: 5 });
});
afterAll(async () => {
  await providers?.close();
});

describe('the read engine while its database is unreachable', () => {
  let dir: string;
  let db: Database;
  let readsDb: Database;
  let engine: ReadEngine;
  let store: SqliteOperationStore;
  let installationId: string;
  /** The installation as inserted: what the create route hands the engine. */
  let installed: Installation;
  const outage = { on: false };
  const logged: string[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'splice-engine-unavailable-'));
    db = openDatabase(dir);
    readsDb = openDatabase(dir, { synchronous: 'NORMAL' });
    const repo = new SqliteRepository(db);
    await seedDemoData(repo, loadManifest(defaultManifestPath));
    const connectionId = 'conn-acme-hubspot';
    if (!(await repo.getConnection('demo', connectionId))) {
      await repo.insertConnection({
        id: connectionId,
        projectId: 'demo',
        provider: 'hubspot',
        groupRef: 'acme',
        consumerRef: 'acme-admin',
        providerWorkspaceRef: 'Acme Corp',
        status: 'working',
        authScheme: 'oauth2/authorizationCode',
        isDefault: true,
        // The emulated source reads with the tokens `grant` issued for the connection, not these.
        credentials: {},
      });
    }
    providers.grant('hubspot', connectionId);
    // The store as the engine sees it: unreachable for `getIntegration` while `outage.on`.
    const unreliable = new Proxy(repo, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        // Its methods use private fields: they run on the repository itself.
        if (property !== 'getIntegration') return value.bind(target);
        return (...args: unknown[]) =>
          outage.on
            ? Promise.reject(new StoreUnavailableError('the database cannot be reached'))
            : value.apply(target, args);
      },
    }) as Repository;
    store = new SqliteOperationStore(readsDb);
    engine = new ReadEngine({
      repo: unreliable,
      connectors: providers.source,
      store,
      destinations: new SqliteDestinationStore(db, new SecretBox(randomBytes(32))),
      timing: { tickMs: 20 },
      log: (message) => logged.push(message),
    });
    const integration = (await repo.getIntegration('demo', 'hubspot-sync'))!;
    const installation = await repo.insertInstallation({
      projectId: 'demo',
      integrationId: integration.id,
      groupRef: 'acme',
      connectionId,
      createdBy: 'api:test',
      config: {
        id: 'config-acme',
        revisionId: integration.revisionId,
        createTime: new Date().toISOString(),
        createdBy: 'api:test',
        content: {
          provider: 'hubspot',
          read: {
            objects: {
              contacts: {
                objectName: 'contacts',
                destination: 'contactsWebhook',
                schedule: '*/15 * * * *',
                backfill: { defaultPeriod: { fullHistory: true } },
                selectedFields: { email: true },
                selectedFieldMappings: {},
              },
            },
          },
        },
      },
    } as Parameters<Repository['insertInstallation']>[0]);
    installationId = installation.id;
    installed = installation;
    outage.on = false;
    logged.length = 0;
  });

  afterEach(async () => {
    await engine.stop();
    readsDb.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plans an installation once the database is back, not with no objects while it is down', async () => {
    outage.on = true;
    await expect(engine.installationChanged(installed)).rejects.toThrow(StoreUnavailableError);
    expect(await store.readObjects(installationId)).toEqual([]);
    outage.on = false;
    await engine.installationChanged(installed);
    const objects = (await store.readObjects(installationId)).map((object) => object.objectName);
    expect(objects).toContain('contacts');
  });

  it('keeps a backfill waiting while the database is down, and reads it once it is back', async () => {
    await engine.installationChanged(installed);
    const backfillId = (await store.readObjects(installationId)).find(
      (o) => o.objectName === 'contacts',
    )?.backfillOperationId;
    expect(backfillId).toBeDefined();
    outage.on = true;
    engine.start();
    // Many ticks of the reading loop meet the outage.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await store.getOperation(backfillId!)).toMatchObject({
      status: 'in_progress',
      recordsProcessed: 0,
    });
    outage.on = false;
    engine.wake();
    const deadline = Date.now() + 5_000;
    let operation = await store.getOperation(backfillId!);
    while (operation?.phase === 'reading' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      operation = await store.getOperation(backfillId!);
    }
    // Read to the end; its messages wait for the destination, which does not exist here.
    expect(operation).toMatchObject({ status: 'in_progress', phase: 'delivering', recordsProcessed: 50 });
    // The outage is told once, and its end once (by the reading loop's next look), however many ticks met it.
    while (logged.length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logged).toEqual([
      expect.stringMatching(/^the database cannot be reached \(.*\): reads and deliveries wait/),
      expect.stringMatching(/^the database answers again after \d+ s: reads and deliveries go on$/),
    ]);
  });
});
