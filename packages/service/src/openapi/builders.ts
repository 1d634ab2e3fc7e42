/**
 * The pieces every part of the served OpenAPI document is built from (./document and the paths merged
 * into it), so a problem response, a parameter or a schema reads the same in every operation.
 */
import type { ProblemKind } from '@splice/schema';
import { problemTypes } from '@splice/schema';
import * as z from 'zod/mini';

export type JsonSchema = Record<string, unknown>;
/** A problem response: its status, the problem types it carries and when. */
export type ProblemEntry = [number, ProblemKind[], string];

/** The JSON Schema of a shared zod/mini schema, as a request (`input`) or an answer (`output`). */
export function toSchema(schema: z.ZodMiniType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Problem responses: the status, and which problem types it carries (documented per operation). */
export function problems(...entries: ProblemEntry[]) {
  return Object.fromEntries(
    entries.map(([status, kinds, when]) => [
      String(status),
      {
        description: `${when} Problem types: ${kinds.map((k) => `\`${problemTypes[k].type}\` (${problemTypes[k].title})`).join(', ')}.`,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    ]),
  );
}

/** A string parameter; path parameters are required. */
export const param = (name: string, description: string, where: 'path' | 'query' = 'path') => ({
  name,
  in: where,
  required: where === 'path',
  schema: { type: 'string' },
  description,
});

export const json = (ref: string) => ({
  'application/json': { schema: { $ref: `#/components/schemas/${ref}` } },
});

/** The service's API operations take the API key or the builder's bearer token. */
export const security = [{ apiKey: [] }, { bearer: [] }];

/** Problem responses most operations share. */
export const common = {
  unauthorized: [401, ['unauthorized'], 'The credential is missing or wrong.'],
  malformed: [
    400,
    ['validation', 'badRequest'],
    'Malformed input: one issue per offending parameter or property.',
  ],
  tooLarge: [413, ['payloadTooLarge'], 'The body is over the size this operation accepts.'],
  notJson: [415, ['unsupportedMediaType'], 'The body is not JSON.'],
} as const satisfies Record<string, ProblemEntry>;
