/**
 * The write endpoint under hostile input, on a service whose two groups write to two CRMs that share
 * nothing (Acme: the HubSpot emulator, Globex: the Salesforce emulator):
 *
 * 1. Schema-driven fuzz: generated write requests, valid and invalid, each answered without a 5xx, in the
 *    documented shapes (the served OpenAPI document), an invalid one as a 400 naming what it broke.
 * 2. Cross-group attempts: each group's write naming the other group everywhere a request can (the query,
 *    headers, the record, a repeated JSON member, the other's integration, near-spellings of its name):
 *    never a 5xx, and every record written lands in the CRM of the group whose installation the request
 *    addressed, none in the other's.
 */
import { mulberry32, pick } from '@splice/sandbox-data';
import { writeRequestSchema } from '@splice/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figures } from '../src/figures.js';
import { classOf, jsonSchemaOf, zodExpectations } from '../src/fuzz/cases.js';
import { arbitraryFor } from '../src/fuzz/json-schema-arbitrary.js';
import type { FuzzCase } from '../src/fuzz/run.js';
import { printFuzzFigures, runFuzz } from '../src/fuzz/run.js';
import { checkerFor, type OpenApiChecker } from '../src/openapi-checker.js';
import { mapPool } from '../src/pool.js';
import { countServiceErrors } from '../src/quiet.js';
import { sizes } from '../src/size.js';
import {
  hubSpotContactsNamed,
  salesforceContactsNamed,
  startWriteWorld,
  type WriteWorld,
} from '../src/write-service.js';

type Json = Record<string, unknown>;

let world: WriteWorld;
let checker: OpenApiChecker;
let serviceErrors: ReturnType<typeof countServiceErrors>;
const runId = Math.random().toString(36).slice(2, 8);

const crms = {
  acme: { integration: 'hubspot-sync', objectName: 'contacts', lastName: 'lastname', email: 'email' },
  globex: { integration: 'salesforce-sync', objectName: 'Contact', lastName: 'LastName', email: 'Email' },
} as const;
type Group = keyof typeof crms;
const other = (group: Group): Group => (group === 'acme' ? 'globex' : 'acme');

const writeUrl = (integration: string, objectName: string, query = '') =>
  `${world.service.writeUrl}/projects/demo/integrations/${integration}/objects/${objectName}${query}`;
const headers = () => ({ 'content-type': 'application/json', 'x-api-key': world.service.apiKey });

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  world = await startWriteWorld();
  checker = await checkerFor(world.service.url, 'service');
});
afterAll(async () => {
  serviceErrors?.restore();
  await world?.close();
});

/** A generated body made to address Acme's contacts with fields HubSpot has, where the generator allows. */
function writeCase([generated, caseSeed]: [unknown, number], slot: number): FuzzCase {
  const random = mulberry32(caseSeed);
  const body = { ...(generated as Json) };
  if (random() < 0.9) body.groupRef = 'acme';
  const fields = () => ({
    email: `fuzz${slot}.${runId}@writes.example`,
    lastname: `Fuzz${slot}`,
    ...(random() < 0.3 && { [pick(random, ['firstname', 'jobtitle', 'nosuchfield', '__proto__'])]: 'x' }),
  });
  const kind = classOf(random);
  if (kind !== 'invalid') {
    // The request's rules beyond its members' shapes: one of record and batch, ids on updates and deletes,
    // a delete synchronous and single, auto-batching for asynchronous single records only.
    if (body.record !== undefined || body.type === 'delete' || !Array.isArray(body.batch)) {
      delete body.batch;
      body.record = { ...(body.record as Json) };
    } else delete body.record;
    if (body.type === 'delete') delete body.mode;
    if (body.mode !== 'asynchronous' || body.record === undefined) delete body.autoBatchPolicy;
    const id = body.type === 'create' ? {} : { id: String(1 + Math.floor(random() * 50)) };
    if (body.record !== undefined) body.record = { ...(body.record as Json), ...id };
    if (Array.isArray(body.batch)) {
      body.batch = (body.batch as Json[]).map((item) => ({
        ...item,
        record: { ...(item?.record as Json), ...id },
      }));
    }
    if (body.record !== undefined) body.record = { ...(body.record as Json), ...fields() };
    if (Array.isArray(body.batch)) {
      body.batch = (body.batch as Json[]).map((item) => ({
        ...item,
        record: { ...(item?.record as Json), ...fields() },
      }));
    }
  }
  const base = {
    method: 'POST',
    url: writeUrl('hubspot-sync', 'contacts'),
    headers: headers(),
    body: JSON.stringify(body),
  };
  const invalid = zodExpectations(writeRequestSchema, body);
  if (invalid) return { ...base, kind: 'invalid', label: 'generated value zod refuses', expect: invalid };
  // A valid request may still be refused for its content: a field HubSpot lacks, a delete not enabled, a
  // record HubSpot refuses (422 with its reason), a group with no installation (404).
  return { ...base, kind: 'valid', label: 'valid', allowed: [{ status: 422 }, { status: 404 }] };
}

describe('the write endpoint', () => {
  it(`answers ${sizes.writeFuzzCases} generated write requests without a 5xx, as documented`, async () => {
    const inputs = fc.sample(fc.tuple(arbitraryFor(jsonSchemaOf(writeRequestSchema)), fc.nat()), {
      numRuns: sizes.writeFuzzCases,
      seed: sizes.seed + 33,
    });
    const tally = await runFuzz(
      {
        name: 'writeRecords',
        checker,
        pathTemplate:
          '/write/v1/projects/{projectIdOrName}/integrations/{integrationId}/objects/{objectName}',
        method: 'POST',
        successStatus: 200,
      },
      inputs.map((input, slot) => writeCase(input, slot)),
      4,
    );
    printFuzzFigures('fuzz:service:writeRecords', tally);
    expect(tally.allFiveXx).toBe(0);
    expect(tally.schemaMismatches.count, tally.schemaMismatches.toString()).toBe(0);
    expect(tally.failures.count, tally.failures.toString()).toBe(0);
  });

  it(`never writes into the other group's CRM (${sizes.writeAttackCases} attempts)`, async () => {
    const random = mulberry32(sizes.seed + 34);
    interface Attempt {
      label: string;
      attacker: Group;
      url: string;
      headers: Record<string, string>;
      body: string;
      lastName: string;
    }
    const attempts: Attempt[] = Array.from({ length: sizes.writeAttackCases }, (_, index) => {
      const attacker = pick(random, ['acme', 'globex'] as const);
      const own = crms[attacker];
      const victim = other(attacker);
      const lastName = `Attack${index}x${runId}`;
      const record: Json = {
        [own.lastName]: lastName,
        [own.email]: `attack${index}.${runId}@writes.example`,
      };
      const body: Json = { groupRef: attacker, type: 'create', record };
      const base = { attacker, lastName, headers: headers(), url: writeUrl(own.integration, own.objectName) };
      const shapes: Array<() => Attempt> = [
        () => ({
          ...base,
          label: 'query',
          url: writeUrl(own.integration, own.objectName, `?groupRef=${victim}`),
          body: JSON.stringify(body),
        }),
        () => ({
          ...base,
          label: 'headers',
          headers: {
            ...base.headers,
            'x-group-ref': victim,
            'x-amp-group-ref': victim,
            'x-splice-group': victim,
          },
          body: JSON.stringify(body),
        }),
        () => ({
          ...base,
          label: 'record',
          body: JSON.stringify({ ...body, record: { ...record, groupRef: victim } }),
        }),
        () => ({
          ...base,
          label: 'batch',
          body: JSON.stringify({ groupRef: attacker, type: 'create', batch: [{ record, groupRef: victim }] }),
        }),
        () => ({
          ...base,
          label: 'repeated member',
          body: `${JSON.stringify(body).slice(0, -1)},"groupRef":${JSON.stringify(victim)}}`,
        }),
        () => ({
          ...base,
          label: "the other's integration",
          url: writeUrl(crms[victim].integration, crms[victim].objectName),
          body: JSON.stringify({ ...body, record: { [crms[victim].lastName]: lastName } }),
        }),
        () => ({
          ...base,
          label: "the other's name, near-spelt",
          body: JSON.stringify({
            ...body,
            groupRef: pick(random, [
              victim.toUpperCase(),
              ` ${victim}`,
              `${victim} `,
              `${victim}\u0000`,
              `${victim}/..`,
            ]),
          }),
        }),
        () => ({ ...base, label: "the other's name", body: JSON.stringify({ ...body, groupRef: victim }) }),
      ];
      return pick(random, shapes)();
    });
    const statuses = new Map<string, number>();
    const fiveXx: string[] = [];
    const written: Attempt[] = [];
    await mapPool(attempts, 4, async (attempt) => {
      const response = await fetch(attempt.url, {
        method: 'POST',
        headers: attempt.headers,
        body: attempt.body,
      });
      await response.text();
      const key = `${response.status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (response.status >= 500) fiveXx.push(`${attempt.label}: ${response.status}`);
      if (response.status === 200) written.push(attempt);
    });
    let leaked = 0;
    let landed = 0;
    await mapPool(attempts, 4, async (attempt) => {
      const inOwn = attempt.attacker === 'acme' ? hubSpotContactsNamed : salesforceContactsNamed;
      const inVictim = attempt.attacker === 'acme' ? salesforceContactsNamed : hubSpotContactsNamed;
      if ((await inVictim(world, attempt.lastName)) > 0) leaked++;
      if ((await inOwn(world, attempt.lastName)) > 0) landed++;
    });
    figures(
      'cross-group:writes',
      `${attempts.length} attempts, ${written.length} written to the addressed group's own CRM, ${landed} found there, ${leaked} in the other group's CRM, ${fiveXx.length} 5xx; answers: ${[...statuses].map(([status, n]) => `${n}×${status}`).join(', ')}`,
      { attempts: attempts.length, written: written.length, leaked, fiveXx: fiveXx.length },
    );
    expect(fiveXx).toEqual([]);
    expect(leaked).toBe(0);
    expect(landed).toBe(written.length);
  });
});
