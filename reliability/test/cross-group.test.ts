/**
 * Cross-group access: two signed-in users of two groups (acme in org-demo, globex in org-globex), and
 * generated attempts by each to reach the other's installation or records through every BFF route, naming
 * the other group in the body, nested in it, in the query, in headers and in the path. The verdict comes
 * from the service's own record of every request it received (its fetch handler is wrapped): each request
 * made on behalf of a user named that user's group and organization only. A fast-check property over the
 * attack's shape, so a leak is shrunk to a minimal attempt (each re-send with an address and idempotency
 * key of its own).
 */
import { Agent } from 'node:http';
import type { Session } from '@splice/bff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { browserHeaders, startBffFor } from '../src/bff-harness.js';
import type { Attack, Party } from '../src/cross-group/attacks.js';
import { attackShape, buildAttack } from '../src/cross-group/attacks.js';
import { Failures, figures } from '../src/figures.js';
import { assertPrechecked } from '../src/fuzz/property.js';
import { acmeInstallation } from '../src/fuzz/setup.js';
import { mapPool } from '../src/pool.js';
import { sendRaw } from '../src/raw/send.js';
import type { InProcessService, ReceivedCall } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

let service: InProcessService;
let bff: RunningBff;
const parties: Party[] = [];
/** What only the other group's data would show: its name, its installation's config id, its own mapped name. */
const markers = new Map<string, string[]>();

const sessions = new Map<string, Session>([
  ['alice', { groupRef: 'acme', orgId: 'org-demo', consumerRef: 'alice' }],
  ['bob', { groupRef: 'globex', orgId: 'org-globex', consumerRef: 'bob' }],
]);

async function install(body: unknown) {
  const response = await fetch(`${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`install: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; config: { id: string } };
}

beforeAll(async () => {
  service = await startInProcessService({ record: true });
  await service.repo.insertOrg({ id: 'org-globex', name: 'Globex Org' });
  const acme = await install(acmeInstallation);
  const globex = await install({
    groupRef: 'globex',
    config: {
      content: {
        provider: 'hubspot',
        read: {
          objects: {
            contacts: { objectName: 'contacts', selectedFieldMappings: { tier: 'lifecyclestage' } },
          },
        },
      },
    },
  });
  parties.push(
    {
      sid: 'alice',
      groupRef: 'acme',
      orgId: 'org-demo',
      connectionId: 'conn-acme-hubspot',
      installationId: acme.id,
    },
    {
      sid: 'bob',
      groupRef: 'globex',
      orgId: 'org-globex',
      connectionId: 'conn-globex-hubspot',
      installationId: globex.id,
    },
  );
  markers.set('acme', ['Acme Corp', acme.config.id, '"stage":']);
  markers.set('globex', ['"groupName":"Globex"', globex.config.id, '"tier":']);
  bff = await startBffFor(service, { sessionOf: (sid) => sessions.get(sid) ?? null });
  service.received.length = 0;
});
afterAll(async () => {
  await bff.close();
  await service.close();
});

/** What one attempt got: its status, the request id the BFF gave it, and what its answer gave away. */
interface Sent {
  status: number;
  requestId: string | undefined;
  /** The answer shows the victim's data. */
  responseLeaks: string[];
  /** A 5xx. */
  serverError: string | undefined;
}

async function send(attack: Attack, agent: Agent): Promise<Sent> {
  const headers = browserHeaders(attack.attacker.sid, attack.headers);
  if (attack.body === undefined) delete headers['Content-Type'];
  // node:http, so that a GET can carry a body too (fetch refuses to send one).
  const body = attack.body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(attack.body));
  const response = await sendRaw(
    `${bff.url}${attack.path}${attack.query}`,
    attack.method,
    headers,
    body,
    15_000,
    agent,
  );
  const { text } = response;
  const requestId = response.headers['x-request-id'];
  const what = `  - ${attack.attacker.sid} ${attack.method} ${attack.path}${attack.query} (${attack.location}) -> ${response.status}: ${text.slice(0, 200)}`;
  const responseLeaks: string[] = [];
  for (const marker of markers.get(attack.victim.groupRef) ?? []) {
    // A mapped name shows the installation only in search results; elsewhere it could be an echo.
    if (
      marker.startsWith('"') &&
      marker.endsWith('":') &&
      !(attack.route === 'search' && response.status === 200)
    )
      continue;
    if (text.includes(marker)) responseLeaks.push(`${what} (shows ${marker})`);
  }
  return {
    status: response.status,
    requestId: typeof requestId === 'string' ? requestId : undefined,
    responseLeaks,
    serverError: response.status >= 500 ? what : undefined,
  };
}

/** The calls the service received for one attempt that named another group or organization. */
function upstreamLeaks(attack: Attack, calls: readonly ReceivedCall[]): string[] {
  const leaks: string[] = [];
  for (const call of calls) {
    const foreignGroups = call.groupRefs.filter((g) => g !== attack.attacker.groupRef);
    const foreignOrg = call.orgId !== undefined && call.orgId !== attack.attacker.orgId;
    if (foreignGroups.length > 0 || foreignOrg)
      leaks.push(
        `  - ${attack.attacker.sid} (${attack.location}) reached ${call.method} ${call.path} for ${[...foreignGroups, ...(foreignOrg ? [call.orgId] : [])].join(', ')}`,
      );
  }
  return leaks;
}

/** The service's record, by the BFF's request id: which calls each browser request caused. */
function callsByRequestId(): Map<string, ReceivedCall[]> {
  const calls = new Map<string, ReceivedCall[]>();
  for (const call of service.received)
    if (call.requestId) calls.set(call.requestId, [...(calls.get(call.requestId) ?? []), call]);
  return calls;
}

describe('cross-group access through the BFF', () => {
  it(`${sizes.crossGroupCases} generated attempts leak nothing`, async () => {
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });
    const n = sizes.crossGroupCases;
    let attributed = 0;
    let unattributed = 0;
    const serverErrors = new Failures();
    try {
      await assertPrechecked({
        inputs: attackShape,
        numRuns: n,
        seed: sizes.seed + 30,
        // Eight at a time, as before; the figures count every attempt whatever the property finds.
        precheck: async (shapes) => {
          const attacks = shapes.map((shape, slot) => buildAttack(parties as [Party, Party], shape, slot));
          const sent = await mapPool(attacks, 8, (attack) => send(attack, keepAlive));
          const statuses = new Map<number, number>();
          const locations = new Map<string, number>();
          const responseLeaks = new Failures();
          const serviceLeaks = new Failures();
          const calls = callsByRequestId();
          const ours = new Set<string>();
          const faults = attacks.map((attack, index) => {
            const answer = sent[index] as Sent;
            locations.set(attack.location, (locations.get(attack.location) ?? 0) + 1);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.requestId) ours.add(answer.requestId);
            const upstream = upstreamLeaks(
              attack,
              answer.requestId ? (calls.get(answer.requestId) ?? []) : [],
            );
            for (const leak of upstream) serviceLeaks.add(leak);
            for (const leak of answer.responseLeaks) responseLeaks.add(leak);
            if (answer.serverError) serverErrors.add(answer.serverError);
            return [
              ...upstream,
              ...answer.responseLeaks,
              ...(answer.serverError ? [answer.serverError] : []),
            ];
          });
          // The service's own record: every call it received, attributed by the BFF's request id.
          for (const call of service.received) {
            if (call.requestId && ours.has(call.requestId)) attributed++;
            else unattributed++;
          }
          const leaks = serviceLeaks.count + responseLeaks.count;
          figures(
            'cross-group',
            `${attacks.length} attempts (${[...locations.entries()].map(([l, k]) => `${k} ${l}`).join(', ')}), ${leaks} leaks (${serviceLeaks.count} upstream calls for another group or org, ${responseLeaks.count} answers showing its data), ${attributed} upstream calls checked, ${unattributed} unattributed, ${serverErrors.count} 5xx; statuses: ${[
              ...statuses.entries(),
            ]
              .sort((a, b) => a[0] - b[0])
              .map(([s, k]) => `${k}×${s}`)
              .join(', ')}`,
            {
              attempts: attacks.length,
              leaks,
              serviceLeaks: serviceLeaks.count,
              responseLeaks: responseLeaks.count,
              upstreamCalls: attributed,
              unattributed,
              fiveXx: serverErrors.count,
            },
          );
          return faults;
        },
        // One attempt while shrinking: its own calls are the ones the service recorded under its request id.
        rerun: async (shape, slot) => {
          const attack = buildAttack(parties as [Party, Party], shape, slot);
          const answer = await send(attack, keepAlive);
          const calls = answer.requestId ? (callsByRequestId().get(answer.requestId) ?? []) : [];
          return [
            ...upstreamLeaks(attack, calls),
            ...answer.responseLeaks,
            ...(answer.serverError ? [answer.serverError] : []),
          ];
        },
      });
    } finally {
      keepAlive.destroy();
    }
    expect(unattributed, 'every upstream call carries the request id of the browser request it serves').toBe(
      0,
    );
    expect(serverErrors.count, serverErrors.toString()).toBe(0);
    expect(attributed, 'some attempts reached the service (with the attacker’s own group)').toBeGreaterThan(
      0,
    );
  });
});
