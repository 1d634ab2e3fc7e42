import type { IssueLocation } from '@splice/schema';
import { protoKeyIssues, toIssues } from '@splice/schema';
import type * as z from 'zod/mini';
import { validationError } from '../problem/problem-error.js';

/**
 * Parses `input` with a zod/mini schema, or throws a 400 problem naming each offending parameter or
 * property (a `"__proto__"` key too, which zod would drop without a word). `prefix` goes before each
 * issue's name when the input is part of a larger one.
 */
export function parseOrThrow<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  location: IssueLocation,
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
