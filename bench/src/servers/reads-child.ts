/**
 * The embedded service with its read engine, in a process of its own, for the read benchmarks.
 * Environment:
 *   BENCH_DATA_DIR       the SQLite data directory (a temp dir)
 *   BENCH_CONTACTS       sandbox contacts to generate on first start
 *   BENCH_SCHEDULED      installations `bench-g<n>` to create before start, each reading contacts every minute
 * Sends `{ type: 'ready', url, apiKey }` over IPC once it listens; with BENCH_SCHEDULED, once the measured
 * minute has passed and every installation's read of it finished (or 50 s later), sends
 * `{ type: 'lateness', lateMs, finishedMs }`: each read's start and finish minus its cron time.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
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
  await seedDemoData(repo, loadManifest(defaultManifestPath));
  const integration = (await repo.getIntegration('demo', 'crm-sync'))!;
  const now = new Date().toISOString();
  await repo.transaction(async (tx) => {
    for (let index = 0; index < scheduled; index++) {
      const groupRef = benchGroupRef(index);
      await tx.upsertGroup({ projectId: 'demo', groupRef, groupName: `Bench group ${index}` });
      const connection = await tx.insertConnection({
        projectId: 'demo',
        provider: 'sandboxcrm',
        groupRef,
        consumerRef: `${groupRef}-admin`,
        status: 'working',
        authScheme: 'oauth2/authorizationCode',
        isDefault: true,
        credentials: {},
      });
      await tx.insertInstallation({
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
      } as Parameters<typeof tx.insertInstallation>[0]);
    }
  });
  db.close();
}

const service = await startService({
  port: 0,
  dataDir,
  contacts,
  sandboxActivity: 0,
  runReads: true,
  // The bench's receiver listens on this machine.
  allowPrivateDestinations: ['loopback'],
});
process.send?.({ type: 'ready', url: service.url, apiKey: service.apiKey });

// The longest stall of this process's event loop from here on (the sandbox's generation is over), sent
// every half second: the bench takes the first report after the backfill's last record arrived.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
setInterval(
  () =>
    process.send?.({
      type: 'event-loop',
      maxMs: loopDelay.max / 1e6,
      p99Ms: loopDelay.percentile(99) / 1e6,
    }),
  500,
).unref();

if (scheduled > 0) {
  const db = openDatabase(dataDir);
  const at = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);
  // The measured minute is the first boundary at least 5 s after every installation is planned (so each
  // one's next run is that boundary, whatever minute the service started in).
  let boundary: number | undefined;
  const timer = setInterval(() => {
    if (boundary === undefined) {
      const planned = db.prepare('SELECT count(*) FROM read_plans').pluck().get() as number;
      if (planned < scheduled) return;
      boundary = Math.ceil((Date.now() + 5_000) / 60_000) * 60_000;
      return;
    }
    if (Date.now() < boundary + 2_000) return;
    const rows = db
      .prepare(
        `SELECT create_time, end_time FROM read_operations
         WHERE read_type = 'scheduled' AND scheduled_time = ?`,
      )
      .all(new Date(boundary).toISOString()) as Array<{ create_time: string; end_time: string | null }>;
    const finished = rows.filter((row) => row.end_time !== null).length;
    if ((rows.length < scheduled || finished < scheduled) && Date.now() < boundary + 50_000) return;
    clearInterval(timer);
    process.send?.({
      type: 'lateness',
      // Started: the operation's creation, stamped when the engine actually created it.
      lateMs: rows.map((row) => at(row.create_time) - boundary!),
      // Finished: read and every message settled (these reads find nothing new, so no messages).
      finishedMs: rows.map((row) => at(row.end_time) - boundary!).filter((ms) => Number.isFinite(ms)),
      expected: scheduled,
    });
    // Every 3 s: the query runs in the service's own process and would otherwise eat into what it measures.
  }, 3_000);
}

const stop = () => void service.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
