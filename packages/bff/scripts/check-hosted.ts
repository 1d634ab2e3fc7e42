/**
 * The BFF against mock servers generated from the hosted service's public OpenAPI description
 * (github.com/amp-labs/openapi), as a browser would drive it.
 *
 *   pnpm check:hosted --spec-dir <checkout of amp-labs/openapi> [--prism <prism binary>] [--port-base N]
 *
 * It starts Prism (`prism mock`, which checks every request it receives against the description) for
 * api/api.yaml, api/read.yaml and api/search.yaml, the BFF's standalone app pointed at them, signs in with
 * the development session, calls every BFF route that reaches the service, and prints per route the BFF's
 * answer (its status, and whether the body has the BFF's documented shape) and the requests Prism found in breach of the description. Prism's complaints about the answers
 * it made up itself are counted apart: they are about the mocks, not about the BFF.
 *
 * The description is not copied into this repository: pass the directory of a checkout. Prism is not a
 * dependency (about 185 packages); without `--prism` (or `PRISM`) it runs through
 * `pnpm --package=@stoplight/prism-cli@5 dlx prism`. Exit code 1 when any request breaks the description
 * or any route does not answer 2xx in its documented shape.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import {
  browserSearchResponseSchema,
  connectionAnswerSchema,
  connectUrlSchema,
  installationSchema,
  integrationCatalogSchema,
  integrationDetailsSchema,
  inviteSchema,
  runNowAnswerSchema,
  syncStatusSchema,
} from '@splice/schema';
import { createStandaloneApp } from '../src/dev/index.js';

export interface Args {
  specDir: string;
  prism: string[];
  portBase: number | undefined;
}

export function parseArgs(argv: string[]): Args {
  const value = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const dir = value('--spec-dir');
  if (!dir) {
    console.error('Usage: pnpm check:hosted --spec-dir <checkout of amp-labs/openapi> [--prism <bin>]');
    process.exit(2);
  }
  // `pnpm --filter` runs this in packages/bff: a relative path means the caller's directory.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const specDir = isAbsolute(dir) ? dir : resolve(cwd, dir);
  const prismBin = value('--prism') ?? process.env.PRISM;
  const portBase = value('--port-base');
  return {
    specDir,
    prism: prismBin ? [prismBin] : ['pnpm', '--package=@stoplight/prism-cli@5', 'dlx', 'prism'],
    portBase: portBase ? Number(portBase) : undefined,
  };
}

/** A free loopback port (asked of the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character starts every colour code
const ansi = /\u001b\[[0-9;]*m/g;

/** One Prism mock: its log, split into one block per request it received. */
export interface Mock {
  name: string;
  url: string;
  process: ChildProcess;
  lines: string[];
}

export async function startMock(name: string, file: string, port: number, prism: string[]): Promise<Mock> {
  const [command, ...rest] = prism as [string, ...string[]];
  const child = spawn(command, [...rest, 'mock', file, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const mock: Mock = { name, url: `http://127.0.0.1:${port}`, process: child, lines: [] };
  let listening: () => void = () => {};
  const ready = new Promise<void>((ok) => {
    listening = ok;
  });
  const take = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').replace(ansi, '').split('\n')) {
      if (!line.trim()) continue;
      mock.lines.push(line);
      if (line.includes('Prism is listening')) listening();
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code) =>
      fail(new Error(`prism for ${name} exited (${code}):\n${mock.lines.join('\n')}`)),
    ),
  );
  const timeout = new Promise<never>((_, fail) =>
    setTimeout(() => fail(new Error(`prism for ${name} did not start in 120 s`)), 120_000).unref(),
  );
  await Promise.race([ready, exited, timeout]);
  return mock;
}

/** What Prism said about the requests it received while one route ran. */
export interface Seen {
  requests: string[];
  requestViolations: string[];
  responseViolations: number;
}

export function readBlocks(lines: readonly string[]): Seen {
  const seen: Seen = { requests: [], requestViolations: [], responseViolations: 0 };
  let current = '';
  for (const line of lines) {
    const received = line.match(/\[HTTP SERVER\] (\w+) (\S+) .*Request received/);
    if (received) {
      current = `${received[1]?.toUpperCase()} ${received[2]}`;
      seen.requests.push(current);
      continue;
    }
    if (/NO_PATH_MATCHED_ERROR|NO_METHOD_MATCHED_ERROR/.test(line)) {
      seen.requestViolations.push(`${current}: a path or method the description does not have`);
    }
    const violation = line.match(/Violation: (\S+) (.*)$/);
    if (!violation) continue;
    if (violation[1]?.startsWith('response')) seen.responseViolations += 1;
    else seen.requestViolations.push(`${current}: ${violation[1]} ${violation[2]}`);
  }
  return seen;
}

/** Waits until no mock has logged anything for `quietMs`: the requests of one route are all in. */
export async function settle(mocks: readonly Mock[], quietMs = 400): Promise<void> {
  let last = mocks.reduce((n, m) => n + m.lines.length, 0);
  for (;;) {
    await new Promise((ok) => setTimeout(ok, quietMs));
    const now = mocks.reduce((n, m) => n + m.lines.length, 0);
    if (now === last) return;
    last = now;
  }
}

/**
 * Prism routes `PATCH .../connections/{id}:oauth-update` to the operation of `PATCH .../connections/{id}`
 * (its `{connectionId}` swallows the `:oauth-update`), then checks the request against that operation's
 * body. The BFF never calls that operation, so the mock of api.yaml is made from a copy (in a temporary
 * directory, the checkout is left alone) without it. Returns what was done, for the report.
 */
export function withoutShadowingOperation(apiYaml: string): string {
  const lines = readFileSync(apiYaml, 'utf8').split('\n');
  const pathLine = lines.indexOf('  /projects/{projectIdOrName}/connections/{connectionId}:');
  if (pathLine < 0) return 'no workaround needed (no PATCH /connections/{connectionId} path)';
  let end = pathLine + 1;
  while (end < lines.length && !/^ {2}\S/.test(lines[end] ?? '')) end += 1;
  const patch = lines.findIndex((line, i) => i > pathLine && i < end && line === '    patch:');
  if (patch < 0) return 'no workaround needed (that path has no PATCH)';
  let patchEnd = patch + 1;
  while (patchEnd < end && !/^ {4}\S/.test(lines[patchEnd] ?? '')) patchEnd += 1;
  lines.splice(patch, patchEnd - patch);
  writeFileSync(apiYaml, lines.join('\n'));
  return 'PATCH /projects/{projectIdOrName}/connections/{connectionId} left out of the api.yaml mock (Prism routes :oauth-update to it)';
}

interface Route {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The BFF's documented answer (its strict browser schema); none for an answer without a body. */
  answer?: { safeParse(value: unknown): { success: boolean } };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  for (const file of ['api/api.yaml', 'api/read.yaml', 'api/search.yaml']) {
    if (!existsSync(join(args.specDir, file))) {
      throw new Error(`${join(args.specDir, file)} is missing: pass a checkout of amp-labs/openapi`);
    }
  }
  // A copy keeps the relative references between the description's files working.
  const copy = mkdtempSync(join(tmpdir(), 'check-hosted-'));
  cpSync(args.specDir, copy, { recursive: true, filter: (source) => !source.includes('node_modules') });
  const files = {
    api: join(copy, 'api/api.yaml'),
    read: join(copy, 'api/read.yaml'),
    search: join(copy, 'api/search.yaml'),
  };
  console.log(`Workaround: ${withoutShadowingOperation(files.api)}.`);
  const ports =
    args.portBase === undefined
      ? await Promise.all([freePort(), freePort(), freePort(), freePort()])
      : [0, 1, 2, 3].map((i) => (args.portBase as number) + i);
  const [apiPort, readPort, searchPort, bffPort] = ports as [number, number, number, number];
  console.log('Starting Prism mocks (the first run may download prism-cli)...');
  const mocks = await Promise.all([
    startMock('api', files.api, apiPort, args.prism),
    startMock('read', files.read, readPort, args.prism),
    startMock('search', files.search, searchPort, args.prism),
  ]);
  const [api, read, search] = mocks as [Mock, Mock, Mock];
  const origin = `http://127.0.0.1:${bffPort}`;
  const logs: string[] = [];
  const standalone = createStandaloneApp(
    {
      // Prism serves the description's paths at its root: the servers' `/v1` is not part of them.
      SPLICE_BASE_URL: api.url,
      SPLICE_SEARCH_URL: search.url,
      SPLICE_READ_URL: read.url,
      SPLICE_API_KEY: 'check-hosted-api-key',
      SPLICE_AUTH_TOKEN: 'check-hosted-auth-token',
      SPLICE_PROJECT: 'my-project',
      ALLOWED_ORIGINS: origin,
      DEV_GROUPS: 'group-123',
    },
    (entry) => {
      if (entry.level !== 'info') logs.push(JSON.stringify(entry));
    },
  );
  const server = serve({ fetch: standalone.app.fetch, port: bffPort, hostname: '127.0.0.1' });
  let failed = false;
  try {
    const signIn = await fetch(`${origin}/session`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', 'X-Requested-With': 'splice' },
      body: JSON.stringify({ groupRef: 'group-123', consumerRef: 'user_123456' }),
    });
    if (!signIn.ok) throw new Error(`dev sign-in answered ${signIn.status}: ${await signIn.text()}`);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const browser = { Cookie: cookie, Origin: origin, 'Sec-Fetch-Site': 'same-origin' };

    async function drive(route: Route) {
      const before = mocks.map((m) => m.lines.length);
      const logsBefore = logs.length;
      const response = await fetch(`${origin}/api${route.path}`, {
        method: route.method,
        headers: {
          ...browser,
          // As the React client sends every unsafe request (the CSRF guard wants both, body or not).
          ...(route.method === 'GET'
            ? {}
            : { 'Content-Type': 'application/json', 'X-Requested-With': 'splice' }),
          ...route.headers,
        },
        ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
      });
      const text = await response.text();
      await settle(mocks);
      const seen = readBlocks(mocks.flatMap((m, i) => m.lines.slice(before[i])));
      let documented = route.answer === undefined;
      if (route.answer) {
        try {
          documented = route.answer.safeParse(JSON.parse(text)).success;
        } catch {
          documented = false;
        }
      }
      const ok = response.status >= 200 && response.status < 300 && documented;
      if (!ok || seen.requestViolations.length > 0) failed = true;
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${route.name.padEnd(11)} ${route.method.padEnd(6)} ${route.path.padEnd(52)} ` +
          `BFF ${response.status}${documented ? '' : ' (not its documented shape)'}  upstream calls ${seen.requests.length}  request violations ` +
          `${seen.requestViolations.length}  (mock answers' own violations: ${seen.responseViolations})`,
      );
      for (const violation of seen.requestViolations) console.log(`       ✖ ${violation}`);
      if (!ok) {
        console.log(`       answer: ${text.slice(0, 400)}`);
        for (const entry of logs.slice(logsBefore)) console.log(`       log: ${entry.slice(0, 400)}`);
      }
      return text;
    }

    const integration = '/integrations/my-integration';
    const wizard = JSON.parse(
      await drive({ name: 'wizard', method: 'GET', path: integration, answer: integrationDetailsSchema }),
    ) as {
      integration?: { provider?: string };
      readObjects?: { objectName: string }[];
      installation?: { createTime?: string; updateTime?: string } | null;
    };
    // The version an edit starts from, as the wizard's edit mode sends it.
    const installed = wizard.installation;
    const version = `"${installed?.updateTime ?? installed?.createTime ?? '2026-01-01T00:00:00.000Z'}"`;
    const provider = wizard.integration?.provider ?? 'salesforce';
    const objectName = wizard.readObjects?.[0]?.objectName ?? 'account';
    const start = { attempt: 'check-hosted-0123456789', mode: 'popup' };
    const routes: Route[] = [
      { name: 'catalog', method: 'GET', path: '/integrations', answer: integrationCatalogSchema },
      {
        name: 'connection',
        method: 'GET',
        path: `${integration}/connection`,
        answer: connectionAnswerSchema,
      },
      {
        name: 'connect',
        method: 'POST',
        path: `${integration}/connect`,
        body: start,
        answer: connectUrlSchema,
      },
      {
        name: 'reconnect',
        method: 'POST',
        path: `${integration}/reconnect`,
        body: start,
        answer: connectUrlSchema,
      },
      {
        name: 'install',
        method: 'POST',
        path: `${integration}/installations`,
        headers: { 'Idempotency-Key': crypto.randomUUID() },
        body: { config: { content: { provider, read: { objects: { [objectName]: { objectName } } } } } },
        answer: installationSchema,
      },
      { name: 'status', method: 'GET', path: `${integration}/status`, answer: syncStatusSchema },
      {
        name: 'run now',
        method: 'POST',
        path: `${integration}/objects/${objectName}/read`,
        body: {},
        answer: runNowAnswerSchema,
      },
      {
        name: 'search',
        method: 'POST',
        path: `${integration}/search`,
        body: { objectName, fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'a@example.com' }] },
        answer: browserSearchResponseSchema,
      },
      {
        name: 'invite',
        method: 'POST',
        path: '/invites',
        body: { email: 'dana@example.com' },
        answer: inviteSchema,
      },
      {
        name: 'update',
        method: 'PATCH',
        path: `${integration}/installation`,
        headers: { 'Idempotency-Key': crypto.randomUUID(), 'If-Match': version },
        body: {
          updateMask: [`config.content.read.objects.${objectName}`],
          installation: {
            config: {
              content: { read: { objects: { [objectName]: { objectName, schedule: '0 * * * *' } } } },
            },
          },
        },
        answer: installationSchema,
      },
      { name: 'pause', method: 'POST', path: `${integration}/objects/${objectName}/pause`, body: {} },
      { name: 'resume', method: 'POST', path: `${integration}/objects/${objectName}/resume`, body: {} },
      {
        name: 'uninstall',
        method: 'DELETE',
        path: `${integration}/installation`,
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      },
      { name: 'disconnect', method: 'DELETE', path: `${integration}/connection` },
    ];
    for (const route of routes) await drive(route);
  } finally {
    server.close();
    await standalone.close();
    for (const mock of mocks) mock.process.kill('SIGTERM');
    rmSync(copy, { recursive: true, force: true });
  }
  console.log(
    failed
      ? '\nSome routes failed (see above).'
      : '\nEvery route answered 2xx; no request broke the description.',
  );
  process.exitCode = failed ? 1 : 0;
}

// Run as a script; imported (the service's own check reuses its Prism helpers), it does nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
