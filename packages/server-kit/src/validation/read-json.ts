import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { isJsonContentType } from '../body/read-body.js';
import { problemError } from '../problem/problem-error.js';
import { parseOrThrow } from './parse-or-throw.js';

/**
 * Reads a JSON body and validates it: a non-JSON content type is 415, malformed JSON is 400 (the body
 * size is capped before this by a body-limit middleware: 413).
 */
export async function readJson<S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.output<S>> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw problemError(415, 'unsupportedMediaType', {
      detail: 'Send the body as JSON with "Content-Type: application/json".',
    });
  }
  const text = await c.req.text();
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw problemError(400, 'badRequest', {
      detail: `The body is not valid JSON: ${(error as Error).message}.`,
    });
  }
  return parseOrThrow(schema, input, 'body');
}
