/**
 * The embedded service in a process of its own, for the bench. Environment:
 *   BENCH_DATA_DIR      the SQLite data directory (a temp dir)
 *   BENCH_CONTACTS      sandbox contacts to generate on first start
 *   BENCH_EXTRA_GROUPS  groups `bench-g<n>` to add, each with a working sandboxcrm connection (default 0)
 *   SPLICE_DATABASE_URL the service's data in PostgreSQL (an empty database) instead of SQLite
 * Sends `{ type: 'ready', url, baseUrl, searchUrl, apiKey, authToken, startMs }` over IPC once it listens,
 * and stops on SIGTERM.
 */
// The store is not exported from @splice/service's entry; a benchmark may reach into the source.
import type { Repository } from '@splice/service';
import {
  databaseUrlFromEnv,
  defaultManifestPath,
  loadManifest,
  migratePostgres,
  openDatabase,
  openPgPool,
  PgRepository,
  SqliteRepository,
  sandboxConnection,
  seedDemoData,
  startService,
} from '@splice/service';
import { benchGroupRef } from './groups.js';

const started = performance.now();
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('Set BENCH_DATA_DIR.');
const contacts = Number(process.env.BENCH_CONTACTS ?? 10_000);
const extraGroups = Number(process.env.BENCH_EXTRA_GROUPS ?? 0);

/** The groups go into whichever database the service will use. */
async function seedExtraGroups(repo: Repository) {
  await seedDemoData(repo, loadManifest(defaultManifestPath));
  await repo.transaction(async (tx) => {
    for (let index = 0; index < extraGroups; index++) {
      const groupRef = benchGroupRef(index);
      await tx.upsertGroup({ projectId: 'demo', groupRef, groupName: `Bench group ${index}` });
      await tx.insertConnection(sandboxConnection('demo', groupRef));
    }
  });
}

const databaseUrl = databaseUrlFromEnv();
if (extraGroups > 0 && databaseUrl) {
  const pool = openPgPool(databaseUrl);
  await migratePostgres(pool);
  await seedExtraGroups(new PgRepository(pool));
  await pool.end();
} else if (extraGroups > 0) {
  const db = openDatabase(dataDir);
  await seedExtraGroups(new SqliteRepository(db));
  db.close();
}

// Search and create are measured alone: the read engine would share the cores.
const service = await startService({ port: 0, dataDir, contacts, runReads: false });
process.send?.({
  type: 'ready',
  url: service.url,
  baseUrl: service.baseUrl,
  searchUrl: service.searchUrl,
  apiKey: service.apiKey,
  authToken: service.authToken,
  startMs: performance.now() - started,
});

process.once('SIGTERM', () => {
  void service.close().then(() => process.exit(0));
});
process.once('disconnect', () => {
  void service.close().then(() => process.exit(0));
});
