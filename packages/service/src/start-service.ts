import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createServiceApp } from './app.js';
import {
  defaultManifestPath,
  devCredentials,
  type ProviderApps,
  providerAppsFromEnv,
  publicOriginOf,
} from './config.js';
import { AccountLimiter } from './connectors/account-limiter/account-limiter.js';
import { providerCatalog } from './connectors/catalog.js';
import { createConnectorSource } from './connectors/store-connector-source.js';
import {
  type DemoConnectionGrant,
  demoWebhookSecret,
  seedDemoConnections,
  seedDemoData,
  seedDemoDestinations,
} from './demo-data.js';
import type { ServiceDeps } from './deps.js';
import { keepIdleSocketsOpen } from './http/idle-sockets.js';
import { loadManifest } from './manifest/load-manifest.js';
import { NotificationRelay } from './notifications/notification-relay.js';
import { Notifier } from './notifications/notifier.js';
import { loadSecretKey } from './oauth/secret-key.js';
import { DestinationAddressPolicy } from './reads/destination-address.js';
import { ReadEngine } from './reads/read-engine.js';
import { defaultReadTiming, type ReadTiming } from './reads/timing.js';
import { openServiceStores } from './service-stores.js';
import { openDatabase } from './store/index.js';
import { apiCheckpointAfterPages } from './store/open-database.js';
import { databaseUrlFromEnv } from './store/pg/index.js';
import { WriteQueue, type WriteTiming } from './writes/write-queue.js';
import type { WriteService } from './writes/write-service.js';

export interface StartServiceOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Default 127.0.0.1: the service is for this machine. */
  host?: string;
  /** Where the SQLite database lives, and the key that seals tokens unless `secretKey` is given. */
  dataDir: string;
  /**
   * PostgreSQL instead of SQLite for the service's data: several instances on one database share it and the
   * read work. Default: `SPLICE_DATABASE_URL`; unset, SQLite.
   */
  databaseUrl?: string;
  /** PostgreSQL: how long an instance's claim on read work holds without renewal (`SPLICE_READ_LEASE_MS`). */
  readLeaseMs?: number;
  /** PostgreSQL: streams one instance reads at once at most (`SPLICE_READ_MAX_STREAMS`, default 200). */
  readMaxStreams?: number;
  apiKey?: string;
  authToken?: string;
  /** The manifest YAML. Default: the demo manifest (integrations `hubspot-sync` and `salesforce-sync`). */
  manifestPath?: string;
  /** Seals stored OAuth tokens: 32 bytes, base64. Default: a key file in `dataDir`, made on first start. */
  secretKey?: string;
  /**
   * CRM grants for the demo groups, stored as their working connections at every start (the local
   * emulators issue new tokens each run): see `demoConnectionGrants`.
   */
  demoConnections?: readonly DemoConnectionGrant[];
  /** Read engine time constants (tests shrink them). */
  readTiming?: Partial<ReadTiming>;
  /**
   * Whether the read engine runs: plans installations' backfills and schedules, reads and delivers. False
   * serves the whole API (read status, operations, triggers are stored) without reading or delivering, so a
   * test that never reads does not share the cores with it. Default true (`SPLICE_READS=off` for the CLI).
   */
  runReads?: boolean;
  /**
   * Which part of the service runs here: `api` answers requests and queues work (its reads and queued
   * writes are left to a worker on the same database); `worker` reads, delivers and carries out queued
   * writes, and answers no requests (`url` and the ports are empty); `all` (default): everything, in this
   * process. The first two pace provider calls from budgets kept in the database, which the other shares.
   */
  role?: 'api' | 'worker' | 'all';
  /** How this instance's claims on read work name it (default `host:pid`): a worker child names its parent. */
  instance?: string;
  /**
   * Whether queued asynchronous writes are carried out. False stores them without writing, as a stopped
   * worker would (a test stops writes mid-queue this way). Default true.
   */
  runWrites?: boolean;
  /**
   * The writes' timing and clock: the worker's tick, retry waits and holds, and how long a synchronous
   * write holds its idempotency key between renewals (tests shrink them, or move the clock).
   */
  writeTiming?: WriteTiming;
  /**
   * The origin browsers reach the service on, when it is not the listening address (behind a proxy, or
   * listening on every interface): the OAuth provider pages and the callback are built on it.
   * Default: `http://{host}:{port}` as listening (loopback for an unspecified address).
   */
  publicUrl?: string;
  /** Browser origins allowed to call the API with a key (CORS) and told how an OAuth popup ended. Default none. */
  browserOrigins?: readonly string[];
  /**
   * Addresses destinations may reach besides public ones: kinds (`loopback`, `private`, `link-local`,
   * `unspecified`, `reserved`) and CIDR ranges (README, "Webhook destinations"). Default: none, so a
   * destination on this machine or its private network is refused. The demo and the tests allow `loopback`.
   */
  allowPrivateDestinations?: readonly string[];
  /** The demo app's receiver: the demo data set's destinations point at it. */
  demoReceiverUrl?: string;
  demoWebhookSecret?: string;
  /**
   * The CRM providers' apps (HubSpot, Salesforce): credentials and API base URLs. Default: the local
   * emulators' app on their default ports (`providerAppsFromEnv` of an empty environment).
   */
  providerApps?: ProviderApps;
  /** Per provider request, from sending to the answer's last byte (default 30 s). */
  providerTimeoutMs?: number;
  /**
   * How long an instance's claim on a connection's token refresh holds (default 20 s): the longest a
   * crashed instance holds up the connection's refresh (`SPLICE_REFRESH_LEASE_MS`).
   */
  refreshLeaseMs?: number;
}

export interface RunningService {
  url: string;
  /** The origin browsers reach the service on (`publicUrl`, or the listening address). */
  publicUrl: string;
  /** `{base_url}` of docs/service-interface.md#base-addresses. */
  baseUrl: string;
  /** `{search_url}` of docs/service-interface.md#base-addresses. */
  searchUrl: string;
  /** `{read_url}`: trigger a read, pause and resume (the hosted service's read API). */
  readUrl: string;
  /** `{write_url}`: write records to the customer's CRM (the hosted service's write API). */
  writeUrl: string;
  /** The read engine (tests wake it or look at its store). */
  reads: ReadEngine;
  apiKey: string;
  authToken: string;
  port: number;
  close(): Promise<void>;
}

/** The listening address as a browser would use it: an unspecified address means this machine. */
function listeningOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Opens the store, seeds the demo data set (and stores the demo groups' grants), and serves the
 * service over HTTP. A bad manifest throws before anything listens.
 */
export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const manifest = loadManifest(options.manifestPath ?? defaultManifestPath);
  const destinationAddresses = new DestinationAddressPolicy(options.allowPrivateDestinations ?? []);
  // Its calls wait for a lock on timers and its commits for the disk in the thread pool, never on the event
  // loop's thread (./store/lock-wait.ts, ./store/commit-sync.ts). Beside a worker process, the worker's
  // commits copy the WAL back into the file, not the API's.
  const checkpoints = options.role === 'api' ? { checkpointAfterPages: apiCheckpointAfterPages } : {};
  const db = openDatabase(options.dataDir, { busyTimeoutMs: 0, commitSync: 'thread-pool', ...checkpoints });
  const databaseUrl = options.databaseUrl ?? databaseUrlFromEnv();
  const timing = { ...defaultReadTiming, ...options.readTiming };
  const serves = options.role !== 'worker';
  const works = options.role !== 'api';
  const stores = await openServiceStores({
    db,
    sharedBudgets: options.role === 'api' || options.role === 'worker',
    ...checkpoints,
    ...(options.instance ? { instance: options.instance } : {}),
    dataDir: options.dataDir,
    secretKey: loadSecretKey(options.dataDir, options.secretKey),
    timing,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(options.readLeaseMs === undefined ? {} : { readLeaseMs: options.readLeaseMs }),
    ...(options.readMaxStreams === undefined ? {} : { readMaxStreams: options.readMaxStreams }),
  });
  const { repo, oauth, destinations } = stores;
  // The API's start prepares the data; a worker starts on it as it is.
  if (serves) {
    await destinations.sealPlainSecrets();
    await seedDemoData(repo, manifest);
    await seedDemoConnections(repo, oauth.secrets, options.demoConnections ?? []);
  }
  const credentials = {
    apiKey: options.apiKey ?? devCredentials.apiKey,
    authToken: options.authToken ?? devCredentials.authToken,
  };
  const limiter = new AccountLimiter(stores.budgets);
  const connectors = createConnectorSource({
    repo,
    catalog: providerCatalog(options.providerApps ?? providerAppsFromEnv({})),
    secrets: oauth.secrets,
    connector: {
      limiter,
      ...(options.providerTimeoutMs !== undefined && { timeoutMs: options.providerTimeoutMs }),
      ...(options.refreshLeaseMs !== undefined && { refreshClaim: { leaseMs: options.refreshLeaseMs } }),
    },
  });
  if (serves && options.demoReceiverUrl) {
    await seedDemoDestinations(destinations, manifest, {
      url: options.demoReceiverUrl,
      signingSecret: options.demoWebhookSecret ?? demoWebhookSecret,
    });
  }
  const reads = new ReadEngine({
    repo,
    connectors,
    store: stores.operations,
    ...(stores.queue ? { queue: stores.queue } : {}),
    destinations,
    ...(options.readTiming ? { timing: options.readTiming } : {}),
    delivery: {
      addresses: destinationAddresses,
      onDisabled: (destination) =>
        notifications.emitSafely(destination.projectId, 'destination.webhook.disabled', async () => ({
          projectId: destination.projectId,
          destinationId: destination.id,
          destinationName: destination.name,
          url: destination.metadata.url,
        })),
    },
  });
  // Known once the port is, when the port is 0; nothing reaches the app before it listens.
  let publicOrigin = options.publicUrl ? publicOriginOf('publicUrl', options.publicUrl) : '';
  const writeTiming = options.writeTiming ?? {};
  const writes: WriteService = {
    store: stores.writes,
    ...(writeTiming.syncLeaseMs !== undefined && { syncLeaseMs: writeTiming.syncLeaseMs }),
    ...(writeTiming.now && { now: writeTiming.now }),
  };
  const notifications = new Notifier(repo, stores.notifications, () => reads.wake());
  const relay = new NotificationRelay(repo, notifications);
  const deps: ServiceDeps = {
    repo,
    connectors,
    credentials,
    oauth,
    destinations,
    destinationAddresses,
    reads,
    writes,
    notifications,
    publicOrigin: () => publicOrigin,
    ...(options.browserOrigins ? { browserOrigins: options.browserOrigins } : {}),
  };
  const writeQueue = new WriteQueue(deps, stores.writes, writeTiming);
  writes.queue = writeQueue;
  const host = options.host ?? '127.0.0.1';
  const server = serves
    ? await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
        const app = createServiceApp(deps);
        const s = serve({ fetch: app.fetch, port: options.port ?? 4010, hostname: host }, () => resolve(s));
        // Instances sit behind a load balancer once there are several (README, "Running on more than one
        // machine"); the BFF's own pool closes its idle sockets sooner (4 s), so it never meets the close.
        keepIdleSocketsOpen(s as Server);
        s.once('error', reject);
      })
    : undefined;
  const port = server ? (server.address() as AddressInfo).port : 0;
  const url = server ? `http://${host}:${port}` : '';
  publicOrigin ||= server ? listeningOrigin(host, port) : '';
  if (works && options.runReads !== false) reads.start();
  if (works && options.runWrites !== false) writeQueue.start();
  if (works && options.runReads !== false) relay.start();
  return {
    url,
    publicUrl: publicOrigin,
    baseUrl: `${url}/v1`,
    searchUrl: `${url}/search/v1`,
    readUrl: `${url}/read/v1`,
    writeUrl: `${url}/write/v1`,
    reads,
    ...credentials,
    port,
    close: async () => {
      await Promise.all([reads.stop(), writeQueue.stop(), relay.stop()]);
      try {
        await new Promise<void>((resolve, reject) => {
          if (!server) return resolve();
          server.close((error) => (error ? reject(error) : resolve()));
          // Keep-alive sockets would hold close() open; the service has nothing left to answer.
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
      } finally {
        // Only once nothing is answered any more: a request in flight still needs its store.
        await stores.close();
        db.close();
      }
    },
  };
}
