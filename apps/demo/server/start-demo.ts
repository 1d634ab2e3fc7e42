import { once } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { type AddressInfo, isIP } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { BffLogger } from '@splice/bff';
import { consoleLogger, createBff } from '@splice/bff';
import { createSpliceServerClient } from '@splice/bff/server-client';
import type { LocalProvider } from '@splice/provider-emulators';
import { startLocalProviders } from '@splice/provider-emulators';
import {
  demoConnectionGrants,
  demoDataSet,
  keepIdleSocketsOpen,
  providerAppsFromEnv,
  startService,
} from '@splice/service';
import { recommendedCrmReads } from '@splice/service/demo-fixtures';
import { Hono } from 'hono';
import { createServer as createViteServer } from 'vite';
import { openActivity } from './activity.js';
import { buildApp, type NotFound, serveBuiltApp } from './built-app.js';
import type { DemoConfig } from './config.js';
import { appRoot } from './config.js';
import { crmLeadRoutes } from './crm-leads.js';
import { openImportedRecords } from './imported-records.js';
import { northwindRoutes } from './northwind-routes.js';
import { baseHeaders, cspNoncePlaceholder, protectPage } from './page-headers.js';
import { problem } from './problem.js';
import { createProviderControls } from './provider-controls.js';
import { registerDestinations } from './register-destinations.js';
import { registerNotifications } from './register-notifications.js';
import { createDemoSession } from './session.js';

export interface RunningDemo {
  /** The one origin the browser uses for the page, the sign-in and the BFF. */
  url: string;
  /** The embedded service, for curl users; its credentials are not printed. */
  serviceUrl: string;
  /** The CRM providers the service talks to: the emulators this demo started, or those the environment names. */
  providers: LocalProvider[];
  close(): Promise<void>;
}

/** Paths answered by Hono (the sign-in and the BFF); everything else is the React app through Vite. */
function isHonoPath(url: string) {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url.startsWith('/demo/') ||
    url.startsWith('/webhooks/')
  );
}

function levelFilter(level: DemoConfig['logLevel']): BffLogger {
  return level === 'info' ? consoleLogger : (entry) => entry.level !== 'info' && consoleLogger(entry);
}

/**
 * Starts the whole demo in this process: the embedded service on a free loopback port, and one HTTP
 * server for the browser that mounts the sign-in under `/demo`, the BFF under `/api` and the React app
 * (Vite in middleware mode) on the rest. One origin, so the session cookie reaches the BFF as it would
 * in a builder's own app, and no CORS is involved anywhere.
 */
export async function startDemo(config: DemoConfig): Promise<RunningDemo> {
  // HubSpot and Salesforce: their emulators on free loopback ports, unless the environment names a provider.
  // The consent pages name the app a customer grants access to: Northwind's own app at the provider.
  const providers = await startLocalProviders(config.providerEnv, { appName: 'Northwind Pipeline' });
  let service: Awaited<ReturnType<typeof startService>>;
  try {
    service = await startService({
      port: 0,
      host: '127.0.0.1',
      dataDir: config.dataDir,
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      apiKey: config.apiKey,
      authToken: config.authToken,
      readTiming: config.readTiming,
      // The demo's receiver is this server: on loopback, or on the address HOST names. A service delivering
      // to the internet keeps the default, which refuses loopback and private addresses (README, "Reads and
      // delivery").
      allowPrivateDestinations: ['loopback', ...(isIP(config.host) ? [config.host] : [])],
      providerApps: providerAppsFromEnv({ ...config.providerEnv, ...providers.env }),
      // Acme's HubSpot and Globex's Salesforce: a grant each from this run's emulators.
      demoConnections: demoConnectionGrants((provider) => providers.issueTokens(provider)),
    });
  } catch (error) {
    await providers.close();
    throw error;
  }
  const closeService = async () => {
    await service.close();
    await providers.close();
  };

  const server = createServer();
  // Playwright's request API (and a load balancer in front of a builder's server) reuses idle sockets.
  keepIdleSocketsOpen(server);
  // Listen first: the origin (and so the BFF's allowlist) is known only once the port is, when PORT=0.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503, { 'Retry-After': '1' }).end('Starting');
  };
  server.on('request', (req, res) => handle(req, res));
  try {
    server.listen(config.port, config.host);
    await once(server, 'listening');
  } catch (error) {
    await closeService();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const origin = `http://${host}:${port}`;

  const session = createDemoSession({ secret: config.sessionSecret, origin });
  const records = openImportedRecords(config.dataDir);
  let northwind: ReturnType<typeof northwindRoutes>;
  try {
    // The service delivers to Northwind's own endpoint on this origin; registered once the port is known.
    const secrets = await registerDestinations({
      baseUrl: service.baseUrl,
      apiKey: config.apiKey,
      project: demoDataSet.project.id,
      receiverUrl: `${origin}/webhooks/splice`,
    });
    // Splice's notifications arrive at the same receiver, signed by a destination of their own.
    const activitySecret = await registerNotifications({
      baseUrl: service.baseUrl,
      apiKey: config.apiKey,
      project: demoDataSet.project.id,
      receiverUrl: `${origin}/webhooks/splice`,
    });
    const companies = new Map<string, string>(demoDataSet.groups.map((g) => [g.groupRef, g.groupName]));
    northwind = northwindRoutes({
      records,
      activity: openActivity(records.db, (groupRef) => companies.get(groupRef) ?? groupRef),
      secrets: [...secrets, activitySecret],
      resolveSession: session.resolveSession,
      origin,
      receiverFaults: config.receiverFaults,
    });
  } catch (error) {
    server.close();
    records.close();
    await closeService();
    throw error;
  }
  const bff = createBff({
    baseUrl: service.baseUrl,
    searchUrl: service.searchUrl,
    readUrl: service.readUrl,
    // The embedded service: the connect flow ends on the BFF's page, the status shows delivery health.
    embeddedExtensions: true,
    apiKey: config.apiKey,
    authToken: config.authToken,
    project: demoDataSet.project.id,
    resolveSession: session.resolveSession,
    allowedOrigins: [origin],
    logger: levelFilter(config.logLevel),
  });
  const providerControls = createProviderControls({
    baseUrl: service.baseUrl,
    apiKey: config.apiKey,
    project: demoDataSet.project.id,
    origin,
    resolveSession: session.resolveSession,
    accounts: providers,
    searchUrl: service.searchUrl,
    probes: Object.fromEntries(
      Object.entries(recommendedCrmReads).map(([provider, crm]) => [
        provider,
        { integration: crm.integration, objectName: crm.objects.contacts },
      ]),
    ),
  });
  // Northwind's own server writes to the company's CRM through the service's Write API, with the API key.
  const splice = createSpliceServerClient({
    baseUrl: service.baseUrl,
    writeUrl: service.writeUrl,
    readUrl: service.readUrl,
    apiKey: config.apiKey,
    project: demoDataSet.project.id,
    logger: levelFilter(config.logLevel),
  });
  const app = new Hono()
    .route('/demo/provider', providerControls)
    .route('/demo/leads', crmLeadRoutes({ splice, resolveSession: session.resolveSession, origin }))
    .route('/demo', northwind.demo)
    .route('/demo', session.routes)
    .route('/webhooks', northwind.webhooks)
    .route('/api', bff);
  app.notFound((c) => problem(c, 404, 'notFound', 'There is nothing at this address.'));
  const honoListener = getRequestListener(app.fetch);

  // The React app: Vite's dev server, or a production build (`DEMO_APP=build`).
  let pages: AppPages;
  try {
    pages = config.app === 'build' ? await builtApp(config) : await viteDevServer(config, server, origin);
  } catch (error) {
    server.close();
    await bff.close();
    await closeService();
    records.close();
    throw error;
  }

  handle = (req, res) => {
    const url = req.url ?? '/';
    if (isHonoPath(url)) {
      // The routes' own headers (the BFF's policy for its pages, for one) replace these where they overlap.
      for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
      void honoListener(req, res);
      return;
    }
    protectPage(req, res);
    // The BFF accepts requests from one origin only: send people who typed localhost (or any other name
    // for this machine) to it, rather than let their sign-in fail with a 403.
    if (req.headers.host !== `${host}:${port}` && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(307, { Location: `${origin}${url}` }).end();
      return;
    }
    pages.middlewares(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    });
  };

  return {
    url: origin,
    serviceUrl: service.url,
    providers: providers.providers,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await pages.close();
      await closed;
      await bff.close();
      await splice.close();
      await closeService();
      records.close();
    },
  };
}

/** What answers the app's own addresses (everything but the sign-in, the BFF and the webhooks). */
interface AppPages {
  middlewares(req: IncomingMessage, res: ServerResponse, notFound: NotFound): void;
  close(): Promise<void>;
}

/** The React app through Vite's dev server in middleware mode: modules transformed as the browser asks. */
async function viteDevServer(config: DemoConfig, server: Server, origin: string): Promise<AppPages> {
  const vite = await createViteServer({
    root: appRoot,
    // The HMR WebSocket shares this server's port, so two demos (say, `pnpm demo` and the e2e suite)
    // never fight over Vite's default HMR port.
    // CORS only for this origin: Vite's default also answers other local origins (any dev server or
    // page on localhost), which could then read the app's sources.
    server: { middlewareMode: { server }, ws: { server }, cors: { origin: [origin] } },
    // Each page's generated tags carry a nonce its Content-Security-Policy names (./page-headers.ts).
    html: { cspNonce: cspNoncePlaceholder },
    appType: 'spa',
    // Beside the data: two demos started at once (the e2e suite starts several) never share a cache.
    cacheDir: join(config.dataDir, 'vite'),
  });
  return { middlewares: vite.middlewares, close: () => vite.close() };
}

/** The React app built at start into the data folder, served as files (./built-app.ts). */
async function builtApp(config: DemoConfig): Promise<AppPages> {
  const outDir = join(config.dataDir, 'app');
  await buildApp(outDir);
  return { middlewares: serveBuiltApp(outDir), close: async () => {} };
}
