/**
 * The embedded service with its read engine, in a process of its own, for the read benchmarks.
 * Environment:
 *   BENCH_DATA_DIR       the SQLite data directory (a temp dir)
 *   BENCH_CONTACTS       sandbox contacts to generate on first start
 *   BENCH_SCHEDULED      installations `bench-g<n>` to create before start, each reading contacts every minute
 * Sends `{ type: 'ready', url, apiKey }` over IPC once it listens; with BENCH_SCHEDULED, once the first
 * minute boundary after start has passed and every installation's read started, sends
 * `{ type: 'lateness', lateMs: number[] }` (operation start minus its cron time, per installation).
 */
import {
  defaultManifestPath,
  loadManifest,
  openDatabase,
  SqliteRepository,
  seedDemoData,
  startService,
} from '@splice/service';
import { benchGroupRef } from './groups.js';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('Set BENCH_DATA_DIR.');
const contacts = Number(process.env.BENCH_CONTACTS ?? 10_000);
const scheduled = Number(process.env.BENCH_SCHEDULED ?? 0);

if (scheduled > 0) {
  const db = openDatabase(dataDir);
  const repo = new SqliteRepository(db);
  seedDemoData(repo, loadManifest(defaultManifestPath));
  const integration = repo.getIntegration('demo', 'crm-sync')!;
  const now = new Date().toISOString();
  repo.transaction(() => {
    for (let index = 0; index < scheduled; index++) {
      const groupRef = benchGroupRef(index);
      repo.upsertGroup({ projectId: 'demo', groupRef, groupName: `Bench group ${index}` });
      const connection = repo.insertConnection({
        projectId: 'demo',
        provider: 'sandboxcrm',
        groupRef,
        consumerRef: `${groupRef}-admin`,
        status: 'working',
        authScheme: 'oauth2/authorizationCode',
        isDefault: true,
        credentials: {},
      });
      repo.insertInstallation({
        projectId: 'demo',
        integrationId: integration.id,
        groupRef,
        connectionId: connection.id,
        createdBy: 'api:bench',
        config: {
          id: `config-${groupRef}`,
          revisionId: integration.revisionId,
          createTime: now,
          createdBy: 'api:bench',
          content: {
            provider: 'sandboxcrm',
            read: {
              objects: {
                contacts: {
                  objectName: 'contacts',
                  destination: 'contactsWebhook',
                  schedule: '* * * * *',
                  backfill: { defaultPeriod: { days: 0 } },
                  selectedFields: {},
                  selectedFieldMappings: {},
                },
                // deals are `enabled: always`; keep them quiet so only contacts are measured.
                deals: { objectName: 'deals', disabled: true, selectedFields: {}, selectedFieldMappings: {} },
              },
            },
          },
        },
      } as Parameters<typeof repo.insertInstallation>[0]);
    }
  });
  db.close();
}

const service = await startService({ port: 0, dataDir, contacts, sandboxActivity: 0 });
process.send?.({ type: 'ready', url: service.url, apiKey: service.apiKey });

if (scheduled > 0) {
  const db = openDatabase(dataDir);
  // Readings start at the second minute boundary: by then every installation is planned.
  const firstBoundary = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
  const timer = setInterval(() => {
    if (Date.now() < firstBoundary + 2_000) return;
    const rows = db
      .prepare(
        `SELECT create_time, scheduled_time FROM read_operations
         WHERE read_type = 'scheduled' AND scheduled_time = ?`,
      )
      .all(new Date(firstBoundary).toISOString()) as Array<{ create_time: string; scheduled_time: string }>;
    if (rows.length < scheduled && Date.now() < firstBoundary + 30_000) return;
    clearInterval(timer);
    process.send?.({
      type: 'lateness',
      lateMs: rows.map((row) => Date.parse(row.create_time) - Date.parse(row.scheduled_time)),
      expected: scheduled,
    });
  }, 500);
}

const stop = () => void service.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
