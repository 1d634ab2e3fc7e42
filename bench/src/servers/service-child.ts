/**
 * The embedded service in a process of its own, reading HubSpot (the emulator of
 * ./hubspot-emulator-child.ts) over HTTP through its connector. Environment:
 *   BENCH_DATA_DIR       the SQLite data directory (a temp dir); the key sealing tokens lives there
 *   BENCH_HUBSPOT_URL    the HubSpot emulator
 *   BENCH_GRANTS_FILE    the emulator's grants (JSON array of tokens): Acme's first, stored as its working
 *                        connection at start (`demoConnections`), then one per extra group
 *   BENCH_EXTRA_GROUPS   groups `bench-g<n>` to add before start, each with a working HubSpot connection
 *   BENCH_SCHEDULED      of those, how many get an installation reading contacts every minute
 *   BENCH_READS          `on` runs the read engine; otherwise off (search and create are measured alone)
 *   SPLICE_DATABASE_URL  the service's data in PostgreSQL (an empty database) instead of SQLite
 * Sends `{ type: 'ready', url, baseUrl, searchUrl, apiKey, authToken, startMs }` over IPC once it listens;
 * with the read engine on, `{ type: 'event-loop', maxMs, p99Ms }` every half second; with BENCH_SCHEDULED,
 * once the measured minute has passed and every installation's read of it finished (or 50 s later),
 * `{ type: 'lateness', lateMs, finishedMs }`: each read's start and finish minus its cron time. Stops on
 * SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Repository, StoredTokens } from '@splice/service';
import {
  databaseUrlFromEnv,
  defaultManifestPath,
  demoConnectionGrants,
  loadManifest,
  loadSecretKey,
  migratePostgres,
  openDatabase,
  openPgPool,
  PgRepository,
  providerAppsFromEnv,
  SecretBox,
  SqliteRepository,
  seedDemoData,
  startService,
} from '@splice/service';
import { recommendedCrmReads } from '@splice/service/demo-fixtures';
import { hubSpotConnection } from '../hubspot-connection.js';
import { benchGroupRef } from './groups.js';

const started = performance.now();
const dataDir = process.env.BENCH_DATA_DIR;
const hubspotUrl = process.env.BENCH_HUBSPOT_URL;
const grantsFile = process.env.BENCH_GRANTS_FILE;
if (!dataDir || !hubspotUrl || !grantsFile) {
  throw new Error('Set BENCH_DATA_DIR, BENCH_HUBSPOT_URL and BENCH_GRANTS_FILE.');
}
const [acmeGrant, ...groupGrants] = JSON.parse(readFileSync(grantsFile, 'utf8')) as StoredTokens[];
const extraGroups = Number(process.env.BENCH_EXTRA_GROUPS ?? 0);
const scheduled = Number(process.env.BENCH_SCHEDULED ?? 0);
const reads = process.env.BENCH_READS === 'on';
const { integration } = recommendedCrmReads.hubspot;

/** The extra groups, connected as a finished connect flow leaves them, and the scheduled installations. */
async function seedGroups(repo: Repository) {
  await seedDemoData(repo, loadManifest(defaultManifestPath));
  const secrets = new SecretBox(loadSecretKey(dataDir!));
  const hubspotSync = (await repo.getIntegration('demo', integration))!;
  const now = new Date().toISOString();
  await repo.transaction(async (tx) => {
    for (let index = 0; index < extraGroups; index++) {
      const groupRef = benchGroupRef(index);
      const tokens = groupGrants[index];
      if (!tokens) throw new Error(`no grant for ${groupRef}: issue one per extra group`);
      await tx.upsertGroup({ projectId: 'demo', groupRef, groupName: `Bench group ${index}` });
      const connection = await tx.insertConnection(hubSpotConnection(secrets, groupRef, tokens));
      if (index >= scheduled) continue;
      await tx.insertInstallation({
        projectId: 'demo',
        integrationId: hubspotSync.id,
        groupRef,
        connectionId: connection.id,
        createdBy: 'api:bench',
        config: {
          id: `config-${groupRef}`,
          revisionId: hubspotSync.revisionId,
          createTime: now,
          createdBy: 'api:bench',
          content: {
            provider: 'hubspot',
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
              },
            },
          },
        },
      } as Parameters<typeof tx.insertInstallation>[0]);
    }
  });
}

const databaseUrl = databaseUrlFromEnv();
if (extraGroups > 0 && databaseUrl) {
  const pool = openPgPool(databaseUrl);
  await migratePostgres(pool);
  await seedGroups(new PgRepository(pool));
  await pool.end();
} else if (extraGroups > 0) {
  const db = openDatabase(dataDir);
  await seedGroups(new SqliteRepository(db));
  db.close();
}

const service = await startService({
  port: 0,
  dataDir,
  runReads: reads,
  // The bench's receiver listens on this machine.
  allowPrivateDestinations: ['loopback'],
  providerApps: providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: hubspotUrl }),
  demoConnections: demoConnectionGrants((provider) => (provider === 'hubspot' ? acmeGrant : undefined)),
});
process.send?.({
  type: 'ready',
  url: service.url,
  baseUrl: service.baseUrl,
  searchUrl: service.searchUrl,
  apiKey: service.apiKey,
  authToken: service.authToken,
  startMs: performance.now() - started,
});

if (reads) {
  // The longest stall of this process's event loop from here on, sent every half second: the backfill
  // bench takes the first report after the backfill's last record arrived.
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
}

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
      // Finished: read (one HubSpot search each) and every message settled (these reads find nothing new).
      finishedMs: rows.map((row) => at(row.end_time) - boundary!).filter((ms) => Number.isFinite(ms)),
      expected: scheduled,
    });
    // Every 3 s: the query runs in the service's own process and would otherwise eat into what it measures.
  }, 3_000);
}

const stop = () => void service.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
