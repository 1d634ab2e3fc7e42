/**
 * The service's stores on the database it was given: SQLite in the data directory (the default, one
 * process), or PostgreSQL when a URL is set (`SPLICE_DATABASE_URL`), where several instances share the data
 * and the read work.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from 'better-sqlite3';
import { type BudgetLedger, MemoryBudgetLedger } from './connectors/account-limiter/budget-ledger.js';
import { NotificationStore } from './notifications/notification-store.js';
import type { OAuthDeps } from './oauth/connect-flow.js';
import { SecretBox } from './oauth/crypto.js';
import { PgOAuthStore } from './oauth/oauth-store.js';
import { createOAuthDeps } from './oauth/secret-key.js';
import type { OperationStore } from './reads/operation-store.js';
import type { ReadQueue } from './reads/read-queue.js';
import { SqliteOperationStore } from './reads/sqlite-operation-store.js';
import type { ReadTiming } from './reads/timing.js';
import {
  type DestinationStore,
  PgDestinationStore,
  SqliteDestinationStore,
} from './store/destination-store.js';
import { openDatabase, type Repository, SqliteRepository } from './store/index.js';
import { migratePostgres, openPgPool, PgRepository } from './store/pg/index.js';
import { PgAccess } from './store/pg/pg-access.js';
import { PgBossReadQueue } from './store/pg/pg-boss-read-queue.js';
import { PgBudgetLedger } from './store/pg/pg-budget-ledger.js';
import { PgOperationStore } from './store/pg/pg-operation-store.js';
import { SqliteAccess } from './store/sqlite-access.js';
import { openBudgetsDatabase, SqliteBudgetLedger } from './store/sqlite-budget-ledger.js';
import { WriteStore } from './writes/write-store.js';

export interface ServiceStoresOptions {
  /** The data directory's SQLite database: the service's own unless `databaseUrl` is set. */
  db: Database;
  dataDir: string;
  /** The OAuth sealing key. */
  secretKey: Buffer;
  /** PostgreSQL, when set. */
  databaseUrl?: string;
  timing: ReadTiming;
  /** How long an instance's claim on read work holds (PostgreSQL). Default: 60 s, or twice the delivery timeout. */
  readLeaseMs?: number;
  /** Streams one instance reads at once at most (PostgreSQL). Default 200, so other instances find work. */
  readMaxStreams?: number;
  /**
   * Whether another process on the same SQLite data directory calls providers too (the API and the worker
   * as two processes): then accounts' budgets are kept in a file there, not in memory. PostgreSQL always
   * keeps them.
   */
  sharedBudgets?: boolean;
  /** The read engine's connection's `checkpointAfterPages` (see `openDatabase`), as the service's main connection's. */
  checkpointAfterPages?: number;
  /** How claims name this instance (default `host:pid`); a worker child names its parent's. */
  instance?: string;
}

export interface ServiceStores {
  repo: Repository;
  oauth: OAuthDeps;
  destinations: DestinationStore;
  operations: OperationStore;
  /** Notification topics and routes, and the notifications' queue. */
  notifications: NotificationStore;
  /** Writes to providers: idempotency keys and the queue of asynchronous writes. */
  writes: WriteStore;
  /** Several instances' shared control work (PostgreSQL only). */
  queue?: ReadQueue;
  /** Provider accounts' request budgets: in memory for one process, in the database for several. */
  budgets: { ledger: BudgetLedger; sliceSize: number };
  /** Closes the connections these stores opened (not `db`). */
  close(): Promise<void>;
}

export async function openServiceStores(options: ServiceStoresOptions): Promise<ServiceStores> {
  const { db, databaseUrl } = options;
  // Webhook signing secrets are sealed under the same key as OAuth tokens.
  const secrets = new SecretBox(options.secretKey);
  if (!databaseUrl) {
    // The read engine's own connection: see SqliteOperationStore on why it commits without an fsync. Like
    // the service's main connection, it waits for locks on timers (./store/lock-wait.ts).
    const readsDb = openDatabase(options.dataDir, {
      synchronous: 'NORMAL',
      busyTimeoutMs: 0,
      ...(options.checkpointAfterPages !== undefined && {
        checkpointAfterPages: options.checkpointAfterPages,
      }),
    });
    const budgetsDb = options.sharedBudgets ? openBudgetsDatabase(options.dataDir) : undefined;
    return {
      repo: new SqliteRepository(db),
      oauth: createOAuthDeps(db, options.secretKey),
      destinations: new SqliteDestinationStore(db, secrets),
      operations: new SqliteOperationStore(readsDb),
      writes: WriteStore.sqlite(db),
      notifications: new NotificationStore(new SqliteAccess(db)),
      budgets: budgetsDb
        ? { ledger: new SqliteBudgetLedger(budgetsDb), sliceSize: 3 }
        : { ledger: new MemoryBudgetLedger(), sliceSize: 1 },
      close: async () => {
        readsDb.close();
        budgetsDb?.close();
      },
    };
  }
  const pool = openPgPool(databaseUrl);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    repo: new PgRepository(pool),
    oauth: { store: new PgOAuthStore(pool), secrets },
    destinations: new PgDestinationStore(pool, secrets),
    writes: WriteStore.postgres(pool),
    notifications: new NotificationStore(new PgAccess(pool)),
    operations: new PgOperationStore(pool, {
      // Claims name their holder, so an operator can tell which instance holds what. The suffix tells apart
      // two services in one process (tests, an embedder): each treats its own claims as its own (an instance
      // takes its unrecorded message claims again at once), so they must not share an owner.
      owner: `${options.instance ?? `${hostname()}:${process.pid}`}:${randomBytes(4).toString('hex')}`,
      leaseMs: options.readLeaseMs ?? Math.max(60_000, 2 * options.timing.deliveryTimeoutMs),
      maxStreams: options.readMaxStreams ?? 200,
    }),
    queue: new PgBossReadQueue({ connectionString: databaseUrl, tickMs: options.timing.tickMs }),
    // A statement per three calls; a larger slice would let one instance hold tokens another could use now.
    budgets: { ledger: new PgBudgetLedger(pool), sliceSize: 3 },
    close: () => pool.end(),
  };
}
