/**
 * Degraded, not broken: the service (the CLI, in its own process, on a real PostgreSQL) under a
 * steady load of writes and reads while PostgreSQL is stopped for 10 s and started again on its data.
 *
 * - While it is down every answer that is not 2xx is a 503 `store-unavailable` problem with `Retry-After`:
 *   never a 500, never a hung request (each has a deadline).
 * - Every write answered 2xx (before, during or after) is in the database afterwards.
 * - Once the server is back, every kind of request succeeds again within a bound (the time is printed).
 * - The read engine resumes: a backfill that was in progress when the server stopped (its receiver held it
 *   back with 503s, so it could not finish before) is delivered completely, no read operation failed for
 *   the outage, the fleet's tick jobs run again, and an on-demand read triggered afterwards finishes.
 *
 * Phases are cut by when each request started: before, stopping (SIGINT sent, server not yet gone), down,
 * restarting (server starting), recovering (back, not yet every kind answered 2xx), after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningHubSpotEmulator } from '@splice/provider-emulators';
import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgPool, PgRepository } from '../../packages/service/src/store/pg/index.js';
import type { WebhookReceiver } from '../../packages/service/test/webhook-receiver.js';
import {
  receivedRecordIds,
  startWebhookReceiver,
  waitFor,
} from '../../packages/service/test/webhook-receiver.js';
import {
  connectDemoGroups,
  crmEnv,
  crmProvider,
  secretsOf,
  seedCrmGroups,
  startCrm,
} from '../src/emulated-hubspot.js';
import { figures } from '../src/figures.js';
import type { Answer, RequestKind } from '../src/outage/steady-load.js';
import { isSuccess, startSteadyLoad, statusCounts } from '../src/outage/steady-load.js';
import { killServiceProcesses, launchServiceProcess } from '../src/service-process.js';

const apiKey = 'splice-dev-api-key';
const outageMs = 10_000;
/**
 * Contacts of the HubSpot account: far more pages (HubSpot's at most 100 records) than
 * `maxPendingPerStream` (32), so the backfill is still reading when the server stops.
 */
const contacts = 40_000;
/** Bound on the time from the server accepting connections to every kind of request succeeding. */
const recoveryBoundMs = 15_000;

let server: RunningPostgres | undefined;
let crm: RunningHubSpotEmulator | undefined;
let dataDir: string | undefined;
let pool: pg.Pool | undefined;
let receiver: WebhookReceiver | undefined;
afterAll(async () => {
  killServiceProcesses();
  await pool?.end();
  await receiver?.close();
  await server?.stop();
  await crm?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
  body: JSON.stringify(body),
});

/** HubSpot's contacts, email only, delivered to `contactsWebhook`, with the given backfill period. */
const withBackfill = (backfill: Record<string, unknown>) => ({
  content: {
    provider: crmProvider,
    read: {
      objects: {
        contacts: {
          objectName: 'contacts',
          schedule: '*/15 * * * *',
          destination: 'contactsWebhook',
          selectedFields: { email: true },
          backfill: { defaultPeriod: backfill },
        },
      },
    },
  },
});

describe('the service while PostgreSQL is stopped for 10 s under load', () => {
  it('answers only 503s with Retry-After while it is down, loses no acknowledged write, and resumes', {
    timeout: 120_000,
  }, async () => {
    const began = Date.now();
    const timings: string[] = [];
    const mark = (what: string, since: number) => timings.push(`${what} ${Date.now() - since} ms`);

    server = await startPostgres();
    crm = await startCrm({ counts: { contacts, companies: 20, deals: 20 } });
    const databaseUrl = await server.createDatabase('outage');
    dataDir = mkdtempSync(join(tmpdir(), 'splice-pg-outage-'));
    // The receiver holds the backfill back (503, Retry-After: 1) until the test opens it after the outage.
    let receiverOpen = false;
    receiver = await startWebhookReceiver('whsec_cGxhY2Vob2xkZXJwbGFjZWhvbGRlcnBsYWNlaG9sZGVy');
    receiver.fault = () =>
      receiverOpen ? { kind: 'ok' } : { kind: 'status', status: 503, headers: { 'retry-after': '1' } };
    const service = await launchServiceProcess('outage', {
      SPLICE_DATABASE_URL: databaseUrl,
      SPLICE_DATA_DIR: dataDir,
      ...crmEnv(crm),
      SPLICE_READ_TICK_MS: '500',
      SPLICE_RETRY_BASE_MS: '200',
      SPLICE_RETRY_MAX_MS: '1000',
      SPLICE_DELIVERY_TIMEOUT_MS: '5000',
    });
    const base = `${service.url}/v1/projects/demo`;
    const installations = `${base}/integrations/hubspot-sync/installations`;
    pool = openPgPool(databaseUrl);
    const db = pool;
    mark('setup: PostgreSQL and the service started', began);

    const destination = await fetch(
      `${base}/destinations`,
      json({ name: 'contactsWebhook', type: 'webhook', metadata: { url: receiver.url } }),
    );
    expect(destination.status).toBe(201);
    receiver.secret = (
      (await destination.json()) as { secrets: { signingSecret: string } }
    ).secrets.signingSecret;
    // Acme and the generated groups connected to HubSpot, sealed with the key the service made.
    const repo = new PgRepository(db);
    const secrets = secretsOf(dataDir);
    await connectDemoGroups(repo, crm, secrets);
    const groups = await seedCrmGroups(repo, crm, secrets, 'outage', 400);
    mark('groups seeded', began);

    // The backfill that must survive the outage: every contact of group acme.
    const tracked = await fetch(
      installations,
      json({ groupRef: 'acme', config: withBackfill({ fullHistory: true }) }),
    );
    expect(tracked.status).toBe(201);
    const trackedId = ((await tracked.json()) as { id: string }).id;
    mark('backfill installation created', began);
    const backfillOf = async () =>
      (
        await db.query<{ id: string; phase: string; status: string; processed: number; messages: number }>(
          `SELECT id, phase, status, records_processed::int AS processed, messages_total::int AS messages
           FROM read_operations WHERE installation_id = $1 AND read_type = 'backfill'`,
          [trackedId],
        )
      ).rows[0];
    await waitFor(
      async () => (await backfillOf())?.messages && receiver!.requests > 0,
      20_000,
      'the backfill to read pages and attempt a delivery',
    );
    mark('setup done', began);

    // ---- the load ----
    const acknowledged = { installations: new Set<string>(), destinations: new Set<string>() };
    let nextGroup = 0;
    let nextDestination = 0;
    const readable: string[] = [trackedId];
    const kinds: RequestKind[] = [
      {
        name: 'create installation',
        request: () => {
          const groupRef = groups[nextGroup++];
          if (groupRef === undefined) return undefined;
          return {
            url: installations,
            init: json({ groupRef, config: withBackfill({ days: 0 }) }),
            subject: groupRef,
          };
        },
        created: (body) => body.id,
      },
      {
        name: 'create destination',
        request: () => ({
          url: `${base}/destinations`,
          init: json({
            name: `outage-${nextDestination++}`,
            type: 'webhook',
            metadata: { url: 'http://127.0.0.1:9/hook' },
          }),
        }),
        created: (body) => body.name,
      },
      {
        name: 'get installation',
        request: () => ({
          url: `${installations}/${readable[Math.floor(Math.random() * readable.length)]}`,
          init: { headers: { 'x-api-key': apiKey } },
        }),
      },
      {
        name: 'search',
        request: () => ({
          url: `${service.url}/search/v1/projects/demo/integrations/hubspot-sync?groupRef=acme`,
          init: {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-api-key': apiKey,
              'x-svc-request-type': 'search',
            },
            body: JSON.stringify({
              objectName: 'contacts',
              fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'nobody@example.com' }],
            }),
          },
        }),
      },
    ];
    const loadStarted = Date.now();
    const load = startSteadyLoad({
      kinds,
      workers: 4,
      deadlineMs: 10_000,
      backoffMs: 100,
      onCreated: (kind, created) => {
        if (kind === 'create installation') {
          acknowledged.installations.add(created);
          readable.push(created);
        } else acknowledged.destinations.add(created);
      },
    });
    const answers = load.answers;
    try {
      // Before: enough acknowledged writes that losing some would show.
      await waitFor(
        () => Date.now() - loadStarted >= 3_000 && acknowledged.installations.size >= 20,
        20_000,
        '20 installations created before the outage',
      );
      const backfillAtStop = await backfillOf();
      expect(backfillAtStop?.status).toBe('in_progress');
      const stopRequested = Date.now();
      await server.pause();
      const stopped = Date.now();
      await new Promise((resolve) => setTimeout(resolve, outageMs - (Date.now() - stopRequested)));
      const resumeRequested = Date.now();
      await server.resume();
      const resumed = Date.now();
      // Recovering: until every kind of request has been answered 2xx after the server was back.
      const firstSuccess = new Map<string, number>();
      await waitFor(
        () => {
          for (const answer of answers) {
            if (answer.start >= resumed && isSuccess(answer) && !firstSuccess.has(answer.kind))
              firstSuccess.set(answer.kind, answer.end);
          }
          return firstSuccess.size === kinds.length;
        },
        recoveryBoundMs,
        'every kind of request to succeed after PostgreSQL is back',
      ).catch((error: Error) => {
        const since = statusCounts(answers.filter((a) => a.start >= resumed));
        throw new Error(`${error.message}: since it was back ${since}\nservice output:\n${service.output()}`);
      });
      const recovered = Math.max(...firstSuccess.values());
      // After: the load goes on for a while on the recovered service.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await load.stop();
      const loadEnded = Date.now();

      // Each answer's phase: by when it was sent, except that one still in flight when the stop was
      // requested counts as stopping (the SIGINT ends its connection).
      const phases: Array<[string, number, number]> = [
        ['before', loadStarted, stopRequested],
        ['stopping', stopRequested, stopped],
        ['down', stopped, resumeRequested],
        ['restarting', resumeRequested, resumed],
        ['recovering', resumed, recovered],
        ['after', recovered, loadEnded],
      ];
      const phaseOf = (answer: Answer) =>
        answer.start < stopRequested && answer.end >= stopRequested
          ? 'stopping'
          : phases.findLast(([, from]) => answer.start >= from)![0];
      const inPhase = (name: string) => answers.filter((answer) => phaseOf(answer) === name);
      const summary = () =>
        phases
          .map(([name, from, to]) => `${name} (${Math.max(0, to - from)} ms): ${statusCounts(inPhase(name))}`)
          .join('; ');
      const describeAnswer = (a: Answer) =>
        `${a.kind} sent at +${a.start - loadStarted} ms (${phaseOf(a)}), answered in ${a.end - a.start} ms: ${a.status} ${a.problemType ?? ''} content-type ${a.contentType} retry-after ${a.retryAfter} ${a.error ?? ''}`;

      // Every answer that is not 2xx, in any phase, is a 503 problem to retry after Retry-After. A request
      // with no answer within its deadline (`timeout`) or a cut connection (`error`) fails this too.
      const wrong = answers.filter(
        (a) =>
          !isSuccess(a) &&
          !(
            a.status === 503 &&
            a.problemType === 'urn:problem-type:store-unavailable' &&
            a.contentType === 'application/problem+json' &&
            a.retryAfter === '2'
          ),
      );
      expect(wrong.map(describeAnswer), `${summary()}\n${service.output()}`).toEqual([]);
      // The outage was real and sampled: requests sent while it was down all got the 503.
      const down = inPhase('down');
      expect(down.length).toBeGreaterThanOrEqual(20);
      // Refused connections are answered at once: no caller waits out the pool's 5 s connect timeout.
      const slowestDownMs = Math.max(...down.map((a) => a.end - a.start));
      expect(slowestDownMs).toBeLessThan(5_000);
      expect(down.filter(isSuccess).map(describeAnswer)).toEqual([]);
      // Before and after the outage nothing fails.
      expect(
        inPhase('before')
          .filter((a) => !isSuccess(a))
          .map(describeAnswer),
      ).toEqual([]);
      const after = inPhase('after');
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((a) => !isSuccess(a)).map(describeAnswer)).toEqual([]);
      const recoveryMs = recovered - resumed;
      expect(recoveryMs).toBeLessThan(recoveryBoundMs);

      // 0 acknowledged writes lost.
      const ids = [...acknowledged.installations];
      const { rows: storedInstallations } = await db.query<{ id: string }>(
        'SELECT id FROM installations WHERE id = ANY($1::text[])',
        [ids],
      );
      const names = [...acknowledged.destinations];
      const { rows: storedDestinations } = await db.query<{ name: string }>(
        `SELECT name FROM destinations WHERE project_id = 'demo' AND name = ANY($1::text[])`,
        [names],
      );
      const lostInstallations = ids.length - storedInstallations.length;
      const lostDestinations = names.length - storedDestinations.length;
      expect({ lostInstallations, lostDestinations }).toEqual({ lostInstallations: 0, lostDestinations: 0 });
      // Not a loss, but what a client retrying a 503 meets: creates answered 503 that committed anyway
      // (the connection dropped after the commit), whose retry would get 409 installation-exists.
      const refusedGroups = answers
        .filter((a) => a.kind === 'create installation' && a.status === 503)
        .map((a) => a.subject!);
      const { rows: committedAnyway } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM installations WHERE project_id = 'demo' AND group_ref = ANY($1::text[])`,
        [refusedGroups],
      );
      const acknowledgedDuring = answers.filter(
        (a) => a.created !== undefined && a.start >= stopRequested && a.start < recovered,
      ).length;

      // ---- the read engine resumes ----
      const resumedReads = Date.now();
      receiverOpen = true;
      const backfill = await waitFor(
        async () => {
          const operation = await backfillOf();
          return operation?.phase === 'done' && operation;
        },
        30_000,
        'the backfill in progress at the outage to finish',
      ).catch(async (error: Error) => {
        throw new Error(
          `${error.message}: ${JSON.stringify(await backfillOf())}, ${receiver!.messages.size} messages received\n${service.output()}`,
        );
      });
      const backfillMs = Date.now() - resumedReads;
      expect(backfill.status).toBe('success');
      expect(backfill.processed).toBe(contacts);
      expect(receivedRecordIds(receiver, 'contacts').size).toBe(contacts);
      expect(receiver.badSignatures).toBe(0);
      const triggered = await fetch(
        `${service.url}/read/v1/projects/demo/integrations/hubspot-sync/objects/contacts`,
        json({ groupRef: 'acme', mode: 'async' }),
      );
      expect(triggered.status).toBe(201);
      const { operationId } = (await triggered.json()) as { operationId: string };
      const triggeredRead = await waitFor(
        async () => {
          const { rows } = await db.query<{ phase: string; status: string }>(
            'SELECT phase, status FROM read_operations WHERE id = $1',
            [operationId],
          );
          return rows[0]?.phase === 'done' && rows[0];
        },
        15_000,
        'the read triggered after the outage to finish',
      );
      expect(triggeredRead.status).toBe('success');
      // No read operation was failed for the outage: the reads waited.
      const { rows: failedReads } = await db.query(
        `SELECT id, read_type, errors FROM read_operations WHERE status = 'failure'`,
      );
      expect(failedReads).toEqual([]);
      // The fleet's scheduling ticks run again (pg-boss on the same database).
      const { rows: ticks } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM splice_jobs.job
         WHERE name = 'splice-read-tick' AND state = 'completed' AND created_on > to_timestamp($1 / 1000.0)`,
        [recovered],
      );
      expect(ticks[0]!.n).toBeGreaterThan(0);

      figures(
        'pg-outage',
        `PostgreSQL stopped ${Math.round((resumeRequested - stopRequested) / 1000)} s under load (4 workers; stop took ${stopped - stopRequested} ms, start ${resumed - resumeRequested} ms): ${summary()}; slowest answer while down ${slowestDownMs} ms; recovered ${recoveryMs} ms after PostgreSQL accepted connections again (first 2xx ${Math.min(...firstSuccess.values()) - resumed} ms); ${ids.length} installations and ${names.length} destinations acknowledged (${acknowledgedDuring} of them while stopping, down or recovering), 0 lost; ${committedAnyway[0]!.n} of ${refusedGroups.length} creates answered 503 committed anyway; backfill stopped at ${backfillAtStop?.phase} (${backfillAtStop?.processed} records read) finished ${backfillMs} ms after its receiver opened; the service logged ${service.logLines()} lines; ${timings.join(', ')}; ${Math.round((Date.now() - began) / 1000)} s`,
        {
          recoveryMs,
          answers: answers.length,
          down: down.length,
          slowestDownMs,
          acknowledgedInstallations: ids.length,
          acknowledgedDestinations: names.length,
          lost: 0,
          backfillMs,
        },
      );
    } finally {
      await load.stop();
    }
  });
});
