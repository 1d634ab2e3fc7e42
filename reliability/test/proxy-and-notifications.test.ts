/**
 * The proxy under hostile input, on a service whose two groups reach two CRMs that share nothing (Acme:
 * the HubSpot emulator, Globex: the Salesforce emulator), both installations with `proxy.enabled`:
 *
 * 1. Fuzz: generated provider paths (slashes, dot segments plain and encoded, `@`, backslashes, full URLs
 *    naming a third server, control characters, long and unicode segments), methods and bodies: never a
 *    500, and the third server, which every generated host names, is never called.
 * 2. Cross-group: requests naming one group's installation by id with the other group's ref, integration
 *    or project, or naming a group's ref with the other's integration: each is a 404 from the service,
 *    and a call that names one installation consistently reads only that installation's own CRM.
 * 3. Notification routing: generated bodies for creating topics, event-topic routes and topic-destination
 *    routes (valid ones aimed at a real topic and destination): no 5xx, every answer in the served
 *    OpenAPI shapes, an invalid body a 400.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  eventTopicRouteRequestSchema,
  topicDestinationRouteRequestSchema,
  topicRequestSchema,
} from '@splice/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { figures } from '../src/figures.js';
import { classOf, jsonSchemaOf, zodExpectations } from '../src/fuzz/cases.js';
import { arbitraryFor } from '../src/fuzz/json-schema-arbitrary.js';
import type { FuzzCase } from '../src/fuzz/run.js';
import { printFuzzFigures, runFuzz } from '../src/fuzz/run.js';
import { checkerFor, type OpenApiChecker } from '../src/openapi-checker.js';
import { mapPool } from '../src/pool.js';
import { countServiceErrors } from '../src/quiet.js';
import { sizes } from '../src/size.js';
import { startWriteWorld, type WriteWorld } from '../src/write-service.js';

let world: WriteWorld;
let serviceErrors: ReturnType<typeof countServiceErrors>;
let elsewhere: Server;
let elsewhereHost: string;
let elsewhereHits = 0;
let checker: OpenApiChecker;
const installations = { acme: '', globex: '' };
const integrations = { acme: 'hubspot-sync', globex: 'salesforce-sync' } as const;
/** A path only each group's own CRM answers. */
const ownPath = {
  acme: '/crm/v3/objects/contacts?limit=1',
  globex: '/services/data/v60.0/query?q=SELECT+Id+FROM+Contact+LIMIT+1',
};
type Group = keyof typeof installations;
const groups: Group[] = ['acme', 'globex'];
const other = (group: Group): Group => (group === 'acme' ? 'globex' : 'acme');

function proxyHeaders(extra: Record<string, string>): Record<string, string> {
  return {
    'x-amp-proxy-version': '1',
    'x-amp-project-id': 'demo',
    'x-api-key': world.service.apiKey,
    ...extra,
  };
}

async function enableProxy(group: Group) {
  const url = `${world.service.baseUrl}/projects/demo/integrations/${integrations[group]}/installations?groupRef=${group}`;
  const listed = (await (await fetch(url, { headers: proxyHeaders({}) })).json()) as Array<{ id: string }>;
  const id = listed[0]!.id;
  const patched = await fetch(
    `${world.service.baseUrl}/projects/demo/integrations/${integrations[group]}/installations/${id}`,
    {
      method: 'PATCH',
      headers: { ...proxyHeaders({}), 'content-type': 'application/json' },
      body: JSON.stringify({
        updateMask: ['config.content.proxy.enabled'],
        installation: { config: { content: { proxy: { enabled: true } } } },
      }),
    },
  );
  expect(patched.status).toBe(200);
  installations[group] = id;
}

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  world = await startWriteWorld();
  elsewhere = createServer((_req, res) => {
    elsewhereHits++;
    res.end('elsewhere');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereHost = `127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  for (const group of groups) await enableProxy(group);
  checker = await checkerFor(world.service.url, 'service');
});

afterAll(async () => {
  serviceErrors?.restore();
  await world?.close();
  await new Promise<void>((resolve) => (elsewhere ? elsewhere.close(() => resolve()) : resolve()));
});

/** Path segments an attacker would try, with the third server's host among them. */
const segment = () =>
  fc.oneof(
    fc.constantFrom('..', '.', '%2e%2e', '%2E', '%2f', '%5c', '\\', '@', '', '%00', '%0d%0a', '#', '?x=1'),
    fc.constantFrom(elsewhereHost, `http://${elsewhereHost}`, `//${elsewhereHost}`, `@${elsewhereHost}`),
    fc.constantFrom('crm', 'v3', 'objects', 'contacts', 'services', 'data', 'v60.0', 'sobjects', 'Contact'),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
  );

const proxyCase = () =>
  fc.record({
    group: fc.constantFrom<Group>('acme', 'globex'),
    segments: fc.array(segment(), { minLength: 1, maxLength: 6 }),
    leadingSlashes: fc.integer({ min: 0, max: 3 }),
    /** A quarter of the cases are the group's own readable path with the segments as a query value. */
    onOwnPath: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'),
    body: fc.option(fc.json({ maxDepth: 2 }), { nil: undefined }),
  });

describe('the proxy', () => {
  it(`answers ${sizes.proxyFuzzCases} generated requests without a 500, and reaches no other host`, async () => {
    const statuses = new Map<number, number>();
    const cases = fc.sample(proxyCase(), { numRuns: sizes.proxyFuzzCases, seed: sizes.seed });
    await mapPool(cases, 8, async (c) => {
      const path = c.onOwnPath
        ? `${ownPath[c.group].slice(1)}&x=${encodeURIComponent(c.segments.join('/'))}`
        : `${'/'.repeat(c.leadingSlashes)}${c.segments.join('/')}`;
      let response: Response;
      try {
        response = await fetch(`${world.service.url}/proxy/${path}`, {
          method: c.method,
          headers: proxyHeaders({ 'x-amp-installation-id': installations[c.group] }),
          ...(c.body !== undefined && c.method !== 'GET' && c.method !== 'HEAD' ? { body: c.body } : {}),
        });
      } catch {
        // A URL fetch itself refuses (a bad character in it) never left the test.
        return;
      }
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, `${c.method} /proxy/${path}`).not.toBe(500);
    });
    const byStatus = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    figures('proxy fuzz', `${sizes.proxyFuzzCases} cases, answers by status ${JSON.stringify(byStatus)}`, {
      cases: sizes.proxyFuzzCases,
      statuses: byStatus,
    });
    expect(elsewhereHits).toBe(0);
    expect(serviceErrors.count()).toBe(0);
  });

  it(`never reaches the other group's CRM (${sizes.proxyAttackCases} attempts)`, async () => {
    const attacks = fc.sample(
      fc.record({
        group: fc.constantFrom<Group>('acme', 'globex'),
        form: fc.constantFrom(
          'idWithOtherRef',
          'idWithOtherIntegration',
          'refWithOtherIntegration',
          'otherProject',
        ),
        target: fc.constantFrom<Group>('acme', 'globex'),
      }),
      { numRuns: sizes.proxyAttackCases, seed: sizes.seed },
    );
    await mapPool(attacks, 4, async ({ group, form, target }) => {
      const them = other(group);
      const headers: Record<string, string> = {
        idWithOtherRef: { 'x-amp-installation-id': installations[group], 'x-amp-group-ref': them },
        idWithOtherIntegration: {
          'x-amp-installation-id': installations[group],
          'x-amp-integration-name': integrations[them],
        },
        refWithOtherIntegration: { 'x-amp-integration-name': integrations[them], 'x-amp-group-ref': group },
        otherProject: {
          'x-amp-installation-id': installations[group],
          'x-amp-project-id': 'no-such-project',
        },
      }[form];
      const response = await fetch(`${world.service.url}/proxy${ownPath[target]}`, {
        headers: proxyHeaders(headers),
      });
      const body = await response.text();
      expect(response.status, `${form} as ${group} for ${target}'s path: ${body}`).toBe(404);
      expect(body).toMatch(/urn:problem-type:(installation|project)-not-found/);
    });
    // Named consistently, each installation reads its own CRM, and the other CRM's path is not there.
    for (const group of groups) {
      const own = await fetch(`${world.service.url}/proxy${ownPath[group]}`, {
        headers: proxyHeaders({ 'x-amp-integration-name': integrations[group], 'x-amp-group-ref': group }),
      });
      expect(own.status).toBe(200);
      const theirs = await fetch(`${world.service.url}/proxy${ownPath[other(group)]}`, {
        headers: proxyHeaders({ 'x-amp-installation-id': installations[group] }),
      });
      expect(theirs.status).not.toBe(200);
    }
    expect(serviceErrors.count()).toBe(0);
  });
});

describe('notification routing', () => {
  const routing = [
    { name: 'createTopic', path: 'topics', schema: topicRequestSchema },
    {
      name: 'createEventTopicRoute',
      path: 'notification-event-topic-routes',
      schema: eventTopicRouteRequestSchema,
    },
    {
      name: 'createTopicDestinationRoute',
      path: 'topic-destination-routes',
      schema: topicDestinationRouteRequestSchema,
    },
  ] as const;

  for (const [index, operation] of routing.entries()) {
    it(`answers ${sizes.proxyFuzzCases} generated ${operation.name} bodies without a 5xx, as documented`, async () => {
      const url = `${world.service.baseUrl}/projects/demo/${operation.path}`;
      const headers = { ...proxyHeaders({}), 'content-type': 'application/json' };
      // A real topic and destination, for the valid routes to aim at.
      const topic = (await (
        await fetch(`${world.service.baseUrl}/projects/demo/topics`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ name: `fuzz-${index}-${Date.now()}` }),
        })
      ).json()) as { id: string };
      // Never delivered to: the reads, and so the deliverer, do not run in this world.
      const destination = (await (
        await fetch(`${world.service.baseUrl}/projects/demo/destinations`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `fuzz-${index}-${Date.now()}`,
            type: 'webhook',
            metadata: { url: 'https://receiver.example/hook' },
          }),
        })
      ).json()) as { id: string };
      const inputs = fc.sample(
        fc.tuple(arbitraryFor(jsonSchemaOf(operation.schema as z.ZodMiniType)), fc.nat()),
        { numRuns: sizes.proxyFuzzCases, seed: sizes.seed + 40 + index },
      );
      const cases = inputs.map(([generated, caseSeed], slot): FuzzCase => {
        const body: Record<string, unknown> = { ...(generated as Record<string, unknown>) };
        const kind = classOf(() => (caseSeed % 1000) / 1000);
        if (kind === 'valid') {
          if ('topicId' in body && slot % 2 === 0) body.topicId = topic.id;
          if ('destinationId' in body && slot % 3 === 0) body.destinationId = destination.id;
        } else {
          // Broken as a careless caller would: a member missing, of the wrong type, or one too many.
          const [first] = Object.keys(body);
          if (slot % 3 === 0 && first) delete body[first];
          else if (slot % 3 === 1 && first) body[first] = slot;
          else body.unexpected = true;
        }
        const base = { method: 'POST', url, headers, body: JSON.stringify(body) };
        const invalid = zodExpectations(operation.schema as z.ZodMiniType, body);
        if (invalid)
          return { ...base, kind: 'invalid', label: 'generated value zod refuses', expect: invalid };
        // A valid body may name a topic or destination that does not exist, or one routed already.
        return { ...base, kind: 'valid', label: 'valid', allowed: [{ status: 404 }, { status: 409 }] };
      });
      const tally = await runFuzz(
        {
          name: operation.name,
          checker,
          pathTemplate: `/v1/projects/{projectIdOrName}/${operation.path}`,
          method: 'POST',
          successStatus: 201,
        },
        cases,
        4,
      );
      printFuzzFigures(`fuzz:service:${operation.name}`, tally);
      expect(tally.allFiveXx).toBe(0);
      expect(tally.schemaMismatches.count, tally.schemaMismatches.toString()).toBe(0);
      expect(tally.failures.count, tally.failures.toString()).toBe(0);
    });
  }
});
