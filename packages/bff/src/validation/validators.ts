import type { IssueLocation } from '@splice/schema';
import { protoKeyIssues, toIssues } from '@splice/schema';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import {
  isSessionBoundName,
  sessionBoundIssue,
  sessionBoundProblem,
} from '../middleware/session-bound-params/session-bound.js';
import { validationProblem } from '../problem/problem-error.js';

function check<S extends z.ZodMiniType>(schema: S, value: unknown, location: IssueLocation): z.output<S> {
  const parsed = schema.safeParse(value);
  const protoKeys = protoKeyIssues(value, location);
  if (!parsed.success || protoKeys.length > 0) {
    throw validationProblem([
      ...protoKeys,
      ...(parsed.success ? [] : toIssues(parsed.error.issues, value, location)),
    ]);
  }
  return parsed.data;
}

/**
 * Validates the JSON body with a zod/mini schema, typed so that `hono/client` sends the schema's input
 * type and the handler reads its output type. A top-level group or organization field is refused first
 * with its own problem: the browser must learn that the session decides those, not that the key is
 * merely unknown.
 */
export const jsonBody = <S extends z.ZodMiniType>(schema: S) =>
  validator<z.input<S>, string, string, 'json', string, (value: unknown) => z.output<S>>('json', (value) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const bound = Object.keys(value).filter(isSessionBoundName);
      if (bound.length > 0) throw sessionBoundProblem(bound.map((name) => sessionBoundIssue('body', name)));
    }
    return check(schema, value, 'body');
  });

/** Validates the query string (every key the schema does not name is refused by a strict schema). */
export const queryParams = <S extends z.ZodMiniType<Record<string, unknown>>>(schema: S) =>
  validator('query', (value) => check(schema, value, 'query') as z.output<S>);

/** Validates path parameters. */
export const pathParams = <S extends z.ZodMiniType<Record<string, unknown>>>(schema: S) =>
  validator('param', (value) => check(schema, value, 'path') as z.output<S>);

/** Validates headers; header names arrive lower-cased. */
export const headerParams = <S extends z.ZodMiniType<Record<string, unknown>>>(schema: S) =>
  validator('header', (value) => check(schema, value, 'header') as z.output<S>);
