/**
 * A read engine over a real SQLite store whose installations read HubSpot or Salesforce through their
 * emulators (`startEmulatedProviders`), delivering to a real webhook receiver. Each test installs one
 * integration of a catalog provider for a group with a connection whose tokens the emulator issued.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ManifestIntegration } from '@splice/schema';
import { defaultManifestPath } from '../src/config.js';
import type { ConnectorSource } from '../src/connectors/connector-source.js';
import type { EmulatedProviders } from '../src/connectors/emulated-providers.fixture.js';
import type { MemoryTokenSource } from '../src/connectors/memory-token-source.js';
import { seedDemoData } from '../src/demo-data.js';
import { loadManifest } from '../src/manifest/load-manifest.js';
import { SecretBox } from '../src/oauth/crypto.js';
import { DestinationAddressPolicy } from '../src/reads/destination-address.js';
import type { ReadOperation } from '../src/reads/operation-store.js';
import { ReadEngine } from '../src/reads/read-engine.js';
import { SqliteOperationStore } from '../src/reads/sqlite-operation-store.js';
import type { ReadTiming } from '../src/reads/timing.js';
import { SqliteDestinationStore } from '../src/store/destination-store.js';
import type { Database, Installation } from '../src/store/index.js';
import { openDatabase, SqliteRepository } from '../src/store/index.js';
import { startWebhookReceiver, type WebhookReceiver, waitFor } from './webhook-receiver.js';

export type CatalogProvider = 'hubspot' | 'salesforce';

const secret = 'whsec_placeholderplaceholderplaceholder00=';

/** The provider's contact object and a few of its real fields. */
export const contactObject: Record<CatalogProvider, { objectName: string; fields: string[] }> = {
  hubspot: { objectName: 'contacts', fields: ['email', 'firstname', 'lastname'] },
  salesforce: { objectName: 'Contact', fields: ['Email', 'FirstName', 'LastName'] },
};

let worlds = 0;

export interface ConnectorReadsWorld {
  dir: string;
  db: Database;
  readsDb: Database;
  repo: SqliteRepository;
  store: SqliteOperationStore;
  destinations: SqliteDestinationStore;
  receiver: WebhookReceiver;
  installation: Installation;
  tokens: MemoryTokenSource;
  /**
   * A new engine on the same stores (a restarted service), started; its connectors come from `connectors`
   * (default: the emulators' source over the tokens `grant` issued).
   */
  startEngine(timing?: Partial<ReadTiming>, connectors?: ConnectorSource): ReadEngine;
  close(): Promise<void>;
}

export async function connectorReadsWorld(
  emulated: EmulatedProviders,
  provider: CatalogProvider,
  /**
   * `allFields`: the installation reads every field of the object; `fields`: these instead of the few
   * `contactObject` names.
   */
  options: { allFields?: boolean; fields?: string[] } = {},
): Promise<ConnectorReadsWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'splice-connector-reads-'));
  const db = openDatabase(dir);
  const readsDb = openDatabase(dir, { synchronous: 'NORMAL' });
  const repo = new SqliteRepository(db);
  await seedDemoData(repo, loadManifest(defaultManifestPath));
  const { objectName } = contactObject[provider];
  const fields = options.fields ?? contactObject[provider].fields;
  const integrationName = `${provider}-sync`;
  const manifest = {
    name: integrationName,
    displayName: `${provider} sync`,
    provider,
    read: {
      objects: [
        {
          objectName,
          displayName: 'Contacts',
          destination: 'contactsWebhook',
          schedule: '*/15 * * * *',
          requiredFields: fields.map((fieldName) => ({ fieldName, displayName: fieldName })),
          backfill: { defaultPeriod: { fullHistory: true } },
        },
      ],
    },
  } as unknown as ManifestIntegration;
  const integration = await repo.upsertIntegration({
    id: integrationName,
    projectId: 'demo',
    name: integrationName,
    provider,
    specVersion: '1.0.0',
    content: manifest,
  });
  // A new id per world: the HTTP layer remembers the status it last reported per connection id.
  const connectionId = `conn-${provider}-acme-${++worlds}`;
  await repo.insertConnection({
    id: connectionId,
    projectId: 'demo',
    provider,
    groupRef: 'acme',
    consumerRef: 'acme-admin',
    status: 'working',
    authScheme: 'oauth2/authorizationCode',
    isDefault: true,
    credentials: {},
  });
  const tokens = emulated.grant(provider, connectionId);
  const installation = await repo.insertInstallation({
    projectId: 'demo',
    integrationId: integration.id,
    groupRef: 'acme',
    connectionId,
    createdBy: 'api:test',
    config: {
      id: `config-${provider}`,
      revisionId: integration.revisionId,
      createTime: new Date().toISOString(),
      createdBy: 'api:test',
      content: {
        provider,
        read: {
          objects: {
            [objectName]: {
              objectName,
              destination: 'contactsWebhook',
              schedule: '*/15 * * * *',
              backfill: { defaultPeriod: { fullHistory: true } },
              ...(options.allFields
                ? { selectedFieldsAuto: 'all' }
                : { selectedFields: Object.fromEntries(fields.map((name) => [name, true])) }),
              selectedFieldMappings: {},
            },
          },
        },
      },
    },
  } as Parameters<SqliteRepository['insertInstallation']>[0]);
  const store = new SqliteOperationStore(readsDb);
  const destinations = new SqliteDestinationStore(db, new SecretBox(randomBytes(32)));
  const receiver = await startWebhookReceiver(secret);
  await destinations.insert({
    projectId: 'demo',
    name: 'contactsWebhook',
    metadata: { url: receiver.url },
    signingSecret: secret,
  });
  const engines: ReadEngine[] = [];
  return {
    dir,
    db,
    readsDb,
    repo,
    store,
    destinations,
    receiver,
    installation,
    tokens,
    startEngine(timing = {}, connectors = emulated.source) {
      const engine = new ReadEngine({
        repo,
        connectors,
        store,
        destinations,
        timing: { tickMs: 20, retryBaseMs: 20, retryMaxMs: 200, parkMs: 50, pageSize: 50, ...timing },
        delivery: { addresses: new DestinationAddressPolicy(['loopback']) },
        log: () => undefined,
      });
      engine.start();
      engines.push(engine);
      return engine;
    },
    async close() {
      for (const engine of engines) await engine.stop();
      await receiver.close();
      readsDb.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The operation once it is done (success or failure), or throws after `timeoutMs`. */
export function operationDone(
  world: ConnectorReadsWorld,
  operationId: string,
  timeoutMs = 20_000,
): Promise<ReadOperation> {
  return waitFor(
    async () => {
      const operation = await world.store.getOperation(operationId);
      return operation?.phase === 'done' ? operation : undefined;
    },
    timeoutMs,
    `operation ${operationId} to finish`,
  );
}

/** How many times each record id arrived, over every accepted delivery (redeliveries included). */
export function arrivalsPerRecord(receiver: WebhookReceiver, operationId?: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const arrival of receiver.arrivals) {
    if (operationId && arrival.body.operationId !== operationId) continue;
    for (const entry of arrival.body.result as { id: string }[]) {
      counts.set(entry.id, (counts.get(entry.id) ?? 0) + 1);
    }
  }
  return counts;
}
