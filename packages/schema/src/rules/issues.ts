import type * as z from 'zod/mini';
import { issueTypes } from '../problem/problem-types.js';
import type { Issue, IssueLocation } from '../resources/problem.js';

type PathKey = PropertyKey;

/**
 * Formats a schema path the way the interface names properties (docs/service-interface.md#issues): keys joined by dots, array items indexed,
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
 * A bound as every message writes numbers: grouped the English way ("2,048", "36,500"), as the React
 * components' `formatMessage` writes them with the locale's grouping.
 */
const bound = (n: number | bigint) => n.toLocaleString('en');

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
        return issue.minimum === 1
          ? 'Must not be empty.'
          : `Must be at least ${bound(issue.minimum)} characters.`;
      if (issue.origin === 'array') return `Must have at least ${bound(issue.minimum)} items.`;
      return `Must be ${issue.inclusive ? 'at least' : 'greater than'} ${bound(issue.minimum)}.`;
    case 'too_big':
      if (explicit) return explicit;
      if (issue.origin === 'string') return `Must be at most ${bound(issue.maximum)} characters.`;
      if (issue.origin === 'array') return `Must have at most ${bound(issue.maximum)} items.`;
      return `Must be ${issue.inclusive ? 'at most' : 'less than'} ${bound(issue.maximum)}.`;
    case 'invalid_value':
      return explicit ?? `Must be ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}.`;
    case 'invalid_format':
      return explicit ?? `Must be a valid ${issue.format}.`;
    case 'not_multiple_of':
      return explicit ?? `Must be a multiple of ${bound(issue.divisor)}.`;
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

const echo = { maxString: 256, maxDepth: 8, maxNodes: 200 } as const;

/**
 * The offending value as an issue may repeat it: long strings cut, and structures too deep or too big
 * to echo (a 10,000-level body would overflow the stack of whoever serialises the problem) left out.
 */
export function echoableValue(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > echo.maxString
      ? `${value.slice(0, echo.maxString)}… (${value.length} characters)`
      : value;
  }
  if (value === null || typeof value !== 'object') return value;
  // Walk without recursion, so the check itself cannot overflow.
  const pending: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 1 }];
  let nodes = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop() as { node: unknown; depth: number };
    nodes++;
    if (depth > echo.maxDepth || nodes > echo.maxNodes) return undefined;
    if (node !== null && typeof node === 'object') {
      for (const child of Object.values(node)) {
        if (typeof child === 'string' && child.length > echo.maxString) return undefined;
        if (child !== null && typeof child === 'object') pending.push({ node: child, depth: depth + 1 });
        else if (++nodes > echo.maxNodes) return undefined;
      }
    }
  }
  return value;
}

/**
 * Turns schema issues into the interface's issue items (docs/service-interface.md#issues): one per offending property, `name` the
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
          type: issueTypes.unknownProperty,
          title: 'Unknown property',
          detail: describeZodIssue(zodIssue, undefined),
          in: location,
          name: formatPath(path, prefix),
          value: echoableValue(valueAt(input, path)),
        });
      }
      continue;
    }
    const value = valueAt(input, zodIssue.path);
    const missing = isMissing(zodIssue, value);
    const echoed = echoableValue(value);
    issues.push({
      type: missing ? issueTypes.missingProperty : issueTypes.invalidProperty,
      title: missing ? 'Missing property' : 'Invalid property',
      detail: describeZodIssue(zodIssue, value),
      in: location,
      name: formatPath(zodIssue.path, prefix),
      ...(echoed === undefined ? {} : { value: echoed }),
    });
  }
  return issues;
}

/**
 * Issues for every `"__proto__"` key in a parsed JSON body. `JSON.parse` keeps such a key as an own
 * property, but zod (rightly) never copies it into its output: without this check the entry would be
 * dropped without a word and its value never validated.
 */
export function protoKeyIssues(input: unknown, location: IssueLocation, prefix = ''): Issue[] {
  const issues: Issue[] = [];
  // Each entry links to its parent instead of copying the whole path, so a 20,000-level body costs
  // 20,000 steps, not 20,000 paths of up to 20,000 keys; a path is only built for a key that is found.
  type Step = { node: unknown; key: PathKey | undefined; parent: Step | undefined };
  const pathOf = (step: Step | undefined, last: PathKey): PathKey[] => {
    const path: PathKey[] = [last];
    for (let at = step; at && at.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const pending: Step[] = [{ node: input, key: undefined, parent: undefined }];
  while (pending.length > 0) {
    const step = pending.pop() as Step;
    const { node } = step;
    if (node === null || typeof node !== 'object') continue;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      const child = (node as Record<PropertyKey, unknown>)[key];
      if (key === '__proto__') {
        issues.push({
          type: issueTypes.invalidProperty,
          title: 'Invalid property',
          detail: 'The key "__proto__" cannot be used as a name.',
          in: location,
          name: formatPath(pathOf(step, key), prefix),
        });
      } else if (child !== null && typeof child === 'object')
        pending.push({ node: child, key, parent: step });
    }
  }
  return issues;
}
