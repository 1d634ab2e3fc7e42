/**
 * `refresh_conflicts`: three service instances on one PostgreSQL reading one HubSpot connection whose
 * access tokens last 20 s, for a while: searches spread over the instances, every one of them needing a
 * live token. The HubSpot emulator (in this process, so its counters are read directly) rotates refresh
 * tokens and revokes the grant on any reuse of a retired one, with no grace: two instances refreshing at
 * once would show up as a reuse, and every search after it would fail. Figures: reuses the emulator saw
 * (goal 0), searches that failed (goal 0; any non-200), and refreshes stored (about one per 15 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { startHubSpotEmulator } from '@splice/provider-emulators';
import { loadSecretKey, openPgPool, PgRepository, SecretBox } from '@splice/service';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';
import { startPostgres } from '@splice/testing-postgres';
import { Hono } from 'hono';
import type { Child } from '../children.js';
import { startChild } from '../children.js';
import { hubSpotConnection, storedTokensOf } from '../hubspot-connection.js';

const childScript = new URL('../servers/env-service-child.ts', import.meta.url);

export interface RefreshConflictsResult {
  /** Retired refresh tokens presented to the emulator (each would revoke the grant). */
  reuses: number;
  /** Searches answered other than 200. */
  failedReads: number;
  reads: number;
  /** Rotations stored (`connection.refreshed` events). */
  refreshes: number;
  durationS: number;
}

const tokenLifetimeS = 20;

export async function measureRefreshConflicts(
  options: { durationS: number; readsPerS: number },
  log: (line: string) => void,
): Promise<RefreshConflictsResult> {
  const postgres = await startPostgres();
  const emulator = await startHubSpotEmulator({
    counts: { contacts: 200, companies: 5, deals: 5 },
    accessTokenTtlSeconds: tokenLifetimeS,
    rotateRefreshTokens: true,
    rateLimit: { max: Number.MAX_SAFE_INTEGER },
  });
  // The installation's deliveries go here; the figure is about the searches.
  const receiver = serve({
    fetch: new Hono().post('/hook', (c) => c.body(null, 204)).fetch,
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => receiver.once('listening', resolve));
  const dataDir = mkdtempSync(join(os.tmpdir(), 'splice-bench-refresh-'));
  const children: Child[] = [];
  const databaseUrl = await postgres.createDatabase('refresh_conflicts');
  const pool = openPgPool(databaseUrl);
  try {
    const env = {
      SPLICE_DATABASE_URL: databaseUrl,
      SPLICE_DATA_DIR: dataDir,
      SPLICE_HUBSPOT_BASE_URL: emulator.url,
      SPLICE_ALLOW_PRIVATE_DESTINATIONS: 'loopback',
    };
    for (let index = 0; index < 3; index++) children.push(await startChild(childScript, env, 300_000));
    const urls = children.map((child) => child.ready.url);
    const apiKey = children[0]!.ready.apiKey as string;
    const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };
    const repo = new PgRepository(pool);
    const secrets = new SecretBox(loadSecretKey(dataDir));
    const groupRef = 'refresh-bench';
    await repo.upsertGroup({ projectId: 'demo', groupRef, groupName: groupRef });
    const connection = await repo.insertConnection(
      hubSpotConnection(secrets, groupRef, storedTokensOf(emulator.issueTokens())),
    );
    const post = (url: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
    await post(`${urls[0]}/v1/projects/demo/destinations`, {
      name: 'contactsWebhook',
      type: 'webhook',
      metadata: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` },
    });
    const { integration } = recommendedCrmReads.hubspot;
    const installed = await post(
      `${urls[0]}/v1/projects/demo/integrations/${integration}/installations?skipSampling=true`,
      {
        groupRef,
        config: {
          content: recommendedCrmContent(
            'hubspot',
            { defaultPeriod: { fullHistory: true } },
            'contactsWebhook',
          ),
        },
      },
    );
    if (installed.status !== 201) throw new Error(`install: ${installed.status} ${await installed.text()}`);

    let reads = 0;
    let failedReads = 0;
    let firstFailure: string | undefined;
    const pending = new Set<Promise<void>>();
    const search = async (url: string) => {
      const res = await post(
        `${url}/search/v1/projects/demo/integrations/${integration}?groupRef=${groupRef}`,
        {
          objectName: 'contacts',
          fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'nobody@example.com' }],
        },
        { 'x-svc-request-type': 'search' },
      ).catch(() => undefined);
      reads++;
      if (res?.status !== 200) {
        failedReads++;
        firstFailure ??= res ? `${res.status} ${(await res.text()).slice(0, 300)}` : 'no answer';
      } else {
        await res.body?.cancel();
      }
    };
    const started = performance.now();
    const intervalMs = 1000 / options.readsPerS;
    for (let index = 0; performance.now() - started < options.durationS * 1000; index++) {
      const running = search(urls[index % urls.length]!);
      pending.add(running);
      void running.finally(() => pending.delete(running));
      const next = started + (index + 1) * intervalMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    await Promise.all(pending);
    const refreshes = (await repo.listConnectionEvents('demo', connection.id)).filter(
      (event) => event.kind === 'connection.refreshed',
    ).length;
    const result: RefreshConflictsResult = {
      reuses: emulator.refreshTokenReuses(),
      failedReads,
      reads,
      refreshes,
      durationS: options.durationS,
    };
    log(
      `  ${reads} searches over 3 instances in ${options.durationS} s with ${tokenLifetimeS}-s tokens: ` +
        `${refreshes} refreshes, ${result.reuses} refresh-token reuses, ${failedReads} failed` +
        (firstFailure ? ` (the first: ${firstFailure})` : ''),
    );
    return result;
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await pool.end();
    await emulator.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
