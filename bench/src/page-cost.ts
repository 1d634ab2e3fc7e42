/**
 * `pnpm --filter @splice/bench page-cost [--contacts=100000] [--rounds=5]`: the CPU a backfill spends
 * shaping a connector's pages into signed-ready message bodies (the read engine's `messagesOf`, the same
 * for every provider), measured in one thread with `process.cpuUsage`, so the figure holds on a busy
 * machine. The pages are read once, before the rounds, from the HubSpot emulator through the service's
 * HubSpot connector (every property, as a full-history read with the demo's recommended config asks);
 * every round then shapes all of them with that config (field and value mappings) and the manifest's
 * contacts object, as `backfill_records_per_s_http` does. Reading is left out: its CPU would be the
 * emulator's as much as the connector's in this one process.
 *
 * It also prints a digest of the bodies with their message ids blanked: a change meant to be faster only
 * must leave it as it was.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHubSpotEmulator } from '@splice/provider-emulators';
import type { ProviderRecord } from '@splice/service';
import {
  createConnectorSource,
  defaultManifestPath,
  defaultReadTiming,
  loadManifest,
  loadSecretKey,
  messagesOf,
  openDatabase,
  providerAppsFromEnv,
  providerCatalog,
  SecretBox,
  SqliteRepository,
  seedDemoData,
} from '@splice/service';
import { recommendedCrmReads } from '@splice/service/demo-fixtures';
import { toolArg } from './bff-setup.js';
import { hubSpotConnection, storedTokensOf } from './hubspot-connection.js';
import { median } from './stats.js';

const contacts = toolArg('contacts', 100_000);
const rounds = toolArg('rounds', 5);
const { integration, contacts: contactsRead } = recommendedCrmReads.hubspot;

const dataDir = mkdtempSync(join(tmpdir(), 'splice-page-cost-'));
const emulator = await startHubSpotEmulator({
  counts: { contacts, companies: 50, deals: 50 },
  rateLimit: { max: Number.MAX_SAFE_INTEGER },
});
try {
  const db = openDatabase(dataDir);
  const repo = new SqliteRepository(db);
  const manifest = loadManifest(defaultManifestPath);
  await seedDemoData(repo, manifest);
  const secrets = new SecretBox(loadSecretKey(dataDir));
  const connection = await repo.insertConnection({
    ...hubSpotConnection(secrets, 'acme', storedTokensOf(emulator.issueTokens())),
    id: 'conn-acme-hubspot',
  });
  const connector = createConnectorSource({
    repo,
    catalog: providerCatalog(providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: emulator.url })),
    secrets,
  }).forConnection(connection);
  const [metadata] = await connector.listObjectMetadata(['contacts']);
  const fields = Object.keys(metadata?.fields ?? {}).filter((name) => name !== 'id');
  const pages: ProviderRecord[][] = [];
  for (let cursor: string | undefined; ; ) {
    const page = await connector.readPage({
      objectName: 'contacts',
      fields,
      untilMs: Date.now(),
      ...(cursor === undefined ? {} : { cursor }),
      pageSize: defaultReadTiming.pageSize,
    });
    pages.push(page.records);
    if (page.done || page.nextCursor === undefined) break;
    cursor = page.nextCursor;
  }
  const manifestObject = manifest.integrations
    .find((candidate) => candidate.name === integration)
    ?.read.objects.find((object) => object.objectName === 'contacts');
  const request = {
    shaping: {
      objectConfig: contactsRead,
      ...(manifestObject ? { manifestObject } : {}),
    },
    envelope: {
      projectId: 'demo',
      provider: 'hubspot',
      groupRef: 'acme',
      groupName: 'Acme',
      installationId: 'installation-1',
      installationUpdateTime: '2026-11-23T00:00:00.000Z',
      objectName: 'contacts',
      consumerRef: 'bench',
      consumerName: 'bench',
      operationId: 'operation-1',
      readType: 'backfill',
      operationTime: '2026-11-23T00:00:00.000Z',
    },
    destinationName: 'bench',
    maxMessageBytes: defaultReadTiming.maxMessageBytes,
    // One chunk per page: the pauses between chunks would only add timer turns to the figure.
    buildChunk: defaultReadTiming.pageSize,
  } as Parameters<typeof messagesOf>[1];

  const readAll = async () => {
    const digest = createHash('sha256');
    let records = 0;
    let messages = 0;
    for (const page of pages) {
      for (const message of await messagesOf(page, request)) {
        digest.update(message.body.replace(message.id, 'msg'));
        messages++;
      }
      records += page.length;
    }
    return { records, messages, digest: digest.digest('hex').slice(0, 16) };
  };

  await readAll(); // warm-up: JIT
  const perThousand: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    const { records, messages, digest } = await readAll();
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000;
    perThousand.push((ms / records) * 1000);
    console.log(
      `round ${round + 1}: ${records} records in ${messages} messages, ${ms.toFixed(0)} ms CPU ` +
        `(${((ms / records) * 1000).toFixed(1)} ms per 1,000 records), bodies ${digest}`,
    );
  }
  console.log(`median: ${median(perThousand).toFixed(1)} ms CPU per 1,000 records`);
  db.close();
} finally {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
}
