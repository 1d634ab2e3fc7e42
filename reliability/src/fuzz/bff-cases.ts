/**
 * Cases for the BFF's routes over HTTP, as a same-origin page sends them: the create, search and invite
 * bodies of the browser (no group, no org: those come from the session), the wizard's path parameter.
 */

import { mulberry32, pick } from '@splice/sandbox-data';
import { createInstallationBodySchema, inviteRequestSchema, searchRequestSchema } from '@splice/schema';
import fc from 'fast-check';
import { browserHeaders } from '../bff-harness.js';
import {
  classOf,
  clone,
  configRefinementSites,
  expectAt,
  invalidCase,
  jsonSchemaOf,
  mutateBody,
  problem,
  samplingChoice,
  unknownFilterFieldBody,
  zodExpectations,
} from './cases.js';
import { oneProviderValueEach, repairContent } from './content-repair.js';
import { arbitraryFor, awkwardKeys, awkwardNames } from './json-schema-arbitrary.js';
import type { FuzzCase } from './run.js';
import type { SearchableFields } from './service-cases.js';
import {
  inviteSchema,
  searchBodyRepair,
  searchSchema,
  verifyInstallation,
  verifyInvite,
  verifySearch,
} from './service-cases.js';

type Json = Record<string, unknown>;

export const bffCreateSchema = jsonSchemaOf(createInstallationBodySchema);

/** A signed-in user whose organization the service does not know (`noorg-<n>`). */
export const unknownOrgPrefix = 'noorg-';

/**
 * The input of one BFF create case: a generated body and the seed of the case's class, repair and
 * mutations, so a failing case shrinks in both.
 */
export const bffCreateCaseInput = fc.tuple(arbitraryFor(bffCreateSchema), fc.nat());

/**
 * One create case from its input, signed in as its slot's own group (`groupAt`: fresh, with a
 * connection) with an idempotency key of its own: every case is a first create, a shrinking re-send too.
 */
export function bffCreateCase(
  ctx: { url: string; groupAt: (slot: number) => string },
  [generated, caseSeed]: [unknown, number],
  slot: number,
): FuzzCase {
  const urlOf = (query = '?skipSampling=true', integration = 'hubspot-sync') =>
    `${ctx.url}/integrations/${integration}/installations${query}`;
  const random = mulberry32(caseSeed);
  const group = ctx.groupAt(slot);
  const own = `consumer:user-${group}`;
  const valid = clone(generated) as Json;
  if (valid.connectionId !== undefined) valid.connectionId = `conn-${group}`;
  const config = valid.config as Json;
  if (config.createdBy !== undefined) {
    if (random() < 0.5) delete config.createdBy;
    else config.createdBy = own;
  }
  repairContent(config.content as Json, random);
  oneProviderValueEach(config.content as Json);
  const headersFor = (sid: string, extra: Record<string, string> = {}) =>
    browserHeaders(sid, { 'Idempotency-Key': `fuzz-create-${slot}`, ...extra });
  const base = { method: 'POST', url: urlOf(), headers: headersFor(group), body: JSON.stringify(valid) };
  const kind = classOf(random);
  if (kind === 'invalid') {
    if (random() < 0.25) {
      const params: Array<() => FuzzCase> = [
        () => {
          const { 'Idempotency-Key': _gone, ...headers } = headersFor(group);
          return {
            ...base,
            headers,
            kind: 'invalid',
            label: 'header-idempotency-key-missing',
            expect: expectAt('header', 'idempotency-key'),
          };
        },
        () => ({
          ...base,
          headers: headersFor(group, { 'Idempotency-Key': 'k'.repeat(256) }),
          kind: 'invalid',
          label: 'header-idempotency-key-long',
          expect: expectAt('header', 'idempotency-key'),
        }),
        () => ({
          ...base,
          url: urlOf(`?skipSampling=${pick(random, ['yes', 'TRUE', '1', ''])}`),
          kind: 'invalid',
          label: 'query-skipSampling',
          expect: expectAt('query', 'skipSampling'),
        }),
        () => ({
          ...base,
          url: urlOf('?skipSampling=true&debug=1'),
          kind: 'invalid',
          label: 'query-unknown',
          expect: expectAt('query', 'debug'),
        }),
        () => {
          const id = pick(random, ['.hidden', '.x', 'a%20b', '-%2F..%2Fx', 'a%2Fb', '~'.repeat(257)]);
          return {
            ...base,
            url: urlOf('?skipSampling=true', id),
            kind: 'invalid',
            label: 'path-integrationId',
            expect: expectAt('path', 'integrationId'),
          };
        },
        () => {
          const body = clone(valid);
          (body.config as Json).createdBy = pick(random, [
            'builder:someone',
            'api:create-installation',
            `consumer:not-${group}`,
          ]);
          return {
            ...base,
            body: JSON.stringify(body),
            kind: 'invalid',
            label: 'createdBy-of-someone-else',
            expect: expectAt('body', 'config.createdBy'),
          };
        },
      ];
      return pick(random, params)();
    }
    const mutated = mutateBody(bffCreateSchema, createInstallationBodySchema, valid, random, (body) =>
      configRefinementSites(body, ['config', 'content']),
    );
    if (mutated) return invalidCase(base, mutated);
  }
  if (kind === 'refusal') {
    // Signed in as someone else: the creator is theirs to name, so leave it out.
    const elsewhere = JSON.stringify({
      ...valid,
      connectionId: undefined,
      config: { ...config, createdBy: undefined },
    });
    const refusals: Array<() => FuzzCase> = [
      () => ({
        ...base,
        headers: headersFor('initech'),
        body: elsewhere,
        kind: 'refusal',
        label: 'no connected account',
        refusal: problem(422, 'connection-required'),
      }),
      () => ({
        ...base,
        headers: headersFor(`nobody-${slot}`),
        body: elsewhere,
        kind: 'refusal',
        label: 'account not set up',
        refusal: problem(422, 'account-not-ready'),
      }),
      () => ({
        ...base,
        headers: headersFor('acme', { 'Idempotency-Key': `acme-${slot}` }),
        body: elsewhere,
        kind: 'refusal',
        label: 'already installed',
        refusal: problem(409, 'installation-exists'),
      }),
      () => ({
        ...base,
        body: JSON.stringify({ ...valid, connectionId: 'conn-globex-hubspot' }),
        kind: 'refusal',
        label: "another group's connection",
        refusal: problem(422, 'connection-not-found'),
      }),
      () => {
        const body = clone(valid);
        ((body.config as Json).content as Json).provider = 'salesforce';
        return {
          ...base,
          body: JSON.stringify(body),
          kind: 'refusal',
          label: 'another provider',
          refusal: problem(422, 'invalid-config'),
        };
      },
      () => ({
        ...base,
        url: urlOf('?skipSampling=true', pick(random, ['no-such-integration', 'constructor', '__proto__'])),
        kind: 'refusal',
        label: 'unknown integration',
        refusal: problem(404, 'integration-not-found'),
      }),
      () => {
        const { Cookie: _gone, ...headers } = headersFor(group);
        return {
          ...base,
          headers,
          kind: 'refusal',
          label: 'not signed in',
          refusal: problem(401, 'unauthenticated'),
        };
      },
      () => {
        const { body, field } = unknownFilterFieldBody(valid, random);
        return {
          ...base,
          url: urlOf('?skipSampling=false'),
          body: JSON.stringify(body),
          kind: 'refusal',
          label: `sample read of an unknown field (${field})`,
          refusal: problem(422, 'sample-read-failed'),
        };
      },
    ];
    return pick(random, refusals)();
  }
  const invalid = zodExpectations(createInstallationBodySchema, valid);
  if (invalid) return { ...base, kind: 'invalid', label: 'generated value zod refuses', expect: invalid };
  const { query, allowed } = samplingChoice(random);
  return {
    ...base,
    url: urlOf(query),
    kind: 'valid',
    label: 'valid',
    allowed,
    verify: verifyInstallation(valid, group, own, `conn-${group}`),
  };
}

/** One BFF search case from its input (`searchCaseInput`: a generated body and the case's seed). */
export function bffSearchCase(
  ctx: { url: string; fields: SearchableFields },
  [generated, caseSeed]: [unknown, number],
): FuzzCase {
  const urlOf = (integration = 'hubspot-sync', query = '') =>
    `${ctx.url}/integrations/${integration}/search${query}`;
  const random = mulberry32(caseSeed);
  const valid = searchBodyRepair(generated as Json, ctx.fields, random);
  const base = {
    method: 'POST',
    url: urlOf(),
    headers: browserHeaders('acme'),
    body: JSON.stringify(valid),
  };
  const kind = classOf(random);
  if (kind === 'invalid') {
    if (random() < 0.15) {
      const name = pick(random, ['debug', 'objectName', 'page']);
      return {
        ...base,
        url: urlOf('hubspot-sync', `?${name}=1`),
        kind: 'invalid',
        label: 'query-unknown',
        expect: expectAt('query', name),
      };
    }
    const mutated = mutateBody(searchSchema, searchRequestSchema, valid, random);
    if (mutated) return invalidCase(base, mutated);
  }
  if (kind === 'refusal') {
    const refusals: Array<() => FuzzCase> = [
      () => ({
        ...base,
        body: JSON.stringify({ objectName: 'companies', fieldFilters: [] }),
        kind: 'refusal',
        label: 'object paused in the installation',
        refusal: problem(422, 'object-not-searchable'),
      }),
      () => ({
        ...base,
        body: JSON.stringify({ objectName: pick(random, ['tickets', 'Contacts']), fieldFilters: [] }),
        kind: 'refusal',
        label: 'object the manifest does not read',
        refusal: problem(422, 'object-not-searchable'),
      }),
      () => {
        const objectName = pick(random, awkwardNames);
        return {
          ...base,
          body: JSON.stringify({ objectName, fieldFilters: [] }),
          kind: 'refusal',
          label: `object named like a prototype member (${objectName})`,
          refusal: problem(422, 'object-not-searchable'),
        };
      },
      () => {
        const fieldName = pick(random, ['noSuchField', ...awkwardNames]);
        return {
          ...base,
          body: JSON.stringify({
            objectName: 'contacts',
            fieldFilters: [{ fieldName, operator: 'eq', value: 'x' }],
          }),
          kind: 'refusal',
          label: `unknown field (${fieldName})`,
          refusal: problem(422, 'unknown-field'),
        };
      },
      () => ({
        ...base,
        headers: browserHeaders('globex'),
        kind: 'refusal',
        label: 'not installed for the group',
        refusal: problem(404, 'installation-not-found'),
      }),
      () => ({
        ...base,
        headers: browserHeaders(`nobody-${caseSeed}`),
        kind: 'refusal',
        label: 'account not set up',
        refusal: problem(422, 'account-not-ready'),
      }),
      () => ({
        ...base,
        url: urlOf('no-such-integration'),
        kind: 'refusal',
        label: 'unknown integration',
        refusal: problem(404, 'integration-not-found'),
      }),
    ];
    return pick(random, refusals)();
  }
  const invalid = zodExpectations(searchRequestSchema, valid);
  if (invalid) return { ...base, kind: 'invalid', label: 'generated value zod refuses', expect: invalid };
  return { ...base, kind: 'valid', label: 'valid', verify: verifySearch };
}

/** A signed-in user alone in an organization of its own (the service knows it), for one invite case. */
export interface Inviter {
  sid: string;
  orgId: string;
}

/**
 * One invite case from its input, sent by its slot's own inviter (`inviterAt`): no case meets another's
 * pending invite, so every valid one is a 201 and a shrinking re-send is a first invite again.
 */
export function bffInviteCase(
  ctx: { url: string; inviterAt: (slot: number) => Inviter },
  [generated, caseSeed]: [unknown, number],
  slot: number,
): FuzzCase {
  const valid = generated as Json;
  const inviter = ctx.inviterAt(slot);
  const random = mulberry32(caseSeed);
  const base = {
    method: 'POST',
    url: `${ctx.url}/invites`,
    headers: browserHeaders(inviter.sid),
    body: JSON.stringify(valid),
  };
  const kind = classOf(random);
  if (kind === 'invalid') {
    if (random() < 0.15)
      return {
        ...base,
        url: `${ctx.url}/invites?orgName=x`,
        kind: 'invalid',
        label: 'query-unknown',
        expect: expectAt('query', 'orgName'),
      };
    const mutated = mutateBody(inviteSchema, inviteRequestSchema, valid, random);
    if (mutated) return invalidCase(base, mutated);
  }
  if (kind === 'refusal') {
    return random() < 0.5
      ? {
          ...base,
          headers: browserHeaders(`${unknownOrgPrefix}${slot}`),
          kind: 'refusal',
          label: 'organization not set up',
          refusal: problem(422, 'account-not-ready'),
        }
      : (() => {
          const { Cookie: _gone, ...headers } = browserHeaders(inviter.sid);
          return {
            ...base,
            headers,
            kind: 'refusal' as const,
            label: 'not signed in',
            refusal: problem(401, 'unauthenticated'),
          };
        })();
  }
  const email = String(valid.email);
  return {
    ...base,
    kind: 'valid',
    label: 'valid',
    verify: verifyInvite(email, inviter.orgId),
  };
}

/** The wizard's only input is its path parameter: any string (sent percent-encoded). */
export const wizardIdInput = fc.oneof(
  { weight: 1, arbitrary: fc.constant('hubspot-sync') },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_~-][A-Za-z0-9._~:-]{0,20}$/) },
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }) },
  { weight: 1, arbitrary: fc.constantFrom(...awkwardKeys, '...', '%', '?', '#', 'a/b', '~'.repeat(257)) },
);

const integrationIdPattern = /^[A-Za-z0-9_~-][A-Za-z0-9._~:-]{0,255}$/;

/** One wizard case from its path parameter. */
export function bffWizardCase(ctx: { url: string }, id: string): FuzzCase {
  const headers = browserHeaders('acme');
  delete headers['Content-Type'];
  const url = `${ctx.url}/integrations/${encodeURIComponent(id)}`;
  const base = { method: 'GET', url, headers };
  if (id === 'hubspot-sync') return { ...base, kind: 'valid', label: 'valid' };
  if (!integrationIdPattern.test(id))
    return {
      ...base,
      kind: 'invalid',
      label: 'path-integrationId',
      expect: expectAt('path', 'integrationId'),
    };
  return {
    ...base,
    kind: 'refusal',
    label: 'unknown integration',
    refusal: problem(404, 'integration-not-found'),
  };
}
