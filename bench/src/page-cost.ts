/**
 * `pnpm --filter @splice/bench page-cost [--contacts=100000] [--rounds=5]`: the CPU a backfill spends
 * reading and shaping pages (the read engine's page worker: sandbox rows to signed-ready message bodies),
 * measured in one thread with `process.cpuUsage`, so the figure holds on a busy machine. Every round
 * builds every page of a full-history read of all contacts with the demo's recommended config (field and
 * value mappings) and the manifest's contacts object, as `backfill_records_per_s` does.
 *
 * It also prints a digest of the bodies with their message ids blanked: a change meant to be faster only
 * must leave it as it was.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageRequest } from '@splice/service';
import {
  createSandboxProvider,
  defaultManifestPath,
  defaultReadTiming,
  inThreadPageBuilder,
  loadManifest,
  openDatabase,
} from '@splice/service';
import { recommendedContent } from '@splice/service/demo-fixtures';
import { toolArg } from './bff-setup.js';
import { median } from './stats.js';

const contacts = toolArg('contacts', 100_000);
const rounds = toolArg('rounds', 5);

const dataDir = mkdtempSync(join(tmpdir(), 'splice-page-cost-'));
try {
  const db = openDatabase(dataDir);
  const provider = createSandboxProvider(db, { contacts });
  const pages = inThreadPageBuilder(provider);
  const manifestObject = loadManifest(defaultManifestPath)
    .integrations.find((integration) => integration.name === 'crm-sync')
    ?.read.objects.find((object) => object.objectName === 'contacts');
  const request: PageRequest = {
    objectName: 'contacts',
    window: { untilMs: Date.now(), conditions: [] },
    afterId: 0,
    limit: defaultReadTiming.pageSize,
    shaping: {
      objectConfig: recommendedContent().read.objects.contacts,
      ...(manifestObject ? { manifestObject } : {}),
    },
    envelope: {
      projectId: 'demo',
      provider: 'sandboxcrm',
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
  };

  const readAll = async () => {
    const digest = createHash('sha256');
    let records = 0;
    let messages = 0;
    for (let afterId = 0; ; ) {
      const page = await pages.build({ ...request, afterId });
      for (const message of page.messages) {
        digest.update(message.body.replace(message.id, 'msg'));
        messages++;
      }
      records += page.records;
      if (page.records < request.limit) break;
      afterId = page.lastId;
    }
    return { records, messages, digest: digest.digest('hex').slice(0, 16) };
  };

  await readAll(); // warm-up: JIT, SQLite's page cache
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
  rmSync(dataDir, { recursive: true, force: true });
}
