/**
 * Case generation shared by the service and BFF fuzz tests: valid bodies from the schemas' JSON Schema
 * (repaired for the refinements and the manifest), invalid ones by mutation, each judged against zod (the
 * one definition every server validates with) so a case's class is never a guess.
 */

import { pick, type Random } from '@splice/sandbox-data';
import { protoKeyIssues, toIssues } from '@splice/schema';
import type * as z from 'zod/mini';
import { toJSONSchema } from 'zod/mini';
import type { JsonSchema } from './json-schema-arbitrary.js';
import { awkwardNames } from './json-schema-arbitrary.js';
import type { Expectation, Mutation, Path } from './mutations.js';
import { bodyExpectation, mutationSites, pickMutations, valueAtPath } from './mutations.js';
import type { FuzzCase, Outcome } from './run.js';

type Json = Record<string, unknown>;

/** The input JSON Schema of a zod/mini schema, as the OpenAPI documents carry it. */
export function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Json;
  return rest as JsonSchema;
}

export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export const jsonHeaders = { 'content-type': 'application/json' };

/** A documented refusal: its status and `urn:problem-type:` type. */
export const problem = (status: number, type: string): Outcome => ({
  status,
  type: `urn:problem-type:${type}`,
});

/** Which class a case falls in: about half valid, four in ten invalid, one in ten a documented refusal. */
export function classOf(random: Random): FuzzCase['kind'] {
  const r = random();
  return r < 0.5 ? 'valid' : r < 0.9 ? 'invalid' : 'refusal';
}

/** An invalid case from a mutated body, labelled by its mutations. */
export function invalidCase(base: Omit<FuzzCase, 'kind' | 'label'>, mutated: MutatedBody): FuzzCase {
  return {
    ...base,
    kind: 'invalid',
    label: mutated.kinds.join('+'),
    body: JSON.stringify(mutated.body),
    expect: mutated.expect,
  };
}

/** The one issue an invalid header, query or path parameter must name. */
export const expectAt = (location: Expectation['in'], name: string): Expectation[] => [
  { in: location, name, match: 'exact' },
];

/** An invalid case whose body is valid and whose parameter is not. */
export function paramCase(
  base: Omit<FuzzCase, 'kind' | 'label'>,
  label: string,
  expect: Expectation,
): FuzzCase {
  return { ...base, kind: 'invalid', label, expect: [expect] };
}

/** The refinements of a create config that JSON Schema cannot carry, broken one at a time. */
export function configRefinementSites(body: unknown, contentPath: Path): Mutation[] {
  const sites: Mutation[] = [];
  const content = valueAtPath(body, contentPath) as Json | undefined;
  if (!content || typeof content !== 'object') return sites;
  for (const section of ['read', 'write'] as const) {
    const objects = (content[section] as Json | undefined)?.objects as Json | undefined;
    for (const key of Object.keys(objects ?? {})) {
      const path = [...contentPath, section, 'objects', key];
      const object = (objects as Json)[key] as Json;
      sites.push({
        kind: 'objectName-not-its-key',
        path: [...path, 'objectName'],
        expect: bodyExpectation([...path, 'objectName']),
        apply: (root) => {
          (valueAtPath(root, path) as Json).objectName = `${key}-other`;
        },
      });
      const period = (object.backfill as Json | undefined)?.defaultPeriod as Json | undefined;
      if (period) {
        const periodPath = [...path, 'backfill', 'defaultPeriod'];
        sites.push({
          kind: 'backfill-period-empty',
          path: periodPath,
          expect: bodyExpectation(periodPath, 'prefix'),
          apply: (root) => {
            const p = valueAtPath(root, periodPath) as Json;
            delete p.days;
            delete p.fullHistory;
          },
        });
      }
      for (const filtersPath of [
        [...path, 'fieldFilters'],
        [...path, 'backfill', 'fieldFilters'],
      ]) {
        const filters = valueAtPath(body, filtersPath.slice(0, -1)) as Json | undefined;
        const list = filters?.[filtersPath.at(-1) as string];
        if (Array.isArray(list) && list.length > 0 && list.length < 100) {
          sites.push({
            kind: 'filter-field-twice',
            path: filtersPath,
            expect: bodyExpectation([...filtersPath, list.length, 'fieldName']),
            apply: (root) => {
              const l = valueAtPath(root, filtersPath) as unknown[];
              l.push(clone(l[0]));
            },
          });
        }
      }
      for (const field of Object.keys((object.selectedFieldSettings as Json | undefined) ?? {})) {
        const defaultPath = [...path, 'selectedFieldSettings', field, 'default'];
        sites.push({
          kind: 'field-default-two-values',
          path: defaultPath,
          expect: bodyExpectation(defaultPath, 'prefix'),
          apply: (root) => {
            (valueAtPath(root, [...path, 'selectedFieldSettings', field]) as Json).default = {
              stringValue: 'a',
              booleanValue: true,
            };
          },
        });
      }
    }
  }
  return sites;
}

export interface MutatedBody {
  body: unknown;
  expect: Expectation[];
  kinds: string[];
}

/**
 * Breaks 1 to 3 rules of a valid body at unrelated places. Returns undefined when zod would still accept
 * the result (a mutation the schema does not forbid), so the case is not passed off as invalid.
 */
export function mutateBody(
  schema: JsonSchema,
  zodSchema: z.ZodMiniType,
  valid: unknown,
  random: () => number,
  extraSites: (body: unknown) => Mutation[] = () => [],
): MutatedBody | undefined {
  const sites = [...mutationSites(schema, valid), ...extraSites(valid)];
  const count = 1 + Math.floor(random() * random() * 3);
  const picked = pickMutations(sites, count, random);
  if (picked.length === 0) return undefined;
  const body = clone(valid);
  for (const m of picked) m.apply(body);
  if (validates(zodSchema, body)) return undefined;
  return { body, expect: picked.map((m) => m.expect), kinds: picked.map((m) => m.kind) };
}

/**
 * The rules every server validates a body with: the zod schema, and no `"__proto__"` key anywhere (zod
 * would drop such an entry without a word; the schema package's `protoKeyIssues` names it).
 */
export function validates(zodSchema: z.ZodMiniType, value: unknown): boolean {
  return zodSchema.safeParse(value).success && protoKeyIssues(value, 'body').length === 0;
}

/** The issues those rules find, as expectations: for a generated value that turned out invalid by itself. */
export function zodExpectations(zodSchema: z.ZodMiniType, value: unknown): Expectation[] | undefined {
  if (validates(zodSchema, value)) return undefined;
  const parsed = zodSchema.safeParse(value);
  return [
    ...protoKeyIssues(value, 'body'),
    ...(parsed.success ? [] : toIssues(parsed.error.issues, value, 'body')),
  ].map((issue) => ({ in: 'body', name: issue.name, match: 'exact' }));
}

/**
 * A valid create's sampling choice: mostly skipped; otherwise the sample read may fail on what the
 * generated config reads, and that 422 is then an accepted answer.
 */
export function samplingChoice(random: Random): { query: string; allowed: Outcome[] } {
  const sampling = random();
  const query = sampling < 0.85 ? '?skipSampling=true' : sampling < 0.93 ? '?skipSampling=false' : '';
  return { query, allowed: query === '?skipSampling=true' ? [] : [problem(422, 'sample-read-failed')] };
}

/** A create body that reads only contacts, filtered on a field the provider lacks: its sample read fails. */
export function unknownFilterFieldBody(valid: Json, random: Random): { body: Json; field: string } {
  const body = clone(valid);
  const field = pick(random, ['noSuchField', ...awkwardNames]);
  ((body.config as Json).content as Json).read = {
    objects: {
      contacts: { objectName: 'contacts', fieldFilters: [{ fieldName: field, operator: 'eq', value: 'x' }] },
    },
  };
  return { body, field };
}
