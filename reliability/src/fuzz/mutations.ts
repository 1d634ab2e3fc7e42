/**
 * Invalid variants of a valid value: each mutation breaks one rule of the JSON Schema at one place and
 * says which issue a correct server must report for it (`in`, and `name` as docs/service-interface.md#issues formats property
 * paths: `config.content.read.objects.contacts.backfill.defaultPeriod.days`, `fieldFilters[1].operator`).
 */
import type { IssueLocation } from '@splice/schema';
import { formatPath } from '@splice/schema';
import type { JsonSchema } from './json-schema-arbitrary.js';

export type Path = (string | number)[];

export interface Expectation {
  in: IssueLocation;
  /** The issue name a server must report. */
  name: string;
  /** `exact`: an issue has this name; `prefix`: an issue names this property or one inside it. */
  match: 'exact' | 'prefix';
}

export interface Mutation {
  kind: string;
  /** The node the mutation touches; two mutations of one case never touch nested nodes. */
  path: Path;
  expect: Expectation;
  /** Changes the value in place. */
  apply(root: unknown): void;
}

/** The parent object or array of `path` in `root`, and the last key. */
function parentOf(root: unknown, path: Path): [Record<string | number, unknown>, string | number] {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  return [node, path[path.length - 1] as string | number];
}

export function valueAtPath(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const replace =
  (path: Path, value: () => unknown) =>
  (root: unknown): void => {
    const [parent, key] = parentOf(root, path);
    setOwn(parent, key, value());
  };

export function bodyExpectation(
  path: Path,
  match: Expectation['match'] = 'exact',
  location: IssueLocation = 'body',
): Expectation {
  return { in: location, name: formatPath(path), match };
}

function leafMutations(schema: JsonSchema, path: Path): Mutation[] {
  const at = (kind: string, value: () => unknown): Mutation => ({
    kind,
    path,
    expect: bodyExpectation(path),
    apply: replace(path, value),
  });
  const out: Mutation[] = [];
  if (schema.anyOf) return [at('wrong-type', () => null), at('wrong-type', () => ({ nested: true }))];
  if (schema.const !== undefined || schema.enum) {
    out.push(
      at('not-allowed', () => 'zz-not-allowed'),
      at('wrong-type', () => 7),
    );
    return out;
  }
  switch (schema.type) {
    case 'string':
      out.push(at('wrong-type', () => 42));
      if (schema.maxLength !== undefined && schema.maxLength < 100_000)
        out.push(at('too-long', () => 'y'.repeat((schema.maxLength as number) + 1)));
      if ((schema.minLength ?? 0) >= 1) out.push(at('empty', () => ''));
      if (schema.pattern || schema.format) out.push(at('pattern-mismatch', () => '!'));
      break;
    case 'integer':
      out.push(
        at('fraction', () => 1.5),
        at('wrong-type', () => '7'),
      );
      if (schema.minimum !== undefined && schema.minimum > -1e15)
        out.push(at('below-minimum', () => (schema.minimum as number) - 1));
      if (schema.maximum !== undefined && schema.maximum < 1e15)
        out.push(at('above-maximum', () => (schema.maximum as number) + 1));
      break;
    case 'number':
      out.push(at('wrong-type', () => '7'));
      break;
    case 'boolean':
      out.push(
        at('wrong-type', () => 'true'),
        at('wrong-type', () => 1),
      );
      break;
  }
  return out;
}

/** Every mutation the schema allows at every node of `value` (the root itself excepted). */
export function mutationSites(schema: JsonSchema, value: unknown, path: Path = []): Mutation[] {
  const sites: Mutation[] = [];
  const isRoot = path.length === 0;
  if (schema.type === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if (!isRoot) {
      sites.push({ kind: 'wrong-type', path, expect: bodyExpectation(path), apply: replace(path, () => []) });
    }
    if (schema.properties) {
      if (schema.additionalProperties === false) {
        const unknownPath = [...path, 'zzUnknown'];
        sites.push({
          kind: 'unknown-property',
          path: unknownPath,
          expect: bodyExpectation(unknownPath),
          apply: (root) => setOwn(valueAtPath(root, path) as Record<string, unknown>, 'zzUnknown', 1),
        });
      }
      for (const key of schema.required ?? []) {
        if (!Object.hasOwn(object, key)) continue;
        const keyPath = [...path, key];
        sites.push({
          kind: 'missing-required',
          path: keyPath,
          expect: bodyExpectation(keyPath),
          apply: (root) => {
            delete (valueAtPath(root, path) as Record<string, unknown>)[key];
          },
        });
      }
      for (const [key, child] of Object.entries(schema.properties)) {
        if (Object.hasOwn(object, key)) sites.push(...mutationSites(child, object[key], [...path, key]));
      }
    } else {
      const entries = Object.keys(object);
      const keySchema = schema.propertyNames ?? {};
      const sample = entries[0];
      if (sample !== undefined) {
        const copy = () => structuredClone(object[sample]);
        if ((keySchema.minLength ?? 0) >= 1) {
          sites.push({
            kind: 'empty-key',
            path: [...path, ''],
            expect: bodyExpectation(path, 'prefix'),
            apply: (root) => setOwn(valueAtPath(root, path) as Record<string, unknown>, '', copy()),
          });
        }
        // JSON.parse keeps "__proto__" as an own key; a server must name it, not drop it (zod drops it).
        sites.push({
          kind: 'proto-key',
          path: [...path, '__proto__'],
          expect: bodyExpectation([...path, '__proto__']),
          apply: (root) => setOwn(valueAtPath(root, path) as Record<string, unknown>, '__proto__', copy()),
        });
        if (keySchema.maxLength !== undefined) {
          const long = 'k'.repeat(keySchema.maxLength + 1);
          sites.push({
            kind: 'long-key',
            path: [...path, long],
            expect: bodyExpectation(path, 'prefix'),
            apply: (root) => setOwn(valueAtPath(root, path) as Record<string, unknown>, long, copy()),
          });
        }
      }
      const valueSchema = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
      for (const key of entries) sites.push(...mutationSites(valueSchema, object[key], [...path, key]));
    }
    return sites;
  }
  if (schema.type === 'array' && Array.isArray(value)) {
    if (!isRoot)
      sites.push({
        kind: 'wrong-type',
        path,
        expect: bodyExpectation(path),
        apply: replace(path, () => ({})),
      });
    const first = value[0];
    if (
      schema.maxItems !== undefined &&
      first !== undefined &&
      JSON.stringify(first).length * (schema.maxItems + 1) < 64_000
    ) {
      const count = schema.maxItems + 1;
      sites.push({
        kind: 'too-many-items',
        path,
        expect: bodyExpectation(path),
        apply: replace(path, () => Array.from({ length: count }, () => structuredClone(first))),
      });
    }
    value.forEach((item, index) => {
      sites.push(...mutationSites(schema.items ?? {}, item, [...path, index]));
    });
    return sites;
  }
  if (isRoot) return sites;
  return leafMutations(schema, path);
}

function nested(a: Path, b: Path): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((key, i) => key === long[i]);
}

/** Picks up to `count` mutations of which no two touch nested nodes. */
export function pickMutations(sites: readonly Mutation[], count: number, random: () => number): Mutation[] {
  const picked: Mutation[] = [];
  const pool = [...sites];
  while (picked.length < count && pool.length > 0) {
    const [site] = pool.splice(Math.floor(random() * pool.length), 1);
    if (site && !picked.some((p) => nested(p.path, site.path))) picked.push(site);
  }
  return picked;
}

/** Does one of the issues satisfy the expectation? */
export function issueMatches(
  issues: ReadonlyArray<{ in?: string; name?: string }>,
  expectation: Expectation,
): boolean {
  return issues.some((issue) => {
    if (issue.in !== expectation.in || typeof issue.name !== 'string') return false;
    if (issue.name === expectation.name) return true;
    if (expectation.match === 'exact') return false;
    return (
      expectation.name === '' ||
      issue.name.startsWith(`${expectation.name}.`) ||
      issue.name.startsWith(`${expectation.name}[`)
    );
  });
}
