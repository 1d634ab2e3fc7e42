import { parseOrThrow } from '@splice/server-kit';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import {
  isSessionBoundName,
  sessionBoundIssue,
  sessionBoundProblem,
} from '../middleware/session-bound-params/session-bound.js';

/*
 * Validators on `hono/validator`, each answering a 400 problem naming every offending value (the
 * server kit's `parseOrThrow`). Malformed JSON is hono's 400, which the error handler tells as
 * `malformed-body`.
 */

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
    return parseOrThrow(schema, value, 'body');
  });

/** Validates the query string (every key the schema does not name is refused by a strict schema). */
export const queryParams = <S extends z.ZodMiniType<Record<string, unknown>>>(schema: S) =>
  validator('query', (value) => parseOrThrow(schema, value, 'query') as z.output<S>);

/** Validates path parameters. */
export const pathParams = <S extends z.ZodMiniType<Record<string, unknown>>>(schema: S) =>
  validator('param', (value) => parseOrThrow(schema, value, 'path') as z.output<S>);

/** Validates headers; header names arrive lower-cased. */
export const headerParams = <S extends z.ZodMiniType<Record<string, unknown>>>(schema: S) =>
  validator('header', (value) => parseOrThrow(schema, value, 'header') as z.output<S>);
