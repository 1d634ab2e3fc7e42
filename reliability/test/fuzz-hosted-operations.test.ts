/**
 * Generated requests to the hosted operations the embedded service serves for the hosted service's own
 * clients (connection update and generate, a hydrated revision, the project-wide lists): whatever is
 * sent, no answer is a 5xx, every refusal is a problem, a malformed request names each offending member,
 * and no answer carries a credential.
 */
import {
  connectionListQuerySchema,
  connectionUpdateRequestSchema,
  generateConnectionRequestSchema,
} from '@splice/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonSchemaOf } from '../src/fuzz/cases.js';
import { arbitraryFor } from '../src/fuzz/json-schema-arbitrary.js';
import { countServiceErrors } from '../src/quiet.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

// A fifth of the schema fuzz's size per operation: these operations are small, and CI time is tight.
const n = Math.max(50, Math.floor(sizes.fuzzCases / 5));
let service: InProcessService;
let serviceErrors: ReturnType<typeof countServiceErrors>;
let revisionId: string;
let connectionId: string;

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  service = await startInProcessService({ extraGroups: { prefix: 'hz', count: 1 } });
  const headers = { 'x-api-key': service.apiKey };
  const integration = (await (
    await fetch(`${service.baseUrl}/projects/demo/integrations/hubspot-sync`, { headers })
  ).json()) as { latestRevision: { id: string } };
  revisionId = integration.latestRevision.id;
  connectionId = 'conn-hz-0';
});
afterAll(async () => {
  serviceErrors.restore();
  await service.close();
});

/** What must hold of any answer, whatever was sent; undefined when it holds. */
async function verdict(response: Response): Promise<string | undefined> {
  const text = await response.text();
  if (response.status >= 500) return `a ${response.status}: ${text.slice(0, 200)}`;
  if (/accessToken|refreshToken|access_token|credentials|splice-emulator-secret/.test(text)) {
    return `a credential in the answer: ${text.slice(0, 200)}`;
  }
  if (response.status < 300) return undefined;
  if (!response.headers.get('content-type')?.startsWith('application/problem+json')) {
    return `a ${response.status} that is no problem: ${text.slice(0, 200)}`;
  }
  const problem = JSON.parse(text) as { type?: string; title?: string; issues?: { name?: string }[] };
  if (!problem.type || !problem.title) return `a problem without type or title: ${text.slice(0, 200)}`;
  if (problem.type === 'urn:problem-type:validation') {
    // An issue's name is its member's path; the body itself, when it is no object, is the empty path.
    if (!problem.issues?.length || problem.issues.some((issue) => typeof issue.name !== 'string')) {
      return `a validation problem that names no member: ${text.slice(0, 200)}`;
    }
  }
  return undefined;
}

/** A body: one generated from the operation's schema (mostly valid), or anything at all. */
const bodyOf = (schema: Parameters<typeof jsonSchemaOf>[0]) =>
  fc.oneof(
    { weight: 3, arbitrary: arbitraryFor(jsonSchemaOf(schema)) },
    { weight: 1, arbitrary: fc.anything() },
  );

const segment = fc.oneof(
  fc.constantFrom('conn-hz-0', 'conn-acme-hubspot', 'nobody', '..', '%2e%2e', 'a:b', '%00'),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);

async function check(method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: {
      'x-api-key': service.apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) ?? 'null' }),
  });
  return verdict(response);
}

const options = () => ({ numRuns: n, seed: sizes.seed, endOnFailure: true });

describe('generated requests to the hosted operations', () => {
  it(`updateConnection: ${n} generated cases`, async () => {
    await fc.assert(
      fc.asyncProperty(segment, bodyOf(connectionUpdateRequestSchema), async (id, body) => {
        expect(await check('PATCH', `/projects/demo/connections/${id}`, body)).toBeUndefined();
      }),
      options(),
    );
  });

  it(`generateConnection: ${n} generated cases`, async () => {
    await fc.assert(
      fc.asyncProperty(bodyOf(generateConnectionRequestSchema), async (body) => {
        expect(await check('POST', '/projects/demo/connections:generate', body)).toBeUndefined();
      }),
      options(),
    );
  });

  it(`getHydratedRevision: ${n} generated cases`, async () => {
    const revision = fc.oneof(
      fc.constant(() => revisionId),
      segment.map((s) => () => s),
    );
    const connection = fc.oneof(fc.constant(connectionId), fc.constant('conn-acme-hubspot'), segment);
    await fc.assert(
      fc.asyncProperty(revision, connection, fc.boolean(), async (rev, conn, withQuery) => {
        const query = withQuery ? `?connectionId=${conn}` : '';
        const path = `/projects/demo/integrations/hubspot-sync/revisions/${rev()}:hydrate${query}`;
        expect(await check('GET', path)).toBeUndefined();
      }),
      options(),
    );
  });

  it(`listConnections, listInstallationsForProject, getConnection: ${n} generated cases`, async () => {
    const query = arbitraryFor(jsonSchemaOf(connectionListQuerySchema)).map((value) =>
      new URLSearchParams(
        Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]): [string, string] => [
          k,
          String(v),
        ]),
      ).toString(),
    );
    await fc.assert(
      fc.asyncProperty(query, segment, async (q, id) => {
        expect(await check('GET', `/projects/demo/connections?${q}`)).toBeUndefined();
        expect(await check('GET', `/projects/demo/installations?${q}`)).toBeUndefined();
        expect(await check('GET', `/projects/demo/connections/${id}?includeCreds=true`)).toBeUndefined();
      }),
      options(),
    );
    expect(serviceErrors.count()).toBe(0);
  });
});
