/**
 * `rate_limit_utilization`, `rate_limited_share`, `interactive_p99_ms_idle` and
 * `interactive_p99_ms_under_backfill`: how fully the service uses its customers' provider budgets, and
 * whether a user's search waits behind a backfill.
 *
 * `accounts` HubSpot accounts, each limited by the emulator (a process of its own, one account per grant)
 * to HubSpot's lowest limit, 100 requests per 10 s, all backfilling through two service instances on one
 * PostgreSQL. Pages are small (SPLICE_READ_PAGE_SIZE) so that the accounts' limits, not this machine's two
 * cores, bound the backfills. Utilization is the CRM requests the emulator served over the accounts'
 * combined limit for the measured time; the limited share is its 429s over all its CRM answers.
 *
 * The first account also has a second installation (another group, the same account and grant) that only
 * searches, at the same pace in three phases: before any backfill runs (idle); while the account's own
 * backfill uses the rest of its budget and no other account reads (the interactive figure: does a search
 * wait behind its account's backfill?); and while all the accounts backfill (the fleet figure, on a machine
 * whose two cores the other backfills keep busy).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { StoredTokens } from '@splice/service';
import { loadSecretKey, openPgPool, PgRepository, SecretBox } from '@splice/service';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';
import { startPostgres } from '@splice/testing-postgres';
import { Hono } from 'hono';
import type { Child } from '../children.js';
import { startChild } from '../children.js';
import { hubSpotConnection } from '../hubspot-connection.js';
import { percentile } from '../stats.js';

const serviceScript = new URL('../servers/env-service-child.ts', import.meta.url);
const emulatorScript = new URL('../servers/limited-hubspot-child.ts', import.meta.url);

export interface RateLimitOptions {
  accounts: number;
  /** How long the backfills are measured, after they started. */
  measureS: number;
  /** Searches for each p99 (idle, under backfill). */
  searches: number;
}

export interface RateLimitResult {
  utilization: number;
  limitedShare: number;
  served: number;
  limited: number;
  interactiveP99IdleMs: number;
  interactiveP99UnderBackfillMs: number;
  interactiveP99UnderFleetBackfillMs: number;
}

/** Per account, per interval: HubSpot's lowest burst limit. */
const limit = { max: 100, intervalMs: 10_000 };
const pageSize = 10;

async function post(url: string, apiKey: string, body: unknown, expect = 201) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'x-svc-request-type': 'search' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A receiver that takes every message (the deliveries must keep up, or reading stops at the pending cap). */
async function startSink() {
  let messages = 0;
  const app = new Hono().post('/hook', (c) => {
    messages++;
    return c.body(null, 204);
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    messages: () => messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function measureRateLimits(
  options: RateLimitOptions,
  log: (line: string) => void,
): Promise<RateLimitResult> {
  const postgres = await startPostgres();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'splice-bench-limits-'));
  const sink = await startSink();
  const children: Child[] = [];
  const databaseUrl = await postgres.createDatabase('bench_limits');
  const pool = openPgPool(databaseUrl);
  const grantsFile = join(dataDir, 'grants.json');
  try {
    // Enough contacts that no backfill ends within the measurement (the first account's starts about 30 s
    // earlier, for the searches beside it alone).
    const contacts =
      Math.ceil(((options.measureS + 60) * (limit.max / (limit.intervalMs / 1000)) * pageSize) / 1000) * 1000;
    const emulator = await startChild(emulatorScript, {
      BENCH_CONTACTS: String(contacts),
      BENCH_GRANTS: String(options.accounts),
      BENCH_GRANTS_FILE: grantsFile,
      BENCH_RATE_MAX: String(limit.max),
      BENCH_RATE_INTERVAL_MS: String(limit.intervalMs),
    });
    children.push(emulator);
    const env = {
      SPLICE_DATABASE_URL: databaseUrl,
      SPLICE_DATA_DIR: dataDir,
      SPLICE_HUBSPOT_BASE_URL: emulator.ready.url,
      SPLICE_ALLOW_PRIVATE_DESTINATIONS: 'loopback',
      SPLICE_READ_PAGE_SIZE: String(pageSize),
    };
    const instances = [await startChild(serviceScript, env, 300_000)];
    instances.push(await startChild(serviceScript, env, 300_000));
    children.push(...instances);
    const urls = instances.map((child) => child.ready.url);
    const apiKey = instances[0]!.ready.apiKey as string;
    await post(`${urls[0]}/v1/projects/demo/destinations`, apiKey, {
      name: 'contactsWebhook',
      type: 'webhook',
      metadata: { url: sink.url },
    });
    const repo = new PgRepository(pool);
    const secrets = new SecretBox(loadSecretKey(dataDir));
    const grants = JSON.parse(readFileSync(grantsFile, 'utf8')) as StoredTokens[];
    const connect = async (groupRef: string, account: number) => {
      await repo.upsertGroup({ projectId: 'demo', groupRef, groupName: groupRef });
      // The searcher and a backfilling group share an account, and so its budget.
      await repo.insertConnection(
        hubSpotConnection(secrets, groupRef, grants[account]!, `account-${account}`),
      );
    };
    const { integration } = recommendedCrmReads.hubspot;
    const install = (groupRef: string, index: number, backfill: boolean) =>
      post(
        `${urls[index % urls.length]}/v1/projects/demo/integrations/${integration}/installations?skipSampling=true`,
        apiKey,
        {
          groupRef,
          config: {
            content: recommendedCrmContent(
              'hubspot',
              backfill ? { defaultPeriod: { fullHistory: true } } : undefined,
              'contactsWebhook',
            ),
          },
        },
      );
    // The searching group: the first account's, with no backfill of its own.
    await connect('searcher', 0);
    await install('searcher', 0, false);
    const searchOnce = async (): Promise<number> => {
      const started = performance.now();
      await post(
        `${urls[0]}/search/v1/projects/demo/integrations/${integration}?groupRef=searcher`,
        apiKey,
        {
          objectName: 'contacts',
          fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'nobody@example.com' }],
        },
        200,
      ).catch((error: Error) => {
        throw new Error(`search: ${error.message}`);
      });
      return performance.now() - started;
    };
    /**
     * Searches one after another, `gapMs` apart, well under the account's 100 requests per 10 s: idle and
     * beside the account's own backfill 200 ms apart (about half of it), beside the fleet's backfills spread
     * over the measured time (100 in 60 s with `--quick`: 17 of them).
     */
    const searches = async (count: number, gapMs: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        times.push(await searchOnce());
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
      return times.sort((a, b) => a - b);
    };
    await searches(5, 50);
    const idle = await searches(options.searches, 200);
    const idleP99 = percentile(idle, 0.99);
    log(`  search p99 with the account idle: ${idleP99.toFixed(1)} ms`);
    const count = async () =>
      (await Promise.all([emulator.message('counts'), emulator.send({ type: 'count' })]))[0];
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // The searcher's account backfills, alone: its backfill and its searches share its budget.
    await connect('backfill-0', 0);
    await install('backfill-0', 0, true);
    // The backfill starts and spends its first burst; measure from a steady state.
    await sleep(5_000);
    const ownBefore = await count();
    const ownStartedAt = performance.now();
    const own = await searches(options.searches, 200);
    const ownServed = ((await count()).ok as number) - (ownBefore.ok as number);
    const ownAllowed = limit.max * ((performance.now() - ownStartedAt) / limit.intervalMs);
    const ownP99 = percentile(own, 0.99);
    log(
      `  search p99 while its own account backfills: ${ownP99.toFixed(1)} ms (idle ${idleP99.toFixed(1)} ms); ` +
        `the account served ${ownServed} requests, searches included, ${(ownServed / ownAllowed).toFixed(2)} of its limit`,
    );

    for (let account = 1; account < options.accounts; account++)
      await connect(`backfill-${account}`, account);
    await Promise.all(
      Array.from({ length: options.accounts - 1 }, (_, i) => install(`backfill-${i + 1}`, i + 1, true)),
    );
    // The new backfills start and spend their first bursts.
    await sleep(5_000);
    const before = await count();
    const startedAt = performance.now();
    const gapMs = Math.max(100, (options.measureS * 1000) / options.searches - 50);
    const busy = await searches(options.searches, gapMs);
    const remainingMs = options.measureS * 1000 - (performance.now() - startedAt);
    if (remainingMs > 0) await sleep(remainingMs);
    const after = await count();
    const elapsedS = (performance.now() - startedAt) / 1000;
    const served = (after.ok as number) - (before.ok as number);
    const limited = (after.limited as number) - (before.limited as number);
    const other = (after.other as number) - (before.other as number);
    const allowed = options.accounts * limit.max * (elapsedS / (limit.intervalMs / 1000));
    const busyP99 = percentile(busy, 0.99);
    log(
      `  ${served} CRM requests served in ${elapsedS.toFixed(1)} s of ${Math.round(allowed)} allowed ` +
        `(${options.accounts} accounts x ${limit.max} per ${limit.intervalMs / 1000} s): utilization ${(served / allowed).toFixed(3)}; ` +
        `${limited} answered 429, ${other} other errors; ${sink.messages()} messages delivered`,
    );
    const spread = (times: number[]) =>
      `median ${percentile(times, 0.5).toFixed(1)} ms, slowest ${times
        .slice(-3)
        .map((t) => t.toFixed(1))
        .join(', ')} ms`;
    log(
      `  search p99 while every account backfills: ${busyP99.toFixed(1)} ms (idle ${idleP99.toFixed(1)} ms)`,
    );
    log(
      `  searches idle: ${spread(idle)}; beside the account's backfill: ${spread(own)}; beside every account's: ${spread(busy)}`,
    );
    return {
      utilization: served / allowed,
      limitedShare: limited / Math.max(1, served + limited + other),
      served,
      limited,
      interactiveP99IdleMs: idleP99,
      interactiveP99UnderBackfillMs: ownP99,
      interactiveP99UnderFleetBackfillMs: busyP99,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await pool.end();
    await sink.close();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
