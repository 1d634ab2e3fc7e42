/**
 * Cases for the service's three operations (createInstallation, org invites, search) over HTTP, at its
 * own paths and with its own credentials.
 */

import { mulberry32, pick } from '@splice/sandbox-data';
import { installationRequestSchema, inviteRequestSchema, searchRequestSchema } from '@splice/schema';
import fc from 'fast-check';
import type { InProcessService } from '../service-harness.js';
import {
  classOf,
  clone,
  configRefinementSites,
  invalidCase,
  jsonHeaders,
  jsonSchemaOf,
  mutateBody,
  paramCase,
  problem,
  samplingChoice,
  unknownFilterFieldBody,
  zodExpectations,
} from './cases.js';
import { canonical, expectedContent, firstDifference, repairContent } from './content-repair.js';
import { arbitraryFor, awkwardKeys, awkwardNames } from './json-schema-arbitrary.js';
import type { FuzzCase } from './run.js';

type Json = Record<string, unknown>;

export const createSchema = jsonSchemaOf(installationRequestSchema);
export const searchSchema = jsonSchemaOf(searchRequestSchema);
export const inviteSchema = jsonSchemaOf(inviteRequestSchema);

/** Checks a created installation: the group, the connection, the creator and the config as sent. */
export function verifyInstallation(sent: Json, groupRef: string, createdBy: string, connectionId: string) {
  const expected = expectedContent((sent.config as Json).content as Json);
  return (body: unknown): string | undefined => {
    const installation = body as Json & { group?: Json; connection?: Json; config?: Json };
    if (installation.group?.groupRef !== groupRef)
      return `installed for ${String(installation.group?.groupRef)}, not ${groupRef}`;
    if (installation.connection?.id !== connectionId)
      return `connection ${String(installation.connection?.id)}, not ${connectionId}`;
    if (installation.config?.createdBy !== createdBy)
      return `createdBy ${String(installation.config?.createdBy)}, not ${createdBy}`;
    const content = installation.config?.content;
    if (canonical(content) !== canonical(expected)) {
      const at = firstDifference(expected, content);
      return `the stored config differs from the one sent at ${JSON.stringify(at)}`;
    }
    if (/refreshToken|accessToken|credentials|sealed/.test(JSON.stringify(body)))
      return 'credentials in the answer';
    return undefined;
  };
}

export interface ServiceCaseContext {
  service: InProcessService;
  /** The fresh group (with a connection) of a slot: one per case, so every case is a first create. */
  groupAt: (slot: number) => string;
}

/**
 * The input of one create case: a generated body and the seed of the case's class, repair and mutations.
 * Both are fast-check values, so a failing case shrinks in its body and in its seed alike.
 */
export const createCaseInput = fc.tuple(arbitraryFor(createSchema), fc.nat());

/** One create case from its input, in its slot's own group; the same case for the same input and slot. */
export function serviceCreateCase(
  ctx: ServiceCaseContext,
  [generated, caseSeed]: [unknown, number],
  slot: number,
): FuzzCase {
  const { service } = ctx;
  const urlOf = (project = 'demo', integration = 'hubspot-sync', query = '?skipSampling=true') =>
    `${service.baseUrl}/projects/${project}/integrations/${integration}/installations${query}`;
  const random = mulberry32(caseSeed);
  const groupRef = ctx.groupAt(slot);
  const valid = clone(generated) as Json;
  valid.groupRef = groupRef;
  if (valid.connectionId !== undefined) valid.connectionId = `conn-${groupRef}`;
  repairContent((valid.config as Json).content as Json, random);
  const credential: Record<string, string> =
    random() < 0.5 ? { 'x-api-key': service.apiKey } : { authorization: `Bearer ${service.authToken}` };
  const base = {
    method: 'POST',
    url: urlOf(),
    headers: { ...jsonHeaders, ...credential },
    body: JSON.stringify(valid),
  };
  const kind = classOf(random);

  if (kind === 'invalid') {
    if (random() < 0.15) {
      const value = pick(random, ['yes', 'TRUE', '1', '', 'true,false']);
      return paramCase(
        { ...base, url: urlOf('demo', 'hubspot-sync', `?skipSampling=${encodeURIComponent(value)}`) },
        'query-skipSampling',
        {
          in: 'query',
          name: 'skipSampling',
          match: 'exact',
        },
      );
    }
    const mutated = mutateBody(createSchema, installationRequestSchema, valid, random, (body) =>
      configRefinementSites(body, ['config', 'content']),
    );
    if (mutated) return invalidCase(base, mutated);
  }
  if (kind === 'refusal') {
    const refusals: Array<() => FuzzCase> = [
      () => ({
        ...base,
        kind: 'refusal',
        label: 'unknown group',
        body: JSON.stringify({ ...valid, groupRef: `no-such-${slot}`, connectionId: undefined }),
        refusal: problem(422, 'group-not-found'),
      }),
      () => ({
        ...base,
        kind: 'refusal',
        label: 'group without connection',
        body: JSON.stringify({ ...valid, groupRef: 'initech', connectionId: undefined }),
        refusal: problem(422, 'connection-required'),
      }),
      () => ({
        ...base,
        kind: 'refusal',
        label: 'already installed',
        body: JSON.stringify({ ...valid, groupRef: 'acme', connectionId: undefined }),
        refusal: problem(409, 'installation-exists'),
      }),
      () => ({
        ...base,
        kind: 'refusal',
        label: "another group's connection",
        body: JSON.stringify({ ...valid, connectionId: 'conn-globex-hubspot' }),
        refusal: problem(422, 'connection-not-found'),
      }),
      () => {
        const body = clone(valid);
        ((body.config as Json).content as Json).provider = pick(random, [
          'sandboxcrm',
          'salesforce',
          'hubspot2',
        ]);
        return {
          ...base,
          kind: 'refusal',
          label: 'another provider',
          body: JSON.stringify(body),
          refusal: problem(422, 'invalid-config'),
        };
      },
      () => {
        const body = clone(valid);
        const name = pick(random, ['tickets', 'Contacts', ...awkwardKeys]);
        const content = (body.config as Json).content as Json;
        const objects = Object.create(null) as Json;
        objects[name] = { objectName: name };
        content.read = { objects };
        return {
          ...base,
          kind: 'refusal',
          label: `object the manifest does not read (${name})`,
          body: JSON.stringify(body),
          refusal: problem(422, 'invalid-config'),
        };
      },
      () => {
        const body = clone(valid);
        const field = pick(random, ['noSuchField', ...awkwardKeys]);
        const selected = Object.create(null) as Json;
        selected[field] = true;
        ((body.config as Json).content as Json).read = {
          objects: { contacts: { objectName: 'contacts', selectedFields: selected } },
        };
        return {
          ...base,
          url: urlOf('demo', 'hubspot-sync', ''),
          kind: 'refusal',
          label: `sample read of an unknown field (${field})`,
          body: JSON.stringify(body),
          refusal: problem(422, 'sample-read-failed'),
        };
      },
      () => {
        const { body, field } = unknownFilterFieldBody(valid, random);
        return {
          ...base,
          url: urlOf('demo', 'hubspot-sync', '?skipSampling=false'),
          kind: 'refusal',
          label: `sample read of a filter on an unknown field (${field})`,
          body: JSON.stringify(body),
          refusal: problem(422, 'sample-read-failed'),
        };
      },
      () => ({
        ...base,
        url: urlOf('demo', pick(random, ['no-such-integration', 'constructor', '__proto__'])),
        kind: 'refusal',
        label: 'unknown integration',
        refusal: problem(404, 'integration-not-found'),
      }),
      () => ({
        ...base,
        url: urlOf(pick(random, ['no-such-project', 'constructor'])),
        kind: 'refusal',
        label: 'unknown project',
        refusal: problem(404, 'project-not-found'),
      }),
      () => ({
        ...base,
        headers: jsonHeaders,
        kind: 'refusal',
        label: 'no credential',
        refusal: problem(401, 'unauthorized'),
      }),
      () => ({
        ...base,
        headers: { ...jsonHeaders, 'x-api-key': 'wrong' },
        kind: 'refusal',
        label: 'wrong API key',
        refusal: problem(401, 'unauthorized'),
      }),
    ];
    return pick(random, refusals)();
  }
  // Valid (also the fallback of an invalid case with no mutation the schema forbids).
  const invalid = zodExpectations(installationRequestSchema, valid);
  if (invalid) return { ...base, kind: 'invalid', label: 'generated value zod refuses', expect: invalid };
  const { query, allowed } = samplingChoice(random);
  const createdBy = ((valid.config as Json).createdBy as string | undefined) ?? 'api:create-installation';
  return {
    ...base,
    url: urlOf('demo', 'hubspot-sync', query),
    kind: 'valid',
    label: 'valid',
    allowed,
    verify: verifyInstallation(valid, groupRef, createdBy, `conn-${groupRef}`),
  };
}

/** Field names search accepts per object: the provider's own and the mapped names. */
export type SearchableFields = Record<'contacts' | 'deals', string[]>;

export function searchBodyRepair(value: Json, fields: SearchableFields, random: () => number): Json {
  const objectName = pick(random, ['contacts', 'deals'] as const);
  const names = fields[objectName];
  const filters = (value.fieldFilters as Json[]).map((filter) => ({
    ...filter,
    fieldName: pick(random, names),
  }));
  return { ...value, objectName, fieldFilters: filters };
}

/**
 * The input of one search case: a generated body and the seed of the case's class, repair and mutations.
 * Both are fast-check values, so a failing case shrinks in its body and in its seed alike.
 */
export const searchCaseInput = fc.tuple(arbitraryFor(searchSchema), fc.nat());

/** One search case from its input, the same case for the same input. */
export function serviceSearchCase(
  ctx: { service: InProcessService; fields: SearchableFields },
  [generated, caseSeed]: [unknown, number],
): FuzzCase {
  const { service, fields } = ctx;
  const urlOf = (query = '?groupRef=acme', project = 'demo') =>
    `${service.searchUrl}/projects/${project}/integrations/hubspot-sync${query}`;
  const headers = { ...jsonHeaders, 'x-api-key': service.apiKey, 'x-svc-request-type': 'search' };
  const random = mulberry32(caseSeed);
  const valid = searchBodyRepair(generated as Json, fields, random);
  const base = { method: 'POST', url: urlOf(), headers, body: JSON.stringify(valid) };
  const kind = classOf(random);
  if (kind === 'invalid') {
    if (random() < 0.2) {
      const params: Array<() => FuzzCase> = [
        () =>
          paramCase(
            {
              ...base,
              headers: { ...headers, 'x-svc-request-type': pick(random, ['find', 'SEARCH', 'read']) },
            },
            'header-request-type',
            { in: 'header', name: 'x-svc-request-type', match: 'exact' },
          ),
        () => {
          const { 'x-svc-request-type': _gone, ...rest } = headers;
          return paramCase({ ...base, headers: rest }, 'header-request-type-missing', {
            in: 'header',
            name: 'x-svc-request-type',
            match: 'exact',
          });
        },
        () =>
          paramCase({ ...base, url: urlOf('') }, 'query-groupRef-missing', {
            in: 'query',
            name: 'groupRef',
            match: 'exact',
          }),
        () =>
          paramCase({ ...base, url: urlOf('?groupRef=') }, 'query-groupRef-empty', {
            in: 'query',
            name: 'groupRef',
            match: 'exact',
          }),
      ];
      return pick(random, params)();
    }
    const mutated = mutateBody(searchSchema, searchRequestSchema, valid, random);
    if (mutated) return invalidCase(base, mutated);
  }
  if (kind === 'refusal') {
    const refusals: Array<() => FuzzCase> = [
      () => ({
        ...base,
        kind: 'refusal',
        label: 'object paused in the installation',
        body: JSON.stringify({ ...valid, objectName: 'companies', fieldFilters: [] }),
        refusal: problem(422, 'object-not-searchable'),
      }),
      () => {
        const objectName = pick(random, ['tickets', 'Contacts', ...awkwardNames]);
        return {
          ...base,
          kind: 'refusal',
          label: `object the manifest does not read (${objectName})`,
          body: JSON.stringify({ ...valid, objectName, fieldFilters: [] }),
          refusal: problem(422, 'object-not-searchable'),
        };
      },
      () => {
        const fieldName = pick(random, ['noSuchField', ...awkwardNames]);
        return {
          ...base,
          kind: 'refusal',
          label: `unknown field (${fieldName})`,
          body: JSON.stringify({
            objectName: 'contacts',
            fieldFilters: [{ fieldName, operator: 'eq', value: 'x' }],
          }),
          refusal: problem(422, 'unknown-field'),
        };
      },
      () => ({
        ...base,
        url: urlOf('?groupRef=globex'),
        kind: 'refusal',
        label: 'group without installation',
        refusal: problem(404, 'installation-not-found'),
      }),
      () => ({
        ...base,
        url: urlOf(`?groupRef=${pick(random, ['nobody', 'constructor', '__proto__'])}`),
        kind: 'refusal',
        label: 'unknown group',
        refusal: problem(404, 'group-not-found'),
      }),
      () => ({
        ...base,
        url: urlOf('?groupRef=acme', 'no-such-project'),
        kind: 'refusal',
        label: 'unknown project',
        refusal: problem(404, 'project-not-found'),
      }),
      () => ({
        ...base,
        headers: {
          ...jsonHeaders,
          'x-svc-request-type': 'search',
          authorization: `Bearer ${service.authToken}`,
        },
        kind: 'refusal',
        label: 'bearer instead of API key',
        refusal: problem(401, 'unauthorized'),
      }),
    ];
    return pick(random, refusals)();
  }
  const invalid = zodExpectations(searchRequestSchema, valid);
  if (invalid) return { ...base, kind: 'invalid', label: 'generated value zod refuses', expect: invalid };
  return { ...base, kind: 'valid', label: 'valid', verify: verifySearch };
}

export function verifySearch(body: unknown): string | undefined {
  const results = (body as { results?: unknown[] }).results;
  if (!Array.isArray(results)) return 'no results array';
  if (results.length > 100) return `${results.length} results: more than one page`;
  return undefined;
}

export function verifyInvite(email: string, orgId: string) {
  return (body: unknown): string | undefined => {
    const invite = body as Json;
    if (String(invite.invitedEmail).toLowerCase() !== email.toLowerCase())
      return `invited ${String(invite.invitedEmail)}, not ${email}`;
    if (invite.parentType !== 'org' || invite.parentId !== orgId)
      return `invited to ${String(invite.parentType)} ${String(invite.parentId)}`;
    if (invite.status !== 'pending') return `status ${String(invite.status)}`;
    return undefined;
  };
}

/** The input of one invite case: a generated body and the seed of the case's class and mutations. */
export const inviteCaseInput = fc.tuple(arbitraryFor(inviteSchema), fc.nat());

/**
 * One invite case from its input, to its slot's own organization (`orgAt`): no case meets another's
 * pending invite, so every valid one is a 201 and a shrinking re-send is a first invite again.
 */
export function serviceInviteCase(
  ctx: { service: InProcessService; orgAt: (slot: number) => string },
  [generated, caseSeed]: [unknown, number],
  slot: number,
): FuzzCase {
  const { service } = ctx;
  const valid = generated as Json;
  const org = ctx.orgAt(slot);
  const urlOf = (orgId = org) => `${service.baseUrl}/orgs/${orgId}/invites`;
  const headers = { ...jsonHeaders, authorization: `Bearer ${service.authToken}` };
  const random = mulberry32(caseSeed);
  const base = { method: 'POST', url: urlOf(), headers, body: JSON.stringify(valid) };
  const kind = classOf(random);
  if (kind === 'invalid') {
    const mutated = mutateBody(inviteSchema, inviteRequestSchema, valid, random);
    if (mutated) return invalidCase(base, mutated);
  }
  if (kind === 'refusal') {
    const refusals: Array<() => FuzzCase> = [
      () => ({
        ...base,
        url: urlOf(pick(random, ['no-such-org', 'constructor', '__proto__'])),
        kind: 'refusal',
        label: 'unknown org',
        refusal: problem(404, 'org-not-found'),
      }),
      () => ({
        ...base,
        headers: { ...jsonHeaders, 'x-api-key': service.apiKey },
        kind: 'refusal',
        label: 'API key instead of bearer',
        refusal: problem(401, 'unauthorized'),
      }),
      () => ({
        ...base,
        headers: { ...jsonHeaders, authorization: 'Bearer wrong' },
        kind: 'refusal',
        label: 'wrong token',
        refusal: problem(401, 'unauthorized'),
      }),
    ];
    return pick(random, refusals)();
  }
  const email = String(valid.email);
  return {
    ...base,
    kind: 'valid',
    label: 'valid',
    verify: verifyInvite(email, org),
  };
}
