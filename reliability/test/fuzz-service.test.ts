/**
 * Schema-driven fuzz of the embedded service over HTTP: createInstallation, org invites and search, each
 * with generated valid, invalid and documented-refusal cases, every answer checked against the service's
 * own served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFuzzProperty } from '../src/fuzz/property.js';
import { printFuzzFigures, runFuzz } from '../src/fuzz/run.js';
import type { SearchableFields } from '../src/fuzz/service-cases.js';
import {
  searchCaseInput,
  serviceCreateCases,
  serviceInviteCases,
  serviceSearchCase,
} from '../src/fuzz/service-cases.js';
import { installAcme, searchableFields } from '../src/fuzz/setup.js';
import type { OpenApiChecker } from '../src/openapi-checker.js';
import { checkerFor } from '../src/openapi-checker.js';
import { countServiceErrors } from '../src/quiet.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

const n = sizes.fuzzCases;
let service: InProcessService;
let checker: OpenApiChecker;
let fields: SearchableFields;
let groups: string[];

let serviceErrors: ReturnType<typeof countServiceErrors>;

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  service = await startInProcessService({ extraGroups: { prefix: 'fz', count: n } });
  groups = Array.from({ length: n }, (_, i) => `fz-${i}`);
  checker = await checkerFor(service.url, 'service');
  await installAcme(service);
  fields = await searchableFields(service);
});
afterAll(async () => {
  serviceErrors.restore();
  await service.close();
});

describe('schema-driven fuzz of the service', () => {
  it(`createInstallation: ${n} generated cases`, async () => {
    const before = service.countInstallations();
    const cases = serviceCreateCases({ service, groups }, n, sizes.seed);
    const tally = await runFuzz(
      {
        name: 'createInstallation',
        checker,
        pathTemplate: '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations',
        method: 'POST',
        successStatus: 201,
      },
      cases,
    );
    printFuzzFigures('fuzz:service:createInstallation', tally);
    const created = tally.outcomes.get('201') ?? 0;
    expect(service.countInstallations() - before, 'rows stored = 201 answers').toBe(created);
    expect(tally.fiveXx, tally.failures.toString()).toBe(0);
    expect(tally.schemaMismatches.count, tally.schemaMismatches.toString()).toBe(0);
    expect(tally.failures.count, tally.failures.toString()).toBe(0);
  });

  // A property: search changes nothing, so a failing case can be sent again and again while it shrinks.
  it(`search: ${n} generated cases`, async () => {
    const tally = await assertFuzzProperty({
      operation: {
        name: 'search',
        checker,
        pathTemplate: '/search/v1/projects/{projectIdOrName}/integrations/{integrationId}',
        method: 'POST',
        successStatus: 200,
      },
      inputs: searchCaseInput,
      build: (input) => serviceSearchCase({ service, fields }, input),
      numRuns: n,
      seed: sizes.seed + 1,
      report: (figures) => printFuzzFigures('fuzz:service:search', figures),
    });
    expect(tally.cases).toBe(n);
  });

  it(`inviteOrgUser: ${n} generated cases`, async () => {
    const cases = serviceInviteCases({ service }, n, sizes.seed + 2);
    const tally = await runFuzz(
      {
        name: 'invite',
        checker,
        pathTemplate: '/v1/orgs/{orgId}/invites',
        method: 'POST',
        successStatus: 201,
      },
      cases,
    );
    printFuzzFigures('fuzz:service:inviteOrgUser', tally);
    expect(tally.fiveXx, tally.failures.toString()).toBe(0);
    expect(tally.schemaMismatches.count, tally.schemaMismatches.toString()).toBe(0);
    expect(tally.failures.count, tally.failures.toString()).toBe(0);
  });
});
