import type * as z from 'zod/mini';

/** One part of an upstream answer that could not be read: where, what was expected, and what came. */
export interface Unreadable {
  /** A JSON path into the answer, e.g. `$.latestRevision.content.read.objects[0].schedule`. */
  path: string;
  expected: string;
  /** The type of what came (`missing`, `string`, `object`, ...), never the value: logs stay free of data. */
  got: string;
}

export type ReadResult<T> =
  | { ok: true; value: T; ignored: Unreadable[] }
  | { ok: false; problems: Unreadable[]; ignored: Unreadable[] };

type Step = { ok: true; value: unknown } | { ok: false; reasons: Unreadable[] };
type Path = readonly (string | number)[];

interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
}

const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function jsonPath(path: Path): string {
  let out = '$';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** What a schema wanted, in words; built from the schema's own facts, never from the upstream's values. */
function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected;
    case 'invalid_value':
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `${issue.origin} of at least ${String(issue.minimum)}`;
    case 'too_big':
      return `${issue.origin} of at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'a string of the documented form' : `a ${issue.format} string`;
    case 'invalid_union':
      return 'one of the documented shapes';
    default:
      return issue.message || issue.code;
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function checked(schema: z.ZodMiniType, value: unknown, path: Path): Step {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    reasons: parsed.error.issues.map((issue) => ({
      path: jsonPath([...path, ...issue.path.map((k) => (typeof k === 'number' ? k : String(k)))]),
      expected: expectation(issue),
      got: kindOf(valueAt(value, issue.path)),
    })),
  };
}

/**
 * Reads `value` as `schema` would, but tolerantly: keys the schema does not name are dropped, an optional
 * part that cannot be read is left out (noted in `ignored`), an unreadable item of a list or entry of a
 * map is left out, and only a required part that cannot be read fails the answer. What comes out always
 * passes `schema`: every answer the BFF builds from it stays in its documented shape.
 */
function project(schema: z.ZodMiniType, value: unknown, path: Path, ignored: Unreadable[]): Step {
  // The common case first: an answer (or part) the schema takes as it is costs one parse.
  const direct = schema.safeParse(value);
  if (direct.success) return { ok: true, value: direct.data };
  const def = defOf(schema);
  switch (def.type) {
    case 'optional': {
      if (value === undefined) return { ok: true, value: undefined };
      const inner = project(def.innerType as z.ZodMiniType, value, path, ignored);
      if (inner.ok) return inner;
      ignored.push(...inner.reasons);
      return { ok: true, value: undefined };
    }
    case 'default': {
      if (value === undefined) return checked(schema, undefined, path);
      const inner = project(def.innerType as z.ZodMiniType, value, path, ignored);
      if (inner.ok) return inner;
      ignored.push(...inner.reasons);
      return checked(schema, undefined, path);
    }
    case 'nullable':
      if (value === null) return { ok: true, value: null };
      return project(def.innerType as z.ZodMiniType, value, path, ignored);
    case 'object': {
      if (!isRecord(value))
        return { ok: false, reasons: [{ path: jsonPath(path), expected: 'object', got: kindOf(value) }] };
      const out: Record<string, unknown> = {};
      const reasons: Unreadable[] = [];
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        const item = Object.hasOwn(value, key) ? value[key] : undefined;
        const step = project(child, item, [...path, key], ignored);
        if (!step.ok) reasons.push(...step.reasons);
        else if (step.value !== undefined) out[key] = step.value;
      }
      return reasons.length > 0 ? { ok: false, reasons } : checked(schema, out, path);
    }
    case 'array': {
      if (!Array.isArray(value))
        return { ok: false, reasons: [{ path: jsonPath(path), expected: 'array', got: kindOf(value) }] };
      const out: unknown[] = [];
      value.forEach((item, index) => {
        const step = project(def.element as z.ZodMiniType, item, [...path, index], ignored);
        if (step.ok) out.push(step.value);
        else ignored.push(...step.reasons);
      });
      return checked(schema, out, path);
    }
    case 'record': {
      if (!isRecord(value))
        return { ok: false, reasons: [{ path: jsonPath(path), expected: 'object', got: kindOf(value) }] };
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        // A "__proto__" entry would set the prototype of `out` rather than add an entry.
        if (key === '__proto__' || !(def.keyType as z.ZodMiniType).safeParse(key).success) {
          ignored.push({ path: jsonPath([...path, key]), expected: 'a usable key', got: 'string' });
          continue;
        }
        const step = project(def.valueType as z.ZodMiniType, item, [...path, key], ignored);
        if (step.ok) out[key] = step.value;
        else ignored.push(...step.reasons);
      }
      return checked(schema, out, path);
    }
    default:
      return checked(schema, value, path);
  }
}

/** Reads a whole upstream answer tolerantly (see `project`). */
export function readAnswer<S extends z.ZodMiniType>(schema: S, value: unknown): ReadResult<z.output<S>> {
  const ignored: Unreadable[] = [];
  const step = project(schema, value, [], ignored);
  if (step.ok) return { ok: true, value: step.value as z.output<S>, ignored };
  return { ok: false, problems: step.reasons, ignored };
}

/**
 * Reads what can be read of an object answer, even when required parts are missing: each property on its
 * own. For an answer that reports a success which must not turn into an error (a create).
 */
export function readWhatCan<S extends z.ZodMiniObject>(
  schema: S,
  value: unknown,
): { value: Partial<z.output<S>>; unreadable: Unreadable[] } {
  const unreadable: Unreadable[] = [];
  const out: Record<string, unknown> = {};
  if (!isRecord(value))
    return { value: {}, unreadable: [{ path: '$', expected: 'object', got: kindOf(value) }] };
  for (const [key, child] of Object.entries(defOf(schema).shape ?? {})) {
    const step = project(child, Object.hasOwn(value, key) ? value[key] : undefined, [key], unreadable);
    if (!step.ok) unreadable.push(...step.reasons);
    else if (step.value !== undefined) out[key] = step.value;
  }
  return { value: out as Partial<z.output<S>>, unreadable };
}

/** Reads a list answer item by item: every item must be readable, or the answer is unusable. */
export function readEach<T>(value: unknown, readItem: (item: unknown) => ReadResult<T>): ReadResult<T[]> {
  if (!Array.isArray(value)) {
    return { ok: false, problems: [{ path: '$', expected: 'array', got: kindOf(value) }], ignored: [] };
  }
  const values: T[] = [];
  const problems: Unreadable[] = [];
  const ignored: Unreadable[] = [];
  value.forEach((item, index) => {
    const at = (u: Unreadable) => ({ ...u, path: `$[${index}]${u.path.slice(1)}` });
    const result = readItem(item);
    ignored.push(...result.ignored.map(at));
    if (result.ok) values.push(result.value);
    else problems.push(...result.problems.map(at));
  });
  return problems.length > 0 ? { ok: false, problems, ignored } : { ok: true, value: values, ignored };
}
