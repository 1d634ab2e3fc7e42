import type { Context, MiddlewareHandler } from 'hono';
import type * as z from 'zod/mini';
import { parseOrThrow } from './parse-or-throw.js';
import { readJson } from './read-json.js';

/**
 * Validator middleware (`c.req.valid('json')` in the handler, typed for `hono/client`) on this kit's
 * readers rather than `hono/validator`: that one answers a plain 400 for a non-JSON content type and
 * reads repeated query keys as arrays, where these answer 415 and read the first value, each with its
 * problem object (read-json.ts).
 */
type Validated<Target extends string, S extends z.ZodMiniType> = MiddlewareHandler<
  // biome-ignore lint/suspicious/noExplicitAny: any environment; these validators read no variables
  any,
  string,
  { in: { [K in Target]: z.input<S> }; out: { [K in Target]: z.output<S> } }
>;

/** The JSON body: 415 for another content type, 400 for malformed JSON or a problem naming each field. */
export const jsonBody =
  <S extends z.ZodMiniType>(schema: S): Validated<'json', S> =>
  async (c, next) => {
    // A schema's output is an object for every body of the interface; Hono's slot is typed `{}`.
    c.req.addValidatedData('json', (await readJson(c, schema)) as object);
    await next();
  };

/**
 * A JSON body an operation may go without: when `sent` says none was sent, the schema's reading of `{}`
 * (each such body is all optional fields); otherwise as `jsonBody`. Each operation says what counts as sent.
 */
export const optionalJsonBody =
  <S extends z.ZodMiniType>(schema: S, sent: (c: Context) => boolean): Validated<'json', S> =>
  async (c, next) => {
    const body = sent(c) ? await readJson(c, schema) : parseOrThrow(schema, {}, 'body');
    c.req.addValidatedData('json', body as object);
    await next();
  };

/** The query string, one value per key (the first when a key repeats, as `c.req.query()` reads it). */
export const queryParams =
  <S extends z.ZodMiniType<Record<string, unknown>>>(schema: S): Validated<'query', S> =>
  async (c, next) => {
    c.req.addValidatedData('query', parseOrThrow(schema, c.req.query(), 'query'));
    await next();
  };

/** The headers the schema names (lower-cased names); headers it does not name are not looked at. */
export const headerParams =
  <S extends z.ZodMiniType<Record<string, unknown>>>(
    schema: S,
    names: readonly string[],
  ): Validated<'header', S> =>
  async (c, next) => {
    const value = Object.fromEntries(names.map((name) => [name, c.req.header(name)]));
    c.req.addValidatedData('header', parseOrThrow(schema, value, 'header'));
    await next();
  };
