/**
 * The embedded service reaching HubSpot over HTTP, in a process of its own: the demo project with the demo
 * manifest's `hubspot-sync` (provider `hubspot`), and for group `acme` a HubSpot connection
 * holding the emulator's tokens sealed as a finished connect flow leaves them. Environment:
 *   BENCH_DATA_DIR        the SQLite data directory (a temp dir)
 *   BENCH_HUBSPOT_URL     the HubSpot emulator (./hubspot-emulator-child.ts)
 *   BENCH_HUBSPOT_TOKENS  its tokens: JSON `{ accessToken, refreshToken, expiresIn }`
 *   BENCH_READS           `on` runs the read engine (the backfill bench); otherwise off (search alone)
 * Sends `{ type: 'ready', url, baseUrl, searchUrl, apiKey, authToken, startMs }` over IPC once it listens,
 * and stops on SIGTERM.
 */
import {
  defaultManifestPath,
  loadManifest,
  loadSecretKey,
  openDatabase,
  SqliteRepository,
  seedDemoData,
  startService,
} from '@splice/service';
// Sealing a connection's tokens is not on @splice/service's entry; a benchmark may reach into the source.
import { providerAppsFromEnv } from '../../../packages/service/src/config.js';
import { SecretBox } from '../../../packages/service/src/oauth/crypto.js';
import { sealCredentials } from '../../../packages/service/src/oauth/sealed-credentials.js';

const started = performance.now();
const dataDir = process.env.BENCH_DATA_DIR;
const hubspotUrl = process.env.BENCH_HUBSPOT_URL;
if (!dataDir || !hubspotUrl) throw new Error('Set BENCH_DATA_DIR and BENCH_HUBSPOT_URL.');
const tokens = JSON.parse(process.env.BENCH_HUBSPOT_TOKENS ?? '{}') as {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
};

const db = openDatabase(dataDir);
const repo = new SqliteRepository(db);
await seedDemoData(repo, loadManifest(defaultManifestPath));
const secrets = new SecretBox(loadSecretKey(dataDir));
await repo.insertConnection({
  id: 'conn-acme-hubspot',
  projectId: 'demo',
  provider: 'hubspot',
  groupRef: 'acme',
  consumerRef: 'acme-admin',
  providerWorkspaceRef: 'acme',
  status: 'working',
  authScheme: 'oauth2/authorizationCode',
  isDefault: true,
  credentials: sealCredentials(secrets, {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAtMs: Date.now() + tokens.expiresIn * 1000,
  }),
});
db.close();

const service = await startService({
  port: 0,
  dataDir,
  contacts: 1_000,
  sandboxActivity: 0,
  runReads: process.env.BENCH_READS === 'on',
  allowPrivateDestinations: ['loopback'],
  providerApps: providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: hubspotUrl }),
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

const stop = () => void service.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
