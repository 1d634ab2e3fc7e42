import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createServiceApp } from './app.js';
import { defaultManifestPath, devCredentials } from './config.js';
import { seedDemoData } from './demo-data.js';
import type { Provider } from './deps.js';
import { loadManifest } from './manifest/load-manifest.js';
import { createOAuthDeps, loadSecretKey } from './oauth/secret-key.js';
import { createSandboxProvider } from './provider/sandbox-provider.js';
import { openDatabase, SqliteRepository } from './store/index.js';

export interface StartServiceOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number;
  /** Default 127.0.0.1: the service is for this machine. */
  host?: string;
  /** Where the SQLite database lives. */
  dataDir: string;
  apiKey?: string;
  authToken?: string;
  /** Sandbox contacts to generate on first start. Default 5,000. */
  contacts?: number;
  /** The manifest YAML. Default: the demo manifest (integration `crm-sync`). */
  manifestPath?: string;
  /** Seals stored OAuth tokens: 32 bytes, base64. Default: a key file in `dataDir`, made on first start. */
  secretKey?: string;
}

export interface RunningService {
  url: string;
  /** `{base_url}` of the seed. */
  baseUrl: string;
  /** `{search_url}` of the seed. */
  searchUrl: string;
  apiKey: string;
  authToken: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Opens the store, seeds the demo data set and the sandbox provider (first start only), and serves the
 * service over HTTP. A bad manifest throws before anything listens.
 */
export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const manifest = loadManifest(options.manifestPath ?? defaultManifestPath);
  const db = openDatabase(options.dataDir);
  const repo = new SqliteRepository(db);
  seedDemoData(repo, manifest);
  const sandbox = createSandboxProvider(db, { contacts: options.contacts ?? 5_000 });
  const credentials = {
    apiKey: options.apiKey ?? devCredentials.apiKey,
    authToken: options.authToken ?? devCredentials.authToken,
  };
  const providers = new Map<string, Provider>([[sandbox.name, sandbox]]);
  const oauth = createOAuthDeps(db, loadSecretKey(options.dataDir, options.secretKey));
  const app = createServiceApp({ repo, providers, credentials, oauth });
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 4010, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;
  return {
    url,
    baseUrl: `${url}/v1`,
    searchUrl: `${url}/search/v1`,
    ...credentials,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          db.close();
          if (error) reject(error);
          else resolve();
        });
        // Keep-alive sockets would hold close() open; the service has nothing left to answer.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
