/**
 * Schema-driven fuzz of the embedded service over HTTP: createInstallation, org invites and search, each
 * with generated valid, invalid and documented-refusal cases, every answer checked against the service's
 * own served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFuzzProperty } from '../src/fuzz/property.js';
import { printFuzzFigures } from '../src/fuzz/run.js';
import type { SearchableFields } from '../src/fuzz/service-cases.js';
import {
  createCaseInput,
  inviteCaseInput,
  searchCaseInput,
  serviceCreateCase,
  serviceInviteCase,
  serviceSearchCase,
} from '../src/fuzz/service-cases.js';
import { installAcme, searchableFields } from '../src/fuzz/setup.js';
import type { OpenApiChecker } from '../src/openapi-checker.js';
import { checkerFor } from '../src/openapi-checker.js';
import { countServiceErrors } from '../src/quiet.js';
import type { InProcessService } from '../src/service-harness.js';
import { groupInSlot, orgInSlot, startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

const n = sizes.fuzzCases;
let service: InProcessService;
let checker: OpenApiChecker;
let fields: SearchableFields;

let serviceErrors: ReturnType<typeof countServiceErrors>;

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  service = await startInProcessService({ extraGroups: { prefix: 'fz', count: n } });
  // An organization per invite case, in one transaction (a shrinking re-send gets a new one then).
  service.db.transaction(() => {
    for (let slot = 0; slot < n; slot++) orgInSlot(service.db, 'org-fz', slot);
  })();
  checker = await checkerFor(service.url, 'service');
  await installAcme(service);
  fields = await searchableFields(service);
});
afterAll(async () => {
  serviceErrors.restore();
  await service.close();
});

describe('schema-driven fuzz of the service', () => {
  // A property too: each case creates in a group of its own, so a shrinking re-send is a first create.
  it(`createInstallation: ${n} generated cases`, async () => {
    const before = service.countInstallations();
    let stored = 0;
    const tally = await assertFuzzProperty({
      operation: {
        name: 'createInstallation',
        checker,
        pathTemplate: '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations',
        method: 'POST',
        successStatus: 201,
      },
      inputs: createCaseInput,
      build: (input, slot) =>
        serviceCreateCase({ service, groupAt: (s) => groupInSlot(service, 'fz', s) }, input, slot),
      numRuns: n,
      seed: sizes.seed,
      report: (figures) => {
        stored = service.countInstallations() - before;
        printFuzzFigures('fuzz:service:createInstallation', figures);
      },
    });
    expect(stored, 'rows stored = 201 answers').toBe(tally.outcomes.get('201') ?? 0);
    expect(tally.cases).toBe(n);
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

  // A property: each case invites into an organization of its own, so no case meets another's invite.
  it(`inviteOrgUser: ${n} generated cases`, async () => {
    const tally = await assertFuzzProperty({
      operation: {
        name: 'invite',
        checker,
        pathTemplate: '/v1/orgs/{orgId}/invites',
        method: 'POST',
        successStatus: 201,
      },
      inputs: inviteCaseInput,
      build: (input, slot) =>
        serviceInviteCase({ service, orgAt: (s) => orgInSlot(service.db, 'org-fz', s) }, input, slot),
      numRuns: n,
      seed: sizes.seed + 2,
      report: (figures) => printFuzzFigures('fuzz:service:inviteOrgUser', figures),
    });
    expect(tally.cases).toBe(n);
  });
});
