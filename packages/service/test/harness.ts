import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import Sqlite from 'better-sqlite3';
import { afterAll } from 'vitest';
import type { RunningService, StartServiceOptions } from '../src/index.js';
import { startService } from '../src/index.js';
import { databaseFileName, type Repository, SqliteRepository } from '../src/store/index.js';
import { openPgPool, PgRepository } from '../src/store/pg/index.js';

/**
 * `SPLICE_TEST_POSTGRES=1` runs the service tests on PostgreSQL: one embedded server per test file (this
 * module is loaded once per file), started by the file's first service, and a fresh database per service.
 */
const onPostgres = process.env.SPLICE_TEST_POSTGRES === '1';
let postgres: Promise<RunningPostgres> | undefined;
let databases = 0;
if (onPostgres) {
  afterAll(async () => {
    await (await postgres)?.stop();
  });
}

async function freshDatabaseUrl(): Promise<string> {
  postgres ??= startPostgres();
  return (await postgres).createDatabase(`service_${++databases}`);
}

export interface TestService extends RunningService {
  dataDir: string;
  /** Stops the service and removes its data directory. */
  dispose(): Promise<void>;
  /**
   * Rows of `text` (`?` parameters) from the service's own database, SQLite or PostgreSQL. JSON columns are
   * JSON text on SQLite and parsed on PostgreSQL: select them as `CAST(x AS TEXT)` to read the same on both.
   */
  sql<T>(text: string, ...params: unknown[]): Promise<T[]>;
  /** Runs `work` with a repository of its own on the service's database (as another process would). */
  withRepo<T>(work: (repo: Repository) => Promise<T>): Promise<T>;
}

/**
 * A real service on a random loopback port with its own data directory. Its read engine is off unless the
 * test asks for it (`runReads: true`): most tests never read, and the engine would share the cores.
 */
export async function startTestService(options: Partial<StartServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'splice-service-'));
  const databaseUrl = options.databaseUrl ?? (onPostgres ? await freshDatabaseUrl() : undefined);
  const service = await startService({
    port: 0,
    contacts: 2_000,
    runReads: false,
    // The tests' receivers listen on this machine.
    allowPrivateDestinations: ['loopback'],
    ...options,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const pool = databaseUrl ? openPgPool(databaseUrl) : undefined;
  const sqlite = <T>(work: (db: Sqlite.Database) => T): T => {
    const db = new Sqlite(join(dataDir, databaseFileName));
    try {
      return work(db);
    } finally {
      db.close();
    }
  };
  return {
    ...service,
    dataDir,
    dispose: async () => {
      await pool?.end();
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async sql<T>(text: string, ...params: unknown[]): Promise<T[]> {
      if (!pool) return sqlite((db) => db.prepare(text).all(...params) as T[]);
      let n = 0;
      return (
        await pool.query(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    },
    async withRepo<T>(work: (repo: Repository) => Promise<T>): Promise<T> {
      if (pool) return work(new PgRepository(pool));
      const db = new Sqlite(join(dataDir, databaseFileName));
      try {
        return await work(new SqliteRepository(db));
      } finally {
        db.close();
      }
    },
  };
}

export function createInstallationUrl(service: RunningService, project = 'demo', integration = 'crm-sync') {
  return `${service.baseUrl}/projects/${project}/integrations/${integration}/installations`;
}

export function searchUrl(
  service: RunningService,
  groupRef: string,
  project = 'demo',
  integration = 'crm-sync',
) {
  return `${service.searchUrl}/projects/${project}/integrations/${integration}?groupRef=${encodeURIComponent(groupRef)}`;
}

export function apiKeyHeaders(service: RunningService): Record<string, string> {
  return { 'content-type': 'application/json', 'x-api-key': service.apiKey };
}

export function searchHeaders(service: RunningService): Record<string, string> {
  return { ...apiKeyHeaders(service), 'x-svc-request-type': 'search' };
}

export function bearerHeaders(service: RunningService): Record<string, string> {
  return { 'content-type': 'application/json', authorization: `Bearer ${service.authToken}` };
}

/** Parsed JSON as tests read it: assertions, not types, check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
export type Json = any;

export interface JsonResponse {
  status: number;
  contentType: string | null;
  body: Json;
}

export async function readJsonResponse(response: Response): Promise<JsonResponse> {
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text ? JSON.parse(text) : undefined,
  };
}

export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<JsonResponse> {
  return readJsonResponse(await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** A minimal config the demo integration accepts: read contacts with a few fields. */
export function contactsConfig(extra: Record<string, unknown> = {}) {
  return {
    content: {
      provider: 'sandboxcrm',
      read: {
        objects: {
          contacts: {
            objectName: 'contacts',
            schedule: '*/15 * * * *',
            destination: 'contactsWebhook',
            selectedFields: { email: true, firstName: true, score: true },
            ...extra,
          },
        },
      },
    },
  };
}
