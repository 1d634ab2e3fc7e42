/**
 * The embedded service, assembled in this process from its own parts (the same parts `startService`
 * wires), so that a test can (1) seed extra groups with connections before it serves, (2) count rows in its
 * store, (3) see every request it was asked (`received`), and (4) check this very process for prototype
 * pollution after the service parsed hostile bodies.
 *
 * The app, the manifest loader, the demo data, the store and the sandbox provider all come from
 * `@splice/service` (the workspace resolves packages to their TypeScript sources; nothing here is built).
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Database, Provider, Repository } from '@splice/service';
import {
  createOAuthDeps,
  createSandboxProvider,
  createServiceApp,
  defaultManifestPath,
  loadManifest,
  openDatabase,
  SqliteRepository,
  sandboxConnection,
  seedDemoData,
} from '@splice/service';

export const serviceCredentials = {
  apiKey: 'reliability-api-key-0123456789',
  authToken: 'reliability-auth-token-0123456789',
};

/** One request as the service received it: what group (if any) and what org it was asked about. */
export interface ReceivedCall {
  method: string;
  path: string;
  /** Every group named anywhere in the request: `groupRef` query, body `groupRef`. */
  groupRefs: string[];
  /** The org of an invite path. */
  orgId?: string;
  /** `x-request-id` as sent by the BFF: the browser request this call serves. */
  requestId?: string;
  status: number;
}

export interface InProcessService {
  url: string;
  baseUrl: string;
  searchUrl: string;
  apiKey: string;
  authToken: string;
  dataDir: string;
  db: Database;
  repo: Repository;
  /** Filled only when started with `record: true`. */
  received: ReceivedCall[];
  /** Installations stored for the demo project's crm-sync integration (optionally of one group). */
  countInstallations(groupRef?: string): number;
  close(): Promise<void>;
}

export interface ServiceHarnessOptions {
  /** Sandbox contacts (default 300: enough for search, quick to generate). */
  contacts?: number;
  /** Extra groups, each with a working default sandboxcrm connection: `${prefix}-${i}`, `conn-${prefix}-${i}`. */
  extraGroups?: { prefix: string; count: number };
  /** Record every request's group and org (reads each body once more). */
  record?: boolean;
}

/** Seeds `count` groups with working connections in one transaction; returns their refs. */
export async function seedGroups(repo: Repository, prefix: string, count: number): Promise<string[]> {
  const refs: string[] = [];
  await repo.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const groupRef = `${prefix}-${i}`;
      refs.push(groupRef);
      if (await tx.getGroup('demo', groupRef)) continue;
      await tx.upsertGroup({ projectId: 'demo', groupRef, groupName: `Generated ${groupRef}` });
      await tx.insertConnection(sandboxConnection('demo', groupRef));
    }
  });
  return refs;
}

/**
 * The group `${prefix}-${slot}` with its connection, seeded now if no one seeded it before: the slots past
 * those seeded up front serve the re-sends of a shrinking property, each in a group of its own. Written
 * with SQL on the harness's connection because the case builders that call it are synchronous (the
 * repository is asynchronous); the row is the one `sandboxConnection` describes.
 */
export function groupInSlot(db: Database, prefix: string, slot: number): string {
  const groupRef = `${prefix}-${slot}`;
  const connection = sandboxConnection('demo', groupRef);
  const now = new Date().toISOString();
  db.transaction(() => {
    db.prepare(
      `INSERT INTO groups (project_id, group_ref, group_name, create_time) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ).run('demo', groupRef, `Generated ${groupRef}`, now);
    db.prepare(
      `INSERT INTO connections (id, project_id, provider, group_ref, consumer_ref, status, auth_scheme,
         is_default, create_time, credentials) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT DO NOTHING`,
    ).run(
      connection.id,
      'demo',
      connection.provider,
      groupRef,
      connection.consumerRef,
      connection.status,
      connection.authScheme,
      now,
      JSON.stringify(connection.credentials),
    );
  })();
  return groupRef;
}

/** The organization `${prefix}-${slot}`, inserted now if no one inserted it before (as `groupInSlot`). */
export function orgInSlot(db: Database, prefix: string, slot: number): string {
  const id = `${prefix}-${slot}`;
  db.prepare('INSERT INTO orgs (id, name, create_time) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(
    id,
    `Generated ${id}`,
    new Date().toISOString(),
  );
  return id;
}

/** The group of an installation a path addresses (`.../installations/{id}` or `{id}:pause`), if any. */
async function installationGroupIn(repo: SqliteRepository, url: URL): Promise<string[]> {
  const id = /\/installations\/([^/:]+)/.exec(url.pathname)?.[1];
  if (id === undefined) return [];
  for (const project of ['demo']) {
    const installation = await repo.getInstallationById(project, decodeURIComponent(id));
    if (installation) return [installation.groupRef];
  }
  return [];
}

function groupRefsIn(url: URL, body: string): string[] {
  const refs = url.searchParams.getAll('groupRef');
  if (body) {
    try {
      const parsed = JSON.parse(body) as { groupRef?: unknown } | null;
      if (parsed && typeof parsed === 'object' && typeof parsed.groupRef === 'string')
        refs.push(parsed.groupRef);
    } catch {
      // Not JSON: it names no group.
    }
  }
  return refs;
}

export async function startInProcessService(options: ServiceHarnessOptions = {}): Promise<InProcessService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-reliability-'));
  const manifest = loadManifest(defaultManifestPath);
  const db = openDatabase(dataDir);
  const repo = new SqliteRepository(db);
  await seedDemoData(repo, manifest);
  if (options.extraGroups) await seedGroups(repo, options.extraGroups.prefix, options.extraGroups.count);
  const sandbox = createSandboxProvider(db, { contacts: options.contacts ?? 300 });
  // The listening address, known once it listens (port 0).
  let publicOrigin = '';
  const app = createServiceApp({
    repo,
    providers: new Map<string, Provider>([[sandbox.name, sandbox]]),
    credentials: serviceCredentials,
    oauth: createOAuthDeps(db, randomBytes(32)),
    publicOrigin: () => publicOrigin,
  });
  const received: ReceivedCall[] = [];
  const handler = options.record
    ? async (request: Request, env: unknown) => {
        const url = new URL(request.url);
        const body = request.body ? await request.clone().text() : '';
        // Looked up before the call: a delete would leave nothing to look up after.
        const addressed = await installationGroupIn(repo, url);
        const response = await app.fetch(request, env);
        const orgId = /^\/v1\/orgs\/([^/]+)\/invites/.exec(url.pathname)?.[1];
        const requestId = request.headers.get('x-request-id');
        received.push({
          method: request.method,
          path: url.pathname,
          groupRefs: [...groupRefsIn(url, body), ...addressed],
          ...(orgId === undefined ? {} : { orgId: decodeURIComponent(orgId) }),
          ...(requestId === null ? {} : { requestId }),
          status: response.status,
        });
        return response;
      }
    : app.fetch;
  const server = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  publicOrigin = url;
  const count = db.prepare(
    'SELECT COUNT(*) FROM installations WHERE project_id = ? AND integration_id = ? AND (? IS NULL OR group_ref = ?)',
  );
  return {
    url,
    baseUrl: `${url}/v1`,
    searchUrl: `${url}/search/v1`,
    ...serviceCredentials,
    dataDir,
    db,
    repo,
    received,
    countInstallations: (groupRef) =>
      count.pluck().get('demo', 'crm-sync', groupRef ?? null, groupRef ?? null) as number,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
