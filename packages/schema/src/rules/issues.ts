import type * as z from 'zod/mini';
import type { Issue, IssueLocation } from '../resources/problem.js';

type PathKey = PropertyKey;

/**
 * Formats a schema path the way the seed names properties: keys joined by dots, array items indexed,
 * e.g. `config.content.read.objects.contacts.backfill.defaultPeriod.days` or `fieldFilters[1].operator`.
 */
export function formatPath(path: readonly PathKey[], prefix = ''): string {
  let name = prefix;
  for (const key of path) {
    if (typeof key === 'number') name += `[${key}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(String(key))) name += name ? `.${String(key)}` : String(key);
    else name += `[${JSON.stringify(String(key))}]`;
  }
  return name;
}

/** The value at `path` in `input`, or undefined where the path leaves the input. */
export function valueAt(input: unknown, path: readonly PathKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'number';
  return typeof value;
}

/**
 * A required property that is absent. A union (a filter `value`) or a literal/enum (`operator`, `status`)
 * reports a missing property with its own code, not `invalid_type`, so all three count.
 */
function isMissing(issue: z.core.$ZodIssue, value: unknown): boolean {
  return (
    value === undefined &&
    (issue.code === 'invalid_type' || issue.code === 'invalid_union' || issue.code === 'invalid_value')
  );
}

/**
 * zod/mini ships no English messages (that keeps browser bundles small), so every issue code gets a
 * sentence here. A message a schema set explicitly (custom refinements, regex hints) wins.
 */
export function describeZodIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const explicit = issue.message && issue.message !== 'Invalid input' ? issue.message : undefined;
  if (isMissing(issue, value)) {
    return issue.code === 'invalid_value'
      ? `This property is required (allowed: ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}).`
      : 'This property is required.';
  }
  switch (issue.code) {
    case 'invalid_type':
      return explicit ?? `Expected ${issue.expected}, received ${typeOfValue(value)}.`;
    case 'too_small':
      if (explicit) return explicit;
      if (issue.origin === 'string')
        return issue.minimum === 1 ? 'Must not be empty.' : `Must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `Must have at least ${issue.minimum} items.`;
      return `Must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}.`;
    case 'too_big':
      if (explicit) return explicit;
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Must have at most ${issue.maximum} items.`;
      return `Must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}.`;
    case 'invalid_value':
      return explicit ?? `Must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}.`;
    case 'invalid_format':
      return explicit ?? `Must be a valid ${issue.format}.`;
    case 'not_multiple_of':
      return explicit ?? `Must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_union':
      return explicit ?? `Must be one of the allowed types, received ${typeOfValue(value)}.`;
    case 'invalid_key':
      return explicit ?? 'Invalid key.';
    case 'invalid_element':
      return explicit ?? 'Invalid element.';
    case 'unrecognized_keys':
      return 'Unknown property: it is not part of this resource.';
    default:
      return explicit ?? 'Invalid value.';
  }
}

/**
 * Turns schema issues into the seed's issue items (section 7): one per offending property, `name` the
 * full indexed path (with `prefix` for nested documents), `value` the offending value.
 */
export function toIssues(
  zodIssues: readonly z.core.$ZodIssue[],
  input: unknown,
  location: IssueLocation,
  prefix = '',
): Issue[] {
  const issues: Issue[] = [];
  for (const zodIssue of zodIssues) {
    if (zodIssue.code === 'unrecognized_keys') {
      for (const key of zodIssue.keys) {
        const path = [...zodIssue.path, key];
        issues.push({
          type: 'urn:problem-type:unknown-property',
          title: 'Unknown property',
          detail: describeZodIssue(zodIssue, undefined),
          in: location,
          name: formatPath(path, prefix),
          value: valueAt(input, path),
        });
      }
      continue;
    }
    const value = valueAt(input, zodIssue.path);
    const missing = isMissing(zodIssue, value);
    issues.push({
      type: missing ? 'urn:problem-type:missing-property' : 'urn:problem-type:invalid-property',
      title: missing ? 'Missing property' : 'Invalid property',
      detail: describeZodIssue(zodIssue, value),
      in: location,
      name: formatPath(zodIssue.path, prefix),
      ...(value === undefined ? {} : { value }),
    });
  }
  return issues;
}
