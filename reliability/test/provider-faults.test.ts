/**
 * A backfill through every fault a provider throws: the service reads Acme's HubSpot contacts (the
 * emulator, over HTTP) while the emulator answers, one class at a time, 500, 502 and 503, resets the
 * connection, answers an HTML error page, cuts a JSON body in half, holds an answer past the service's
 * timeout and answers 429 to every call for a while; then the grant is revoked mid-way and the
 * account reconnected. The receiver ends with exactly the expected record ids, and the operation's
 * history names each fault class it met.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import {
  demoConnectionGrants,
  openCredentials,
  openDatabase,
  SqliteRepository,
  sealCredentials,
  startService,
} from '@splice/service';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';
import { afterAll, describe, expect, it } from 'vitest';
import {
  receivedRecordIds,
  startWebhookReceiver,
  waitFor,
} from '../../packages/service/test/webhook-receiver.js';
import { crmProvider, grantTokens, providerAppsFor, secretsOf, startCrm } from '../src/emulated-hubspot.js';
import { figures } from '../src/figures.js';
import { sizes } from '../src/size.js';

const apiKey = 'splice-dev-api-key';
const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };
const { integration } = recommendedCrmReads.hubspot;

const dirs: string[] = [];
const emulators: RunningHubSpotEmulator[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await Promise.all(emulators.map((emulator) => emulator.close()));
});

async function post(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

interface OperationAnswer {
  status: string;
  metadata: { progress?: { recordsProcessed: number }; providerFaults?: Record<string, number> };
}

/** One fault class switched on at the emulator, and off again. */
interface FaultPhase {
  faultClass: string;
  on(crm: RunningHubSpotEmulator): void;
  off(crm: RunningHubSpotEmulator): void;
}

const serverError = (status: 500 | 502 | 503): FaultPhase => ({
  faultClass: 'server_error',
  on: (crm) => {
    crm.faults.errorStatus = status;
    crm.faults.errorRate = 1;
  },
  off: (crm) => {
    crm.faults.errorRate = 0;
  },
});

const phases: FaultPhase[] = [
  serverError(500),
  serverError(502),
  serverError(503),
  {
    faultClass: 'connection_reset',
    on: (crm) => (crm.faults.resetRate = 1),
    off: (crm) => (crm.faults.resetRate = 0),
  },
  {
    faultClass: 'malformed_answer',
    on: (crm) => (crm.faults.malformedRate = 1),
    off: (crm) => (crm.faults.malformedRate = 0),
  },
  {
    // Truncated JSON: counted with the HTML page as an answer that cannot be read.
    faultClass: 'malformed_answer',
    on: (crm) => (crm.faults.truncatedRate = 1),
    off: (crm) => (crm.faults.truncatedRate = 0),
  },
  {
    faultClass: 'timeout',
    on: (crm) => {
      crm.faults.stallMs = 1_500;
      crm.faults.stallRate = 1;
    },
    off: (crm) => (crm.faults.stallRate = 0),
  },
  {
    // A 429 storm the service's own budget could not foresee (other apps spending the account's limit):
    // a lowered limit alone is learnt from HubSpot's headers and paced under, so it may never bring a 429.
    faultClass: 'rate_limited',
    on: (crm) => {
      crm.faults.errorStatus = 429;
      crm.faults.errorRate = 1;
    },
    off: (crm) => {
      crm.faults.errorRate = 0;
    },
  },
];

describe('a backfill through provider faults', () => {
  it('delivers exactly the expected records through every fault class and a reconnect, and names each class', {
    timeout: sizes.providerFaultContacts > 10_000 ? 40 * 60_000 : 180_000,
  }, async () => {
    const contacts = sizes.providerFaultContacts;
    const crm = await startCrm({ counts: { contacts, companies: 5, deals: 5 } });
    emulators.push(crm);
    // Answers take a few ms, so the backfill is still reading while the phases run.
    crm.faults.latencyMs = 2;
    const receiver = await startWebhookReceiver('whsec_cGxhY2Vob2xkZXJwbGFjZWhvbGRlcnBsYWNlaG9sZGVy');
    const dataDir = mkdtempSync(join(tmpdir(), 'splice-provider-faults-'));
    dirs.push(dataDir);
    const started = performance.now();
    const service = await startService({
      port: 0,
      dataDir,
      providerApps: providerAppsFor(crm),
      demoConnections: demoConnectionGrants((provider) =>
        provider === crmProvider ? grantTokens(crm) : undefined,
      ),
      runReads: true,
      providerTimeoutMs: 1_000,
      readTiming: {
        tickMs: 50,
        retryBaseMs: 10,
        retryMaxMs: 100,
        parkMs: 50,
        pageSize: sizes.providerFaultPageSize,
      },
      allowPrivateDestinations: ['loopback'],
    });
    const db = openDatabase(dataDir);
    const repo = new SqliteRepository(db);
    const secrets = secretsOf(dataDir);
    try {
      const destination = await post(`${service.url}/v1/projects/demo/destinations`, {
        name: 'contactsWebhook',
        type: 'webhook',
        metadata: { url: receiver.url },
      });
      receiver.secret = destination.body.secrets.signingSecret;
      const created = await post(
        `${service.url}/v1/projects/demo/integrations/${integration}/installations`,
        {
          groupRef: 'acme',
          config: {
            content: recommendedCrmContent(
              crmProvider,
              { defaultPeriod: { fullHistory: true } },
              'contactsWebhook',
            ),
          },
        },
      );
      expect(created.status).toBe(201);
      const installation = created.body as { id: string; connection: { id: string } };
      const progressUrl = `${service.url}/v1/projects/demo/integrations/${integration}/installations/${installation.id}/objects/contacts/backfill-progress`;
      const operationId = await waitFor(
        async () => {
          const res = await fetch(progressUrl, { headers });
          return res.status === 200 ? ((await res.json()) as { operationId: string }).operationId : undefined;
        },
        30_000,
        'the backfill to start',
      );
      const operation = async () =>
        (await (
          await fetch(`${service.url}/v1/projects/demo/operations/${operationId}`, { headers })
        ).json()) as OperationAnswer;
      const met = async (faultClass: string) =>
        (await operation()).metadata.providerFaults?.[faultClass] ?? 0;

      // Each class on until the read met it, then off until the read moved on past it.
      for (const phase of phases) {
        const before = await met(phase.faultClass);
        const processed = (await operation()).metadata.progress?.recordsProcessed ?? 0;
        phase.on(crm);
        await waitFor(async () => (await met(phase.faultClass)) > before, 30_000, `a ${phase.faultClass}`);
        phase.off(crm);
        await waitFor(
          async () => ((await operation()).metadata.progress?.recordsProcessed ?? 0) > processed,
          30_000,
          `the read to move on after ${phase.faultClass}`,
        );
      }

      // The grant is revoked mid-way: the read waits at its cursor; a reconnect stores a new grant.
      const connectionId = installation.connection.id;
      const stored = openCredentials(secrets, (await repo.getConnection('demo', connectionId))!.credentials)!;
      expect(crm.revokeGrant(stored.accessToken)).toBe(true);
      await waitFor(
        async () => (await repo.getConnection('demo', connectionId))?.status === 'bad_credentials',
        30_000,
        'the connection to be refused',
      );
      expect(await met('auth_revoked')).toBeGreaterThan(0);
      const events = await repo.listConnectionEvents('demo', connectionId);
      expect(events.map((event) => event.kind)).toContain('connection.error');
      await repo.updateConnection('demo', connectionId, {
        status: 'working',
        credentials: sealCredentials(secrets, grantTokens(crm)),
      });

      const done = await waitFor(
        async () => {
          const answer = await operation();
          return answer.status !== 'in_progress' ? answer : undefined;
        },
        contacts > 10_000 ? 30 * 60_000 : 120_000,
        'the backfill to finish',
      );
      expect(done.status).toBe('success');
      const expected = new Set(Array.from({ length: contacts }, (_, index) => String(index + 1)));
      expect(receivedRecordIds(receiver, 'contacts')).toEqual(expected);
      const faults = done.metadata.providerFaults ?? {};
      for (const faultClass of [
        'server_error',
        'connection_reset',
        'malformed_answer',
        'timeout',
        'rate_limited',
        'auth_revoked',
      ]) {
        expect(faults[faultClass], faultClass).toBeGreaterThan(0);
      }
      // No token and no client secret in what the service answers, records or sends.
      const final = openCredentials(secrets, (await repo.getConnection('demo', connectionId))!.credentials)!;
      const secretValues = [
        stored.accessToken,
        stored.refreshToken!,
        final.accessToken,
        final.refreshToken!,
        crm.app.clientSecret,
      ];
      const readStatus = await (
        await fetch(
          `${service.url}/v1/projects/demo/integrations/${integration}/installations/${installation.id}/read-status`,
          { headers },
        )
      ).text();
      const visible = [
        JSON.stringify(done),
        JSON.stringify(await repo.listConnectionEvents('demo', connectionId)),
        JSON.stringify(receiver.arrivals),
        readStatus,
      ].join('\n');
      for (const secret of secretValues) expect(visible).not.toContain(secret);
      figures(
        'provider-faults',
        `${contacts} records through ${Object.entries(faults)
          .map(([name, count]) => `${count} ${name}`)
          .join(
            ', ',
          )} and a reconnect: 0 lost, ${receiver.duplicates} repeated, ${Math.round(performance.now() - started)} ms`,
        { contacts, ...faults, duplicates: receiver.duplicates, lost: 0 },
      );
    } finally {
      db.close();
      await service.close();
      await receiver.close();
    }
  });
});
