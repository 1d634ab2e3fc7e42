/**
 * Reads that survive: a full-history backfill of Acme's HubSpot contacts (the emulator, over HTTP through
 * the connector) delivered to a real receiver (signatures verified with the `standardwebhooks` library)
 * ends with exactly the expected set of record ids,
 *
 * 1. while the receiver misbehaves: 500s, 429s with Retry-After, connection resets, silence past the
 *    service's timeout, slow bodies (some past the timeout, so a stored message is sent again);
 * 2. while the service is SIGKILLed again and again mid-backfill and restarted on the same data directory:
 *    nothing is lost, and a message that arrives twice carries the same id and the same records.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import { mulberry32 } from '@splice/sandbox-data';
import { demoConnectionGrants, startService } from '@splice/service';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';
import { type RunningPostgres, startPostgres } from '@splice/testing-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Fault,
  receivedRecordIds,
  startWebhookReceiver,
  waitFor,
} from '../../packages/service/test/webhook-receiver.js';
import { crmEnv, crmProvider, grantTokens, providerAppsFor, startCrm } from '../src/emulated-hubspot.js';
import { figures } from '../src/figures.js';
import { sleep } from '../src/pool.js';
import { sizes } from '../src/size.js';

const fixture = fileURLToPath(new URL('../src/read-service-child.ts', import.meta.url));
const serviceDir = fileURLToPath(new URL('../../packages/service/', import.meta.url));
const apiKey = 'splice-dev-api-key';
const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };

const live = new Set<ChildProcess>();
const dirs: string[] = [];
const emulators: RunningHubSpotEmulator[] = [];
/** `SPLICE_TEST_POSTGRES=1`: the services keep their data in PostgreSQL (one server, a database per test). */
let postgres: Promise<RunningPostgres> | undefined;
let databases = 0;
afterAll(async () => {
  for (const child of live) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await Promise.all(emulators.map((emulator) => emulator.close()));
  await (await postgres)?.stop();
});

async function databaseUrl(): Promise<string | undefined> {
  if (process.env.SPLICE_TEST_POSTGRES !== '1') return undefined;
  postgres ??= startPostgres();
  return (await postgres).createDatabase(`reads_${++databases}`);
}

/** Acme's HubSpot with `contacts` contacts, its rate limit lifted. */
async function startAccount(contacts: number): Promise<RunningHubSpotEmulator> {
  const emulator = await startCrm({ counts: { contacts, companies: 20, deals: 20 } });
  emulators.push(emulator);
  return emulator;
}

/** The recommended HubSpot installation, reading the contacts' full history into the webhook destination. */
const fullHistoryContacts = {
  content: recommendedCrmContent(crmProvider, { defaultPeriod: { fullHistory: true } }, 'contactsWebhook'),
};
const { integration } = recommendedCrmReads.hubspot;

async function post(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Creates the destination (the receiver learns its secret) and the installation whose backfill runs. */
async function setUp(url: string, receiver: { url: string; secret: string }): Promise<string> {
  const destination = await post(`${url}/v1/projects/demo/destinations`, {
    name: 'contactsWebhook',
    type: 'webhook',
    metadata: { url: receiver.url },
  });
  expect(destination.status).toBe(201);
  receiver.secret = destination.body.secrets.signingSecret;
  const installation = await post(`${url}/v1/projects/demo/integrations/${integration}/installations`, {
    groupRef: 'acme',
    config: fullHistoryContacts,
  });
  expect(installation.status).toBe(201);
  return installation.body.id;
}

async function backfillOf(
  url: string,
  installationId: string,
): Promise<{ status: string; recordsProcessed: number } | undefined> {
  const res = await fetch(
    `${url}/v1/projects/demo/integrations/${integration}/installations/${installationId}/objects/contacts/backfill-progress`,
    { headers },
  );
  return res.status === 200
    ? ((await res.json()) as { status: string; recordsProcessed: number })
    : undefined;
}

const allIds = (count: number) => new Set(Array.from({ length: count }, (_, index) => String(index + 1)));

describe('reads and delivery under faults', () => {
  it('delivers every record of a backfill exactly as expected while the receiver misbehaves', async () => {
    const random = mulberry32(sizes.seed);
    const pickFault = (): Fault => {
      const roll = random();
      if (roll < 0.55) return { kind: 'ok' };
      if (roll < 0.65) return { kind: 'status', status: 500 };
      if (roll < 0.72) return { kind: 'status', status: 429, headers: { 'retry-after': '0' } };
      if (roll < 0.77) return { kind: 'status', status: 503 };
      if (roll < 0.84) return { kind: 'reset' };
      if (roll < 0.88) return { kind: 'silence' };
      if (roll < 0.95) return { kind: 'slow', ms: 100 };
      return { kind: 'slow', ms: 1_500 };
    };
    const receiver = await startWebhookReceiver('whsec_cGxhY2Vob2xkZXJwbGFjZWhvbGRlcnBsYWNlaG9sZGVy');
    receiver.fault = () => pickFault();
    const dataDir = mkdtempSync(join(tmpdir(), 'splice-read-faults-'));
    dirs.push(dataDir);
    const contacts = sizes.faultBackfillContacts;
    const crm = await startAccount(contacts);
    const started = performance.now();
    const url = await databaseUrl();
    const service = await startService({
      port: 0,
      dataDir,
      ...(url ? { databaseUrl: url } : {}),
      providerApps: providerAppsFor(crm),
      demoConnections: demoConnectionGrants((provider) =>
        provider === crmProvider ? grantTokens(crm) : undefined,
      ),
      runReads: true,
      readTiming: { tickMs: 50, retryBaseMs: 10, retryMaxMs: 100, parkMs: 50, deliveryTimeoutMs: 500 },
      // The receiver listens on this machine.
      allowPrivateDestinations: ['loopback'],
    });
    try {
      const installationId = await setUp(service.url, receiver);
      const done = await waitFor(
        async () => {
          const progress = await backfillOf(service.url, installationId);
          return progress?.status === 'success' ? progress : undefined;
        },
        sizes.faultBackfillContacts > 10_000 ? 30 * 60_000 : 150_000,
        'the backfill to finish',
      );
      const ids = receivedRecordIds(receiver, 'contacts');
      expect(done.recordsProcessed).toBe(contacts);
      expect(ids).toEqual(allIds(contacts));
      expect(receiver.badSignatures).toBe(0);
      figures(
        'read-faults',
        `${contacts} records, ${receiver.messages.size} messages, ${receiver.requests} requests (${receiver.requests - receiver.arrivals.length} faulted), ${receiver.duplicates} duplicates, 0 lost, ${Math.round(performance.now() - started)} ms`,
        { contacts, requests: receiver.requests, duplicates: receiver.duplicates, lost: 0 },
      );
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  // Every kill is followed by a new process start (a few seconds each on a busy machine), hence the time.
  it(`loses nothing when the service is SIGKILLed ${sizes.readKills} times during a backfill`, {
    timeout: 360_000,
  }, async () => {
    const random = mulberry32(sizes.seed + 1);
    const receiver = await startWebhookReceiver('whsec_cGxhY2Vob2xkZXJwbGFjZWhvbGRlcnBsYWNlaG9sZGVy');
    // Each answer takes a while, so the backfill is still delivering when the kills come: a kill then
    // lands mid-message (stored by the receiver, not yet acknowledged), the case that must not lose or
    // change a message.
    receiver.fault = () => ({ kind: 'slow', ms: 250 });
    const dataDir = mkdtempSync(join(tmpdir(), 'splice-read-kills-'));
    dirs.push(dataDir);
    const contacts = sizes.readKillContacts;
    const crm = await startAccount(contacts);
    const database = await databaseUrl();

    // Each start stores a new grant as Acme's tokens, as the demo does with its emulators' grants.
    const launch = async (): Promise<{ child: ChildProcess; url: string }> => {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], {
        cwd: serviceDir,
        env: {
          ...process.env,
          ...crmEnv(crm),
          RELIABILITY_CRM_TOKENS: JSON.stringify(grantTokens(crm)),
          ...(database ? { SPLICE_DATABASE_URL: database } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      live.add(child);
      child.on('exit', () => live.delete(child));
      let output = '';
      child.stderr!.on('data', (chunk) => {
        output += chunk;
      });
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk) => {
          output += chunk;
          const match = /READY (\S+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) =>
          reject(new Error(`the service exited (${code}) before it was ready:\n${output}`)),
        );
      });
      return { child, url };
    };
    const kill = async (child: ChildProcess) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };

    let { child, url } = await launch();
    const installationId = await setUp(url, receiver);
    let killsDuringBackfill = 0;
    try {
      for (let kill_ = 0; kill_ < sizes.readKills; kill_++) {
        await sleep(30 + Math.floor(random() * 400));
        await kill(child);
        ({ child, url } = await launch());
        const progress = await backfillOf(url, installationId);
        if (progress?.status !== 'success') killsDuringBackfill++;
      }
      const done = await waitFor(
        async () => {
          const progress = await backfillOf(url, installationId);
          return progress?.status === 'success' ? progress : undefined;
        },
        300_000,
        'the backfill to finish after the kills',
      );
      expect(done.recordsProcessed).toBe(contacts);
      expect(receivedRecordIds(receiver, 'contacts')).toEqual(allIds(contacts));
      expect(receiver.badSignatures).toBe(0);
      // A repeat is the same message: same id, same records.
      const firstCopy = new Map<string, string>();
      for (const arrival of receiver.arrivals) {
        const ids = arrival.body.result.map((r: { id: string }) => r.id).join(',');
        const seen = firstCopy.get(arrival.id);
        if (seen === undefined) firstCopy.set(arrival.id, ids);
        else expect(ids).toBe(seen);
      }
      expect(killsDuringBackfill).toBeGreaterThan(0);
      figures(
        'read-kills',
        `${sizes.readKills} SIGKILLs (${killsDuringBackfill} during the backfill), ${contacts} records, ${receiver.messages.size} messages, ${receiver.duplicates} repeated, 0 lost`,
        { kills: sizes.readKills, killsDuringBackfill, contacts, duplicates: receiver.duplicates, lost: 0 },
      );
    } finally {
      await kill(child);
      await receiver.close();
    }
  });
});
