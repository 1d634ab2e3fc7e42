/**
 * Hostile request bodies, as bytes: truncated JSON, deep nesting, megabyte strings, `__proto__` and
 * `constructor` keys, duplicate keys, invalid UTF-8, wrong or missing content types, and JSON that is not
 * an object. Every case says whether the answer must be a refusal (4xx problem+json) or may succeed (a
 * duplicate key whose last value is valid: JSON's last-wins rule makes it a valid body).
 */
import { mulberry32 } from '@splice/sandbox-data';

export interface RawTarget {
  name: string;
  url: string;
  /** Headers that make a request acceptable but for its body (credentials, session, CSRF header). */
  headers: Record<string, string>;
  /** A valid body of the operation, as JSON text; `unique` makes it unique per case (fresh e-mail). */
  valid(unique: string): Record<string, unknown>;
  /** The property whose value the hostile values replace (a string property of the body). */
  stringPath: string[];
  /** Does the server take `application/<x>+json` as JSON? (The service does, the BFF takes only application/json.) */
  acceptsJsonSuffix: boolean;
  /** Duplicate-key cases with a valid last value succeed: only for operations without lasting effects per group. */
  duplicateKeysMaySucceed: boolean;
}

export interface RawCase {
  /** The family of hostile input (for the figures), and `family` its variant. */
  kind: string;
  family: string;
  target: RawTarget;
  contentType?: string;
  bytes: Uint8Array;
  /** `refused`: a 4xx problem. `either`: success or a 4xx problem, never 5xx. */
  expect: 'refused' | 'either';
  /** For `either`: the value the server must have used (the last of duplicate keys). */
  lastValue?: string;
}

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

function setAt(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1] as string] = value;
  return copy;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Byte sequences that are not UTF-8: a stray continuation, an overlong '/', a surrogate, 0xFF, a cut sequence. */
const invalidUtf8 = [
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xff],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3, 0x28],
];

const MiB = 1024 * 1024;

type Maker = (target: RawTarget, random: () => number, unique: string) => Omit<RawCase, 'kind'>;

const makers: Array<{ weight: number; family: string; make: Maker }> = [
  {
    weight: 20,
    family: 'truncated JSON',
    make: (target, random, unique) => {
      const text = JSON.stringify(target.valid(unique));
      const cut = 1 + Math.floor(random() * (text.length - 1));
      return { family: 'truncated JSON', target, bytes: utf8(text.slice(0, cut)), expect: 'refused' };
    },
  },
  {
    weight: 6,
    family: 'deep nesting',
    make: (target, random, unique) => {
      // 10,000 levels, deeper than any real config, and 50,000 (within the create limits): a depth-quadratic check
      // once held a server for seconds at that depth (KD-5), which the 2 s answer budget catches.
      const depth = [1_000, 10_000, 10_000, 50_000][Math.floor(random() * 4)] as number;
      const kind = random() < 0.5 ? 'array' : 'object';
      const open = kind === 'array' ? '['.repeat(depth) : '{"a":'.repeat(depth);
      const close = kind === 'array' ? ']'.repeat(depth) : '}'.repeat(depth);
      const nested = `${open}1${close}`;
      // Either the whole body, or in place of the operation's string property.
      if (random() < 0.4)
        return {
          family: `deep nesting (${depth} ${kind}s, whole body)`,
          target,
          bytes: utf8(nested),
          expect: 'refused',
        };
      const marker = '"__NESTED__"';
      const text = JSON.stringify(setAt(target.valid(unique), target.stringPath, '__NESTED__')).replace(
        marker,
        nested,
      );
      return {
        family: `deep nesting (${depth} ${kind}s, as a value)`,
        target,
        bytes: utf8(text),
        expect: 'refused',
      };
    },
  },
  {
    weight: 3,
    family: 'huge string',
    make: (target, random, unique) => {
      const size = random() < 0.5 ? MiB : MiB - 200;
      const body = setAt(target.valid(unique), target.stringPath, 'x'.repeat(size));
      return {
        family: `huge string (${size} bytes)`,
        target,
        bytes: utf8(JSON.stringify(body)),
        expect: 'refused',
      };
    },
  },
  {
    weight: 2,
    family: 'many keys',
    make: (target, _random, unique) => {
      const body = target.valid(unique);
      const extra = Array.from({ length: 20_000 }, (_, i) => `"k${i}":1`).join(',');
      const text = JSON.stringify(body).replace(/^\{/, `{${extra},`);
      return { family: 'many keys (20,000 unknown)', target, bytes: utf8(text), expect: 'refused' };
    },
  },
  {
    weight: 15,
    family: 'prototype keys',
    make: (target, random, unique) => {
      const payloads = [
        '"__proto__":{"polluted":"yes"}',
        '"constructor":{"prototype":{"polluted":"yes"}}',
        '"__proto__":{"__proto__":{"polluted":"yes"}}',
        '"prototype":{"polluted":"yes"}',
        '"__proto__":[{"polluted":"yes"}]',
        '"__proto__":null',
      ];
      const payload = payloads[Math.floor(random() * payloads.length)] as string;
      // At the top level, or inside the object that holds the operation's string property.
      const text = JSON.stringify(target.valid(unique));
      const inner = target.stringPath.length > 1;
      const injected =
        inner && random() < 0.5
          ? text.replace(`"${target.stringPath.at(-1)}":`, `${payload},"${target.stringPath.at(-1)}":`)
          : text.replace(/^\{/, `{${payload},`);
      return { family: 'prototype keys', target, bytes: utf8(injected), expect: 'refused' };
    },
  },
  {
    weight: 12,
    family: 'duplicate keys',
    make: (target, random, unique) => {
      const key = target.stringPath.at(-1) as string;
      const good = JSON.stringify(target.valid(unique));
      const stringAt = (body: Record<string, unknown>) => {
        let node: unknown = body;
        for (const k of target.stringPath) node = (node as Record<string, unknown>)[k];
        return node as string;
      };
      const validValue = stringAt(target.valid(unique));
      const badValue = random() < 0.5 ? 42 : 'x'.repeat(300);
      const lastBad = !target.duplicateKeysMaySucceed || random() < 0.5;
      const first = lastBad ? JSON.stringify(validValue) : JSON.stringify(badValue);
      const last = lastBad ? JSON.stringify(badValue) : JSON.stringify(validValue);
      const text = good.replace(
        `"${key}":${JSON.stringify(validValue)}`,
        `"${key}":${first},"${key}":${last}`,
      );
      return lastBad
        ? { family: 'duplicate keys (last invalid)', target, bytes: utf8(text), expect: 'refused' }
        : {
            family: 'duplicate keys (last valid)',
            target,
            bytes: utf8(text),
            expect: 'either',
            lastValue: validValue,
          };
    },
  },
  {
    weight: 15,
    family: 'invalid UTF-8',
    make: (target, random, unique) => {
      const bad = Uint8Array.from(invalidUtf8[Math.floor(random() * invalidUtf8.length)] as number[]);
      const text = JSON.stringify(target.valid(unique));
      if (random() < 0.5) {
        // Between tokens: whatever the decoder does with it, the JSON is broken.
        const at = text.indexOf(':') + 1;
        return {
          family: 'invalid UTF-8 (between tokens)',
          target,
          bytes: concat(utf8(text.slice(0, at)), bad, utf8(text.slice(at))),
          expect: 'refused',
        };
      }
      // Inside the operation's string value, which must then be refused (a name the service does not know, an
      // address that is not one): a decoder that replaces it with U+FFFD must still not make it valid.
      const key = `"${target.stringPath.at(-1)}":"`;
      const at = text.indexOf(key) + key.length;
      return {
        family: 'invalid UTF-8 (in a value)',
        target,
        bytes: concat(utf8(text.slice(0, at)), bad, utf8(text.slice(at))),
        expect: 'refused',
      };
    },
  },
  {
    weight: 15,
    family: 'wrong content type',
    make: (target, random, unique) => {
      const types = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'text/json',
        'application/jsonx',
        'application/merge-patch+json',
        '',
        undefined,
      ];
      const contentType = types[Math.floor(random() * types.length)];
      const suffixJson = contentType !== undefined && /^application\/[\w.-]+\+json$/.test(contentType);
      return {
        family: `content type ${contentType === undefined ? '(none)' : JSON.stringify(contentType)}`,
        target,
        ...(contentType === undefined ? {} : { contentType }),
        bytes: utf8(JSON.stringify(target.valid(unique))),
        // application/<x>+json is JSON to the service: the valid body then succeeds.
        expect: suffixJson && target.acceptsJsonSuffix ? 'either' : 'refused',
      };
    },
  },
  {
    weight: 12,
    family: 'not an object',
    make: (target, random) => {
      const bodies = [
        '',
        'null',
        '[]',
        '"text"',
        '1',
        'true',
        '{}',
        '{"":1}',
        '[{}]',
        ' ',
        '\u0000',
        '1e400',
        '{"a":1e400}',
        'NaN',
        "{'a':1}",
        '{"a":1,}',
        '/* */{}',
      ];
      const text = bodies[Math.floor(random() * bodies.length)] as string;
      return { family: 'not an object', target, bytes: utf8(text), expect: 'refused' };
    },
  },
];

const totalWeight = makers.reduce((n, m) => n + m.weight, 0);

/** The `index`-th case of a run: made when it is sent, so a deep run never holds 10,000 bodies at once. */
export function rawCase(targets: readonly RawTarget[], index: number, seed: number): RawCase {
  const random = mulberry32(seed + index);
  const target = targets[index % targets.length] as RawTarget;
  let roll = random() * totalWeight;
  const maker =
    makers.find((m) => {
      roll -= m.weight;
      return roll < 0;
    }) ?? (makers[0] as (typeof makers)[number]);
  const made = maker.make(target, random, `raw${seed}-${index}`);
  return {
    ...made,
    kind: maker.family,
    contentType:
      'contentType' in made || maker.family === 'wrong content type' ? made.contentType : 'application/json',
  };
}
