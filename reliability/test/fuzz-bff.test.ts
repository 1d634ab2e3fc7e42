/**
 * Schema-driven fuzz of the BFF over HTTP, in front of the embedded service: create, search, invite and
 * the wizard, as a same-origin page calls them, every answer checked against the BFF's served OpenAPI
 * document.
 */
import type { Session } from '@splice/bff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { sessionPerGroup, startBffFor } from '../src/bff-harness.js';
import {
  bffCreateCases,
  bffInviteCases,
  bffSearchCase,
  bffWizardCase,
  unknownOrgPrefix,
  wizardIdInput,
} from '../src/fuzz/bff-cases.js';
import { assertFuzzProperty } from '../src/fuzz/property.js';
import type { FuzzOperation, FuzzTally } from '../src/fuzz/run.js';
import { printFuzzFigures, runFuzz } from '../src/fuzz/run.js';
import type { SearchableFields } from '../src/fuzz/service-cases.js';
import { searchCaseInput } from '../src/fuzz/service-cases.js';
import { installAcme, searchableFields } from '../src/fuzz/setup.js';
import type { OpenApiChecker } from '../src/openapi-checker.js';
import { checkerFor } from '../src/openapi-checker.js';
import { countServiceErrors } from '../src/quiet.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

const n = sizes.fuzzCases;
let service: InProcessService;
let bff: RunningBff;
let checker: OpenApiChecker;
let fields: SearchableFields;

const sessionOf = (sid: string): Session | null =>
  sid.startsWith(unknownOrgPrefix)
    ? { groupRef: 'acme', orgId: 'no-such-org', consumerRef: sid }
    : sessionPerGroup(sid);

let serviceErrors: ReturnType<typeof countServiceErrors>;

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  service = await startInProcessService({ extraGroups: { prefix: 'bz', count: n } });
  await installAcme(service);
  fields = await searchableFields(service);
  bff = await startBffFor(service, { sessionOf });
  checker = await checkerFor(bff.url, 'bff');
});
afterAll(async () => {
  serviceErrors.restore();
  await bff.close();
  await service.close();
});

function expectClean(tally: FuzzTally) {
  expect(tally.fiveXx, tally.failures.toString()).toBe(0);
  expect(tally.schemaMismatches.count, tally.schemaMismatches.toString()).toBe(0);
  expect(tally.failures.count, tally.failures.toString()).toBe(0);
}

const operation = (pathTemplate: string, method: string, successStatus: number): FuzzOperation => ({
  name: pathTemplate,
  checker,
  pathTemplate,
  method,
  successStatus,
});

describe('schema-driven fuzz of the BFF', () => {
  it(`POST /integrations/:id/installations: ${n} generated cases`, async () => {
    const before = service.countInstallations();
    const groups = Array.from({ length: n }, (_, i) => `bz-${i}`);
    const tally = await runFuzz(
      operation('/integrations/{integrationId}/installations', 'POST', 201),
      bffCreateCases({ url: bff.url, groups }, n, sizes.seed + 10),
    );
    printFuzzFigures('fuzz:bff:createInstallation', tally);
    expect(service.countInstallations() - before, 'rows stored = 201 answers').toBe(
      tally.outcomes.get('201') ?? 0,
    );
    expectClean(tally);
  });

  it(`POST /integrations/:id/search: ${n} generated cases`, async () => {
    // A property (search changes nothing, so a failing case can be sent again while it shrinks).
    const tally = await assertFuzzProperty({
      operation: operation('/integrations/{integrationId}/search', 'POST', 200),
      inputs: searchCaseInput,
      build: (input) => bffSearchCase({ url: bff.url, fields }, input),
      numRuns: n,
      seed: sizes.seed + 11,
      report: (figures) => printFuzzFigures('fuzz:bff:search', figures),
    });
    expect(tally.cases).toBe(n);
  });

  it(`POST /invites: ${n} generated cases`, async () => {
    const tally = await runFuzz(
      operation('/invites', 'POST', 201),
      bffInviteCases({ url: bff.url }, n, sizes.seed + 12),
    );
    printFuzzFigures('fuzz:bff:createInvite', tally);
    expectClean(tally);
  });

  it(`GET /integrations/:id: ${n} generated cases`, async () => {
    // A property: reading the wizard changes nothing, so a failing id can be sent again while it shrinks.
    const tally = await assertFuzzProperty({
      operation: operation('/integrations/{integrationId}', 'GET', 200),
      inputs: wizardIdInput,
      build: (id) => bffWizardCase({ url: bff.url }, id),
      numRuns: n,
      seed: sizes.seed + 13,
      report: (figures) => printFuzzFigures('fuzz:bff:getWizard', figures),
    });
    expect(tally.cases).toBe(n);
  });
});
