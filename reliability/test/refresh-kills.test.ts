/**
 * Three service instances (the CLI, each its own process) on one PostgreSQL backfill one HubSpot
 * connection whose access tokens last 4 s, so the instances refresh it every few seconds, while one of
 * them is SIGKILLed again and again. The emulator rotates refresh tokens and revokes the grant on any
 * reuse outside its grace for the immediately previous token (the case of an instance killed after the
 * provider rotated, before it stored the answer). Expected: 0 refresh-token reuses, the grant never
 * revoked (the connection never `bad_credentials`), and the receiver gets exactly every contact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import { mulberry32 } from '@splice/sandbox-data';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgPool, PgRepository } from '../../packages/service/src/store/pg/index.js';
import {
  receivedRecordIds,
  startWebhookReceiver,
  waitFor,
} from '../../packages/service/test/webhook-receiver.js';
import { crmConnection, crmEnv, crmProvider, secretsOf, startCrm } from '../src/emulated-hubspot.js';
import { figures } from '../src/figures.js';
import { sleep } from '../src/pool.js';
import { killServiceProcesses, launchServiceProcess, type ServiceProcess } from '../src/service-process.js';
import { sizes } from '../src/size.js';

const apiKey = 'splice-dev-api-key';
const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };

let server: RunningPostgres | undefined;
let crm: RunningHubSpotEmulator | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  killServiceProcesses();
  await server?.stop();
  await crm?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function post(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('refreshes across instances that are SIGKILLed', () => {
  it(`loses no grant and no record through ${sizes.refreshKills} SIGKILLs during refreshes`, {
    timeout: 300_000,
  }, async () => {
    const random = mulberry32(sizes.seed + 7);
    server = await startPostgres();
    const databaseUrl = await server.createDatabase('refresh_kills');
    dataDir = mkdtempSync(join(tmpdir(), 'splice-refresh-kills-'));
    const contacts = sizes.refreshKillContacts;
    crm = await startCrm({
      counts: { contacts, companies: 5, deals: 5 },
      accessTokenTtlSeconds: 4,
      rotateRefreshTokens: true,
      refreshGraceMs: 60_000,
    });
    // Each page takes a moment, so the backfill spans several token lifetimes.
    crm.faults.latencyMs = 40;
    const receiver = await startWebhookReceiver('whsec_cGxhY2Vob2xkZXJwbGFjZWhvbGRlcnBsYWNlaG9sZGVy');
    const env = {
      SPLICE_DATABASE_URL: databaseUrl,
      SPLICE_DATA_DIR: dataDir,
      ...crmEnv(crm),
      SPLICE_READ_TICK_MS: '500',
      SPLICE_READ_LEASE_MS: '3000',
      SPLICE_REFRESH_LEASE_MS: '2000',
      SPLICE_READ_PAGE_SIZE: '20',
      SPLICE_RETRY_BASE_MS: '50',
      SPLICE_RETRY_MAX_MS: '500',
    };
    const pool = openPgPool(databaseUrl);
    try {
      const instances: ServiceProcess[] = [await launchServiceProcess('a', env)];
      const url = instances[0]!.url;
      const destination = await post(`${url}/v1/projects/demo/destinations`, {
        name: 'contactsWebhook',
        type: 'webhook',
        metadata: { url: receiver.url },
      });
      expect(destination.status).toBe(201);
      receiver.secret = destination.body.secrets.signingSecret;
      const repo = new PgRepository(pool);
      const groupRef = 'refresh-kills';
      await repo.upsertGroup({ projectId: 'demo', groupRef, groupName: groupRef });
      const connection = await repo.insertConnection(crmConnection(crm, secretsOf(dataDir), groupRef));
      instances.push(
        ...(await Promise.all([launchServiceProcess('b', env), launchServiceProcess('c', env)])),
      );
      const { integration } = recommendedCrmReads.hubspot;
      const installed = await post(`${url}/v1/projects/demo/integrations/${integration}/installations`, {
        groupRef,
        config: {
          content: recommendedCrmContent(
            crmProvider,
            { defaultPeriod: { fullHistory: true } },
            'contactsWebhook',
          ),
        },
      });
      expect(installed.status).toBe(201);

      let killed = 0;
      for (; killed < sizes.refreshKills; killed++) {
        await sleep(1_000 + Math.floor(random() * 3_000));
        // Any of the three, the first one too: every instance refreshes the connection.
        const index = Math.floor(random() * instances.length);
        const victim = instances[index]!;
        const exited = new Promise((resolve) => victim.child.once('exit', resolve));
        victim.child.kill('SIGKILL');
        await exited;
        instances[index] = await launchServiceProcess(`${'abc'[index]}${killed}`, env);
      }
      const expected = new Set(Array.from({ length: contacts }, (_, index) => String(index + 1)));
      await waitFor(
        async () => receivedRecordIds(receiver, 'contacts').size >= contacts,
        180_000,
        'every contact delivered',
      );
      expect(receivedRecordIds(receiver, 'contacts')).toEqual(expected);
      expect(crm.refreshTokenReuses()).toBe(0);
      const stored = await repo.getConnection('demo', connection.id);
      expect(stored?.status).not.toBe('bad_credentials');
      const events = await repo.listConnectionEvents('demo', connection.id);
      const refreshes = events.filter((event) => event.kind === 'connection.refreshed').length;
      expect(events.filter((event) => event.kind === 'connection.error')).toEqual([]);
      expect(refreshes).toBeGreaterThan(0);
      figures(
        'refresh-kills',
        `${killed} SIGKILLs of 3 instances, ${refreshes} refreshes of 4-s tokens, ${contacts} records: 0 reuses, 0 revoked, 0 lost`,
        { kills: killed, refreshes, contacts, reuses: 0, lost: 0 },
      );
    } finally {
      killServiceProcesses();
      await pool.end();
      await receiver.close();
    }
  });
});
