/**
 * The embedded service, assembled in this process from its own parts (the same parts `startService`
 * wires), so that a test can (1) seed extra groups with connections before it serves, (2) count rows in its
 * store, (3) see every request it was asked (`received`), and (4) check this very process for prototype
 * pollution after the service parsed hostile bodies.
 *
 * The app, the manifest loader, the demo data, the store and the connectors all come from
 * `@splice/service` (the workspace resolves packages to their TypeScript sources; nothing here is built);
 * the CRM every group is connected to is a HubSpot emulator of the harness's own (./emulated-hubspot.ts).
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import type { Database, Repository } from '@splice/service';
import {
  createConnectorSource,
  createOAuthDeps,
  createServiceApp,
  defaultManifestPath,
  loadManifest,
  openDatabase,
  providerCatalog,
  type SecretBox,
  SqliteRepository,
  seedDemoData,
} from '@splice/service';
import {
  connectDemoGroups,
  crmConnection,
  crmIntegration,
  providerAppsFor,
  seedCrmGroups,
  startCrm,
} from './emulated-hubspot.js';

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
  /** The HubSpot every group's connection reaches (started with the service, closed with it). */
  crm: RunningHubSpotEmulator;
  /** The key the connections' tokens are sealed with. */
  secrets: SecretBox;
  /** Filled only when started with `record: true`. */
  received: ReceivedCall[];
  /** Installations stored for the demo project's HubSpot integration (optionally of one group). */
  countInstallations(groupRef?: string): number;
  close(): Promise<void>;
}

export interface ServiceHarnessOptions {
  /** Contacts of the emulated HubSpot account (default 300: enough for search, quick to generate). */
  contacts?: number;
  /** Extra groups, each with a working default HubSpot connection: `${prefix}-${i}`, `conn-${prefix}-${i}`. */
  extraGroups?: { prefix: string; count: number };
  /** Record every request's group and org (reads each body once more). */
  record?: boolean;
}

/**
 * The group `${prefix}-${slot}` with its connection, seeded now if no one seeded it before: the slots past
 * those seeded up front serve the re-sends of a shrinking property, each in a group of its own. Written
 * with SQL on the harness's connection because the case builders that call it are synchronous (the
 * repository is asynchronous); the row is the one `crmConnection` describes.
 */
export function groupInSlot(
  service: Pick<InProcessService, 'db' | 'crm' | 'secrets'>,
  prefix: string,
  slot: number,
): string {
  const { db } = service;
  const groupRef = `${prefix}-${slot}`;
  const connection = crmConnection(service.crm, service.secrets, groupRef);
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

/**
 * The group of a connection a path addresses (`.../connections/{id}` or `{id}:oauth-update`), and `*` (every
 * group) for a project-wide list of connections or installations that names no group: either reaches
 * groups other than the caller's.
 */
async function connectionGroupIn(repo: SqliteRepository, url: URL): Promise<string[]> {
  const wholeProject = /^\/v1\/projects\/[^/]+\/(?:connections|installations)\/?$/.test(url.pathname);
  if (wholeProject && !url.searchParams.has('groupRef')) return ['*'];
  const id = /\/connections\/([^/:]+)/.exec(url.pathname)?.[1];
  if (id === undefined) return [];
  const connection = await repo.getConnection('demo', decodeURIComponent(id));
  return connection ? [connection.groupRef] : [];
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
  const crm = await startCrm({ counts: { contacts: options.contacts ?? 300, companies: 20, deals: 20 } });
  const oauth = createOAuthDeps(db, randomBytes(32));
  await seedDemoData(repo, manifest);
  await connectDemoGroups(repo, crm, oauth.secrets);
  if (options.extraGroups) {
    await seedCrmGroups(repo, crm, oauth.secrets, options.extraGroups.prefix, options.extraGroups.count);
  }
  // The listening address, known once it listens (port 0).
  let publicOrigin = '';
  const app = createServiceApp({
    repo,
    connectors: createConnectorSource({
      repo,
      catalog: providerCatalog(providerAppsFor(crm)),
      secrets: oauth.secrets,
    }),
    credentials: serviceCredentials,
    oauth,
    publicOrigin: () => publicOrigin,
  });
  const received: ReceivedCall[] = [];
  const handler = options.record
    ? async (request: Request, env: unknown) => {
        const url = new URL(request.url);
        const body = request.body ? await request.clone().text() : '';
        // Looked up before the call: a delete would leave nothing to look up after.
        const addressed = [
          ...(await installationGroupIn(repo, url)),
          ...(await connectionGroupIn(repo, url)),
        ];
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
    crm,
    secrets: oauth.secrets,
    received,
    countInstallations: (groupRef) =>
      count.pluck().get('demo', crmIntegration, groupRef ?? null, groupRef ?? null) as number,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          rmSync(dataDir, { recursive: true, force: true });
          void crm.close().then(resolve, resolve);
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
