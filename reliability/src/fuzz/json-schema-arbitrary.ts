/**
 * fast-check arbitraries from JSON Schema, as `z.toJSONSchema` writes it for the shared zod/mini schemas
 * (and as the served OpenAPI documents carry it): objects with `properties`/`required`/
 * `additionalProperties: false`, maps (`propertyNames` + `additionalProperties`), arrays with `maxItems`,
 * strings with `minLength`/`maxLength`/`pattern`/`format`, integers and numbers with bounds, booleans,
 * `const`, `enum`, `anyOf` and the empty schema (any JSON).
 *
 * Sizes stay small (a few items per array or map, short strings), with a share of boundary values
 * (strings of exactly `maxLength`, integers at their bounds) and of awkward but valid content (non-ASCII
 * graphemes, keys such as `__proto__` and `constructor`), so that a thousand cases cover the shapes in a
 * few seconds. Refinements JSON Schema cannot express are the caller's to repair (see each operation).
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  default?: unknown;
};

/**
 * Names that are valid but have caught JavaScript servers out before (Object.prototype's members, path
 * syntax, blanks). `__proto__` is not among them: as a map key it is refused (see mutations.ts).
 */
export const awkwardKeys = [
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'a.b',
  'x[0]',
  ' ',
];

/** Every awkward name, `__proto__` included: for values (object and field names), which may be anything. */
export const awkwardNames = ['__proto__', ...awkwardKeys];

const small = { array: 2, map: 2, string: 10 };

function stringArbitrary(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const short = Math.min(maxLength, small.string);
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.string({ minLength, maxLength: Math.max(minLength, short), unit: 'grapheme-ascii' }),
    },
    {
      weight: 3,
      // Non-ASCII graphemes; `maxLength` counts UTF-16 units, as zod does, so longer ones are dropped.
      arbitrary: fc
        .string({ minLength, maxLength: Math.max(minLength, Math.min(short, 6)), unit: 'grapheme' })
        .filter((s) => s.length >= minLength && s.length <= maxLength),
    },
    { weight: 1, arbitrary: fc.constant('x'.repeat(maxLength)) },
  );
}

function keyArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const min = schema?.minLength ?? 0;
  const max = schema?.maxLength ?? 256;
  return fc.oneof(
    { weight: 10, arbitrary: stringArbitrary(Math.max(min, 1), max) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...awkwardKeys.filter((k) => k.length >= min && k.length <= max)),
    },
  );
}

const email = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9_+-]{1,12}$/),
    fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}$/),
    fc.constantFrom('com', 'org', 'example', 'io', 'co'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

/** An arbitrary of values the schema accepts (refinements aside). */
export function arbitraryFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(arbitraryFor));
  switch (schema.type) {
    case 'object': {
      if (schema.properties) {
        const model = Object.fromEntries(
          Object.entries(schema.properties).map(([key, value]) => [key, arbitraryFor(value)]),
        );
        return fc.record(model, { requiredKeys: schema.required ?? [] });
      }
      const value =
        typeof schema.additionalProperties === 'object'
          ? arbitraryFor(schema.additionalProperties)
          : fc.jsonValue();
      return fc
        .uniqueArray(fc.tuple(keyArbitrary(schema.propertyNames), value), {
          maxLength: small.map,
          selector: ([key]) => key,
        })
        .map((entries) => {
          // Own properties even for `__proto__`, as JSON.parse would make them.
          const map: Record<string, unknown> = {};
          for (const [key, entry] of entries)
            Object.defineProperty(map, key, {
              value: entry,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          return map;
        });
    }
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? small.array, small.array),
      });
    case 'string': {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 256;
      if (schema.format === 'email') return email.filter((s) => s.length <= max);
      if (schema.format === 'date-time') {
        return fc
          .date({
            min: new Date('2000-01-01T00:00:00Z'),
            max: new Date('2100-01-01T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString());
      }
      if (schema.pattern) {
        return fc
          .stringMatching(new RegExp(schema.pattern), { size: 'xsmall' })
          .filter((s) => s.length >= min && s.length <= max);
      }
      return stringArbitrary(min, max);
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1e9, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? 1e9, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min, max }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
      );
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
