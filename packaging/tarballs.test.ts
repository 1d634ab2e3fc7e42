import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The emulators are not published: the installed service reaches them over HTTP as it would reach HubSpot.
import { type LocalProviders, startLocalProviders } from '../packages/provider-emulators/src/index.js';
import { workspacePrebuild } from './local-prebuild.js';

/**
 * The six packages as a builder gets them: `pnpm pack` (whose `prepack` builds `dist`), then `npm install`
 * of the tarballs into an empty folder outside the workspace, then plain `node` there: no TypeScript
 * loader, no workspace links, every other dependency from the registry. better-sqlite3's own install script
 * takes its native addon from a local prebuild of the workspace's copy (see local-prebuild.ts) rather than
 * compiling SQLite, which was most of this test's time; a newer release than the workspace's compiles.
 */
const run = promisify(execFile);
const repo = fileURLToPath(new URL('..', import.meta.url));
const packages = ['schema', 'server-kit', 'sandbox-data', 'service', 'bff', 'react'] as const;
const appOrigin = 'http://app.test';
const credentials = { apiKey: 'packaging-api-key-0123456789', authToken: 'packaging-auth-token-0123456789' };

interface Manifest {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
const workspaceManifest = (name: string) => readJson(join(repo, 'packages', name, 'package.json'));

function log(message: string) {
  console.log(`packaging: ${message}`);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Commands still running: killed with their whole process group (npm's compilers too) if the test ends. */
const running = new Set<ChildProcess>();

/** Runs a command in its own process group; resolves with its output, rejects with it on failure. */
function runGroup(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      running.delete(child);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${code}) in ${options.cwd}:\n${output}`));
    });
  });
}

/** Starts a process and resolves once its output matches `pattern` (rejects if it exits first). */
function startUntil(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
  pattern: RegExp,
) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<RegExpMatchArray>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`${command} exited (${code}) before printing ${pattern}:\n${output}`)),
    );
  });
  return { child, ready, output: () => output };
}

/** SIGTERM, then the exit code (the servers here stop cleanly on it). */
function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/**
 * How many records the contacts backfill of an installation has read. The bin runs the worker (reads,
 * deliveries) in a child process forked from its own dist: records read show the packaged child runs.
 */
async function backfillRecordsRead(installationId: string): Promise<number> {
  const url = `${serviceUrls.baseUrl}/projects/demo/integrations/hubspot-sync/installations/${installationId}/objects/contacts/backfill-progress`;
  const answer = await fetch(url, { headers: { 'x-api-key': credentials.apiKey } });
  return ((await answer.json()) as { recordsProcessed?: number }).recordsProcessed ?? 0;
}

let root: string;
let app: string;
let tarballs: Record<(typeof packages)[number], string>;
let service: ReturnType<typeof startUntil> | undefined;
let serviceUrls: { baseUrl: string; searchUrl: string; url: string };
let providers: LocalProviders | undefined;

const htmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name) => htmlEntities[name]!);

/**
 * Connects a group's HubSpot as its user would: the service's connect URL, the emulator's consent page,
 * Allow, and the service's callback, which trades the code for tokens at the emulator.
 */
async function connectHubSpot(groupRef: string, consumerRef: string): Promise<void> {
  const started = await fetch(`${serviceUrls.baseUrl}/oauth-connect`, {
    method: 'POST',
    headers: { 'x-api-key': credentials.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ projectIdOrName: 'demo', provider: 'hubspot', groupRef, consumerRef }),
  });
  const consentUrl = await started.text();
  expect(started.status, consentUrl).toBe(200);
  const markup = await (await fetch(consentUrl)).text();
  const action = /<form method="post" action="([^"]+)">/.exec(markup)?.[1];
  expect(action, markup).toBeDefined();
  const fields = [...markup.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, name, value]): [string, string] => [name!, unescapeHtml(value!)],
  );
  const decided = await fetch(new URL(unescapeHtml(action!), consentUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([...fields, ['decision', 'allow']]),
  });
  const callback = decided.headers.get('location');
  expect(callback, `the consent answered ${decided.status}`).toBeTruthy();
  const ended = await fetch(callback!);
  expect(ended.status, await ended.text()).toBe(200);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'splice-packaging-'));
  const packed = join(root, 'tarballs');
  tarballs = {} as typeof tarballs;
  // Each package builds against the others' sources, so the six can build side by side.
  await Promise.all(
    packages.map(async (name) => {
      const started = performance.now();
      await runGroup('pnpm', ['pack', '--pack-destination', packed], { cwd: join(repo, 'packages', name) });
      const { version } = workspaceManifest(name);
      tarballs[name] = join(packed, `splice-${name}-${version}.tgz`);
      if (!existsSync(tarballs[name])) throw new Error(`pnpm pack wrote no ${tarballs[name]}`);
      log(`built and packed @splice/${name} in ${seconds(started)}`);
    }),
  );

  app = join(root, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'host-app', private: true, type: 'module' }),
  );
  cpSync(fileURLToPath(new URL('probe', import.meta.url)), app, { recursive: true });
  // What a host adds itself: its server framework and React (same ranges the workspace tests with).
  const bff = workspaceManifest('bff');
  const react = workspaceManifest('react');
  const hostDependencies = [
    `hono@${bff.dependencies?.hono}`,
    `@hono/node-server@${bff.dependencies?.['@hono/node-server']}`,
    `express@${bff.devDependencies?.express}`,
    // A builder on several replicas adds `pg` for @splice/bff/postgres (an optional peer dependency).
    `pg@${bff.peerDependencies?.pg}`,
    `react@${react.devDependencies?.react}`,
    `react-dom@${react.devDependencies?.['react-dom']}`,
  ];
  const prebuild = await workspacePrebuild(join(repo, 'packages/service'), join(root, 'prebuilds'));
  const started = performance.now();
  log(`npm install of the six tarballs (better-sqlite3 ${prebuild.version} from a local prebuild)...`);
  await runGroup(
    'npm',
    ['install', '--no-audit', '--no-fund', ...Object.values(tarballs), ...hostDependencies],
    {
      cwd: app,
      // JOBS: a compile, when the resolved better-sqlite3 has no local prebuild, uses both cores.
      env: { ...process.env, ...prebuild.env, JOBS: 'max' },
    },
  );
  const addon = join(app, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  if (!existsSync(addon))
    throw new Error(`npm installed better-sqlite3 without building its addon (${addon})`);
  const installedSqlite = readJson(join(app, 'node_modules/better-sqlite3/package.json')).version;
  const unpacked = readFileSync(addon).equals(prebuild.addonBytes);
  log(
    `npm install done in ${seconds(started)} (better-sqlite3 ${installedSqlite}, addon ${unpacked ? 'unpacked from the local prebuild' : 'compiled'})`,
  );

  providers = await startLocalProviders({ SPLICE_SANDBOX_ACTIVITY: '0' });
  service = startUntil(
    join(app, 'node_modules/.bin/splice-service'),
    [],
    {
      cwd: app,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        SPLICE_API_KEY: credentials.apiKey,
        SPLICE_AUTH_TOKEN: credentials.authToken,
        SPLICE_DATA_DIR: join(root, 'data'),
        // HubSpot and Salesforce are this run's emulators.
        ...providers.env,
      },
    },
    /OpenAPI\s+\S+\/openapi\.json/,
  );
  await service.ready;
  // The bin prints one labelled line per URL (see `pnpm service` in the README).
  const printed = (label: string) => new RegExp(`${label}\\s+(http\\S+)`).exec(service!.output())?.[1] ?? '';
  serviceUrls = {
    baseUrl: printed('\\{base_url\\}'),
    searchUrl: printed('\\{search_url\\}'),
    url: printed('OpenAPI').replace(/\/openapi\.json$/, ''),
  };
  log(`splice-service (the bin) listening at ${serviceUrls.url}`);
}, 20 * 60_000);

afterAll(async () => {
  for (const child of running) if (child.pid) process.kill(-child.pid, 'SIGKILL');
  if (service) await stop(service.child);
  await providers?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the tarballs', () => {
  it('hold the built dist, no sources, tests, stories or test helpers', async () => {
    for (const name of packages) {
      const { stdout } = await run('tar', ['-tzf', tarballs[name]]);
      const files = stdout.trim().split('\n');
      expect(files, name).toContain('package/package.json');
      expect(files.filter((file) => file.startsWith('package/dist/')).length, name).toBeGreaterThan(3);
      const stray = files.filter(
        (file) =>
          !/^package\/(dist\/|package\.json$|README\.md$|LICENSE)/.test(file) ||
          /\.test(-d)?\.|\.stories\.|test-utils|\/test-[\w-]+\.|\.fixture\./.test(file),
      );
      expect(stray, name).toEqual([]);
    }
  });

  it('publish dist in place of src: exports, types and the bin', () => {
    for (const name of packages) {
      const installed = readJson(join(app, 'node_modules/@splice', name, 'package.json'));
      expect(JSON.stringify(installed.exports), name).not.toContain('/src/');
      expect(JSON.stringify(installed.dependencies ?? {}), name).not.toContain('workspace:');
    }
    expect(readJson(join(app, 'node_modules/@splice/service/package.json')).bin).toEqual({
      'splice-service': './dist/cli.js',
    });
  });

  it('declare in .d.ts files only packages each one depends on (React needs neither the BFF nor hono)', () => {
    for (const name of packages) {
      const directory = join(app, 'node_modules/@splice', name);
      const manifest = readJson(join(directory, 'package.json'));
      const allowed = new Set([
        manifest.name,
        ...Object.keys(manifest.dependencies ?? {}),
        ...Object.keys(manifest.peerDependencies ?? {}),
      ]);
      const serverSide = name === 'service' || name === 'bff' || name === 'server-kit';
      const undeclared = new Set<string>();
      const declarations = readdirSync(join(directory, 'dist'), { recursive: true, encoding: 'utf8' }).filter(
        (file) => file.endsWith('.d.ts'),
      );
      expect(declarations, name).toContain('index.d.ts');
      for (const file of declarations) {
        const text = readFileSync(join(directory, 'dist', file), 'utf8');
        for (const [, specifier] of text.matchAll(/(?:from\s+|import\()\s*['"]([^'".][^'"]*)['"]/g)) {
          if (serverSide && specifier!.startsWith('node:')) continue;
          const packageName = specifier!.startsWith('@')
            ? specifier!.split('/', 2).join('/')
            : specifier!.split('/')[0]!;
          if (!allowed.has(packageName)) undeclared.add(`${file}: ${specifier}`);
        }
      }
      expect([...undeclared], `@splice/${name} declarations import undeclared packages`).toEqual([]);
    }
  });
});

describe('installed with npm, in plain node', () => {
  it('every entry point imports; development helpers are on @splice/bff/dev only', async () => {
    const { stdout } = await run(process.execPath, ['entry-points.mjs'], { cwd: app });
    const entryPoints = JSON.parse(stdout) as Record<string, string[]>;
    log(`entry points: ${Object.keys(entryPoints).join(', ')}`);
    expect(entryPoints['@splice/bff']).toContain('createBff');
    expect(entryPoints['@splice/bff']).not.toContain('createStandaloneApp');
    expect(entryPoints['@splice/bff']).not.toContain('createDevSession');
    expect(entryPoints['@splice/bff/dev']).toEqual(['createDevSession', 'createStandaloneApp']);
    expect(entryPoints['@splice/bff/postgres']).toEqual([
      'PostgresIdempotencyStore',
      'PostgresInviteStore',
      'PostgresRateLimitStore',
      'migrateBffTables',
    ]);
    expect(entryPoints['@splice/bff/server-client']).toEqual([
      'UpstreamFault',
      'UpstreamProblem',
      'createSpliceServerClient',
      'failureReasons',
      'operationAnswerSchema',
      'writtenRecordId',
    ]);
    expect(entryPoints['@splice/service']).toContain('startService');
    expect(entryPoints['@splice/schema']?.length).toBeGreaterThan(10);
    expect(entryPoints['@splice/schema']).toContain('problemTypes');
    expect(entryPoints['@splice/server-kit']).toContain('renderProblem');
    expect(entryPoints['@splice/sandbox-data']).toContain('generateSandboxData');
    expect(entryPoints['@splice/react']).toContain('SpliceProvider');
  });

  it('@splice/bff/postgres loads the host’s pg on first use and reaches for the server', async () => {
    const { stdout } = await run(process.execPath, ['postgres-store.mjs'], { cwd: app });
    expect(stdout).toBe('ECONNREFUSED');
    const manifest = readJson(join(app, 'node_modules/@splice/bff/package.json'));
    expect(manifest.dependencies?.pg, 'pg is an optional peer, not a dependency').toBeUndefined();
    expect(manifest.peerDependencies?.pg).toBeDefined();
  });

  it('splice-service (the bin) serves the demo manifest with the environment’s credentials', async () => {
    // Credentials the operator set are named by their variable, never printed.
    expect(service?.output()).toContain('API key       (from SPLICE_API_KEY)');
    expect(service?.output()).not.toContain(credentials.apiKey);
    const openapi = await fetch(`${serviceUrls.url}/openapi.json`);
    expect(openapi.status).toBe(200);
    // The integration's manifest is the demo YAML, read from the installed package's dist.
    const integration = await fetch(`${serviceUrls.baseUrl}/projects/demo/integrations/hubspot-sync`, {
      headers: { 'x-api-key': credentials.apiKey, authorization: `Bearer ${credentials.authToken}` },
    });
    expect(integration.status).toBe(200);
    expect(await integration.text()).toContain('funnelStage');
  });

  // Each host signs its user in to another group, so the two creates do not collide.
  for (const host of [
    { name: 'Hono', script: 'hono-host.mjs', groupRef: 'acme', consumerRef: 'alice' },
    { name: 'Express', script: 'express-host.mjs', groupRef: 'globex', consumerRef: 'bob' },
  ]) {
    it(`createBff mounted in ${host.name}: one create, then one search, through the BFF`, async () => {
      await connectHubSpot(host.groupRef, host.consumerRef);
      const server = startUntil(
        process.execPath,
        [host.script],
        {
          cwd: app,
          env: {
            ...process.env,
            SPLICE_BASE_URL: serviceUrls.baseUrl,
            SPLICE_SEARCH_URL: serviceUrls.searchUrl,
            SPLICE_API_KEY: credentials.apiKey,
            SPLICE_AUTH_TOKEN: credentials.authToken,
            APP_ORIGIN: appOrigin,
            GROUP_REF: host.groupRef,
            CONSUMER_REF: host.consumerRef,
          },
        },
        /listening (\S+)/,
      );
      try {
        const [, url] = await server.ready;
        const headers = {
          Origin: appOrigin,
          'Sec-Fetch-Site': 'same-origin',
          'X-Requested-With': 'splice',
          'Content-Type': 'application/json',
        };
        const created = await fetch(`${url}/api/integrations/hubspot-sync/installations`, {
          method: 'POST',
          headers: { ...headers, 'Idempotency-Key': `packaging-${host.name}` },
          body: JSON.stringify({
            config: {
              content: {
                provider: 'hubspot',
                read: {
                  objects: {
                    contacts: {
                      objectName: 'contacts',
                      selectedFields: { email: true, hs_lead_status: true },
                    },
                    companies: { objectName: 'companies', disabled: true },
                    deals: { objectName: 'deals', disabled: true },
                  },
                },
              },
            },
          }),
        });
        const installation = (await created.json()) as { id?: string; group?: { groupRef: string } };
        expect(created.status, JSON.stringify(installation)).toBe(201);
        expect(installation.group?.groupRef).toBe(host.groupRef);
        await expect
          .poll(() => backfillRecordsRead(installation.id!), { timeout: 30_000 })
          .toBeGreaterThan(0);

        const searched = await fetch(`${url}/api/integrations/hubspot-sync/search`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            objectName: 'contacts',
            fieldFilters: [{ fieldName: 'hs_lead_status', operator: 'eq', value: 'CONNECTED' }],
          }),
        });
        const answer = (await searched.json()) as { results?: { id: string | null }[] };
        expect(searched.status, JSON.stringify(answer)).toBe(200);
        expect(answer.results?.length).toBeGreaterThan(0);
        log(
          `${host.name}: create 201 (${installation.id}, group ${host.groupRef}), ${await backfillRecordsRead(installation.id!)} records read by the worker child, search 200 (${answer.results?.length} contacts)`,
        );
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    });
  }

  it('renders every exported React component to a string with react-dom/server', async () => {
    const { stdout } = await run(process.execPath, ['render.mjs'], { cwd: app });
    const { components, window } = JSON.parse(stdout) as {
      components: Record<string, string | { error: string }>;
      window: string;
    };
    expect(window).toBe('undefined');
    const names = Object.keys(components);
    log(`rendered ${names.length} components: ${names.join(', ')}`);
    expect(names).toEqual(
      expect.arrayContaining(['InstallationWizard', 'SearchBox', 'InviteForm', 'BackfillPicker']),
    );
    for (const [name, html] of Object.entries(components)) {
      expect(typeof html === 'string' ? 'rendered' : html.error, name).toBe('rendered');
      // Components show their anatomy as data-scope; the provider and the boundary render their child.
      expect(html as string, name).toMatch(/data-scope="[a-z-]+"|data-probe="child"/);
    }
  });
});
