/**
 * `backfill_scaling_3x`: the same backfill work done by three service instances on one PostgreSQL, against
 * one instance: records/s with three divided by records/s with one.
 *
 * The work is `installations` installations, each backfilling the full history of every contact, created
 * through the API (spread over the instances) and delivered to one verifying receiver in this process. A
 * single backfill is one stream, which one instance works at a time, so the work is several installations:
 * what instances share is streams. Every installation reads the HubSpot emulator (a process of its own, rate
 * limit lifted) over HTTP through its group's connection, a grant of its own; the instances share one data
 * directory, whose key seals the tokens. The figure is printed with the machine's cores: on 2 cores,
 * three instances and the emulator compete for the same two, and the ratio shows what sharing costs rather
 * than gains.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createWebhookReceiver } from '@splice/bff/webhooks';
import type { StoredTokens } from '@splice/service';
import { loadSecretKey, openPgPool, PgRepository, SecretBox } from '@splice/service';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';
import { startPostgres } from '@splice/testing-postgres';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Child } from '../children.js';
import { startChild } from '../children.js';
import type { HubSpotEmulatorReady } from '../hubspot.js';
import { hubSpotConnection } from '../hubspot-connection.js';

const childScript = new URL('../servers/env-service-child.ts', import.meta.url);
const emulatorScript = new URL('../servers/hubspot-emulator-child.ts', import.meta.url);

export interface ScalingResult {
  /** Records/s of three instances divided by records/s of one. */
  ratio: number;
  oneRecordsPerS: number;
  threeRecordsPerS: number;
  records: number;
  cores: number;
}

/** Counts distinct (installation, record) pairs, verifying every signature as a builder's receiver does. */
async function startReceiver() {
  let handler: ((c: Context) => Promise<Response>) | undefined;
  const pairs = new Set<string>();
  let lastAt = 0;
  const app = new Hono().post('/hook', (c) => handler!(c));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    setSecret: (secret: string) => {
      handler = createWebhookReceiver({
        secret,
        onMessage: (message) => {
          for (const entry of message.result ?? []) pairs.add(`${message.installationId}/${entry.id}`);
          lastAt = performance.now();
        },
      });
    },
    received: () => pairs.size,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function post(url: string, apiKey: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Records/s of `instances` instances backfilling `installations` installations of `contacts` contacts. */
async function runOnce(
  databaseUrl: string,
  instances: number,
  options: { contacts: number; installations: number },
  log: (line: string) => void,
): Promise<number> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'splice-bench-scaling-'));
  const receiver = await startReceiver();
  const children: Child[] = [];
  const pool = openPgPool(databaseUrl);
  const grantsFile = join(dataDir, 'grants.json');
  try {
    const emulator = await startChild<HubSpotEmulatorReady>(
      emulatorScript,
      {
        BENCH_CONTACTS: String(options.contacts),
        BENCH_GRANTS: String(options.installations),
        BENCH_GRANTS_FILE: grantsFile,
      },
      300_000,
    );
    children.push(emulator);
    const env = {
      SPLICE_DATABASE_URL: databaseUrl,
      SPLICE_DATA_DIR: dataDir,
      SPLICE_HUBSPOT_BASE_URL: emulator.ready.url,
      // The bench's receiver listens on this machine.
      SPLICE_ALLOW_PRIVATE_DESTINATIONS: 'loopback',
    };
    // The first instance migrates the database and makes the key; the others open both.
    children.push(await startChild(childScript, env, 300_000));
    for (let index = 1; index < instances; index++)
      children.push(await startChild(childScript, env, 300_000));
    const instancesOnly = children.slice(1);
    const urls = instancesOnly.map((child) => child.ready.url);
    const apiKey = instancesOnly[0]!.ready.apiKey as string;
    const destination = await post(`${urls[0]}/v1/projects/demo/destinations`, apiKey, {
      name: 'contactsWebhook',
      type: 'webhook',
      metadata: { url: receiver.url },
    });
    receiver.setSecret(destination.secrets.signingSecret);
    // Each group connected to HubSpot with a grant of its own, sealed with the instances' key.
    const repo = new PgRepository(pool);
    const secrets = new SecretBox(loadSecretKey(dataDir));
    const grants = JSON.parse(readFileSync(grantsFile, 'utf8')) as StoredTokens[];
    const groups = Array.from({ length: options.installations }, (_, index) => `scale-g${index}`);
    for (const [index, groupRef] of groups.entries()) {
      await repo.upsertGroup({ projectId: 'demo', groupRef, groupName: groupRef });
      await repo.insertConnection(hubSpotConnection(secrets, groupRef, grants[index]!));
    }
    const content = recommendedCrmContent(
      'hubspot',
      { defaultPeriod: { fullHistory: true } },
      'contactsWebhook',
    );
    const { integration } = recommendedCrmReads.hubspot;
    const expected = options.contacts * options.installations;
    const started = performance.now();
    await Promise.all(
      groups.map((groupRef, index) =>
        post(
          `${urls[index % urls.length]}/v1/projects/demo/integrations/${integration}/installations?skipSampling=true`,
          apiKey,
          { groupRef, config: { content } },
        ),
      ),
    );
    while (receiver.received() < expected) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (performance.now() - started > 10 * 60_000) throw new Error('the backfills took over 10 minutes');
    }
    const perS = expected / ((receiver.lastAt() - started) / 1000);
    log(
      `  ${instances} instance(s): ${expected.toLocaleString('en')} records, ${Math.round(perS)} records/s`,
    );
    return perS;
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await pool.end();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureBackfillScaling(
  options: { contacts: number; installations: number },
  log: (line: string) => void,
): Promise<ScalingResult> {
  const server = await startPostgres();
  try {
    const one = await runOnce(await server.createDatabase('scaling_one'), 1, options, log);
    const three = await runOnce(await server.createDatabase('scaling_three'), 3, options, log);
    const cores = os.availableParallelism();
    log(`  backfill_scaling_3x ${(three / one).toFixed(2)} on ${cores} cores`);
    return {
      ratio: three / one,
      oneRecordsPerS: Math.round(one),
      threeRecordsPerS: Math.round(three),
      records: options.contacts * options.installations,
      cores,
    };
  } finally {
    await server.stop();
  }
}
