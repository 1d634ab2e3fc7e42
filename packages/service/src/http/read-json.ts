import type { Issue } from '@splice/schema';
import { protoKeyIssues, toIssues } from '@splice/schema';
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import { problemError, validationError } from './problem.js';

export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const mediaType = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
}

/**
 * Reads a JSON body and validates it: a non-JSON content type is 415, malformed JSON is 400 (the body
 * size is capped before this by the body-limit middleware: 413). Every body of the interface is JSON (docs/service-interface.md#base-addresses).
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

export function parseOrThrow<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  location: Issue['in'],
  prefix = '',
): z.output<S> {
  const result = schema.safeParse(input);
  const protoKeys = protoKeyIssues(input, location, prefix);
  if (!result.success || protoKeys.length > 0) {
    throw validationError([
      ...protoKeys,
      ...(result.success ? [] : toIssues(result.error.issues, input, location, prefix)),
    ]);
  }
  return result.data;
}
