/**
 * Schema-driven fuzz of the BFF over HTTP, in front of the embedded service: create, search, invite and
 * the wizard, as a same-origin page calls them, every answer checked against the BFF's served OpenAPI
 * document.
 */
import type { Session } from '@splice/bff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { sessionPerGroup, startBffFor } from '../src/bff-harness.js';
import type { Inviter } from '../src/fuzz/bff-cases.js';
import {
  bffCreateCase,
  bffCreateCaseInput,
  bffInviteCase,
  bffSearchCase,
  bffWizardCase,
  unknownOrgPrefix,
  wizardIdInput,
} from '../src/fuzz/bff-cases.js';
import { assertFuzzProperty } from '../src/fuzz/property.js';
import type { FuzzOperation } from '../src/fuzz/run.js';
import { printFuzzFigures } from '../src/fuzz/run.js';
import type { SearchableFields } from '../src/fuzz/service-cases.js';
import { inviteCaseInput, searchCaseInput } from '../src/fuzz/service-cases.js';
import { installAcme, searchableFields } from '../src/fuzz/setup.js';
import type { OpenApiChecker } from '../src/openapi-checker.js';
import { checkerFor } from '../src/openapi-checker.js';
import { countServiceErrors } from '../src/quiet.js';
import type { InProcessService } from '../src/service-harness.js';
import { groupInSlot, orgInSlot, startInProcessService } from '../src/service-harness.js';
import { sizes } from '../src/size.js';

const n = sizes.fuzzCases;
let service: InProcessService;
let bff: RunningBff;
let checker: OpenApiChecker;
let fields: SearchableFields;

/** The invite cases' users, `inviter-<slot>`, each alone in the organization `org-bz-<slot>`. */
const inviterPrefix = 'inviter-';

const sessionOf = (sid: string): Session | null => {
  if (sid.startsWith(unknownOrgPrefix)) return { groupRef: 'acme', orgId: 'no-such-org', consumerRef: sid };
  if (sid.startsWith(inviterPrefix))
    return { groupRef: 'acme', orgId: `org-bz-${sid.slice(inviterPrefix.length)}`, consumerRef: sid };
  return sessionPerGroup(sid);
};

/** The inviter of a slot, its organization inserted in the service's store if it is not there yet. */
const inviterAt = (slot: number): Inviter => ({
  sid: `${inviterPrefix}${slot}`,
  orgId: orgInSlot(service.db, 'org-bz', slot),
});

let serviceErrors: ReturnType<typeof countServiceErrors>;

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  service = await startInProcessService({ extraGroups: { prefix: 'bz', count: n } });
  // An organization per invite case, in one transaction (a shrinking re-send gets a new one then).
  service.db.transaction(() => {
    for (let slot = 0; slot < n; slot++) orgInSlot(service.db, 'org-bz', slot);
  })();
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

const operation = (pathTemplate: string, method: string, successStatus: number): FuzzOperation => ({
  name: pathTemplate,
  checker,
  pathTemplate,
  method,
  successStatus,
});

describe('schema-driven fuzz of the BFF', () => {
  // A property: each case is signed in as a group of its own, so a shrinking re-send is a first create.
  it(`POST /integrations/:id/installations: ${n} generated cases`, async () => {
    const before = service.countInstallations();
    let stored = 0;
    const tally = await assertFuzzProperty({
      operation: operation('/integrations/{integrationId}/installations', 'POST', 201),
      inputs: bffCreateCaseInput,
      build: (input, slot) =>
        bffCreateCase({ url: bff.url, groupAt: (s) => groupInSlot(service, 'bz', s) }, input, slot),
      numRuns: n,
      seed: sizes.seed + 10,
      report: (figures) => {
        stored = service.countInstallations() - before;
        printFuzzFigures('fuzz:bff:createInstallation', figures);
      },
    });
    expect(stored, 'rows stored = 201 answers').toBe(tally.outcomes.get('201') ?? 0);
    expect(tally.cases).toBe(n);
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

  // A property: each case invites from an organization of its own, so no case meets another's invite.
  it(`POST /invites: ${n} generated cases`, async () => {
    const tally = await assertFuzzProperty({
      operation: operation('/invites', 'POST', 201),
      inputs: inviteCaseInput,
      build: (input, slot) => bffInviteCase({ url: bff.url, inviterAt }, input, slot),
      numRuns: n,
      seed: sizes.seed + 12,
      report: (figures) => printFuzzFigures('fuzz:bff:createInvite', figures),
    });
    expect(tally.cases).toBe(n);
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
