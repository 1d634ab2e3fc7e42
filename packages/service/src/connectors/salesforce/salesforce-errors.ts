/**
 * Salesforce's REST errors, `[{ message, errorCode, fields? }]`, as the service's classified
 * `ProviderError`s. The HTTP layer has already handled 401 (INVALID_SESSION_ID), 429 and 5xx; what reaches
 * here is a 4xx the connector reads in Salesforce's terms. Salesforce answers its API request limit with
 * 403 REQUEST_LIMIT_EXCEEDED rather than 429, so that one is classified here.
 */
import * as z from 'zod/mini';
import { ProviderError, type ProviderErrorKind } from '../provider-error.js';
import type { ProviderResponse } from '../provider-http.js';
import { salesforceProvider } from './salesforce-api.js';

export const salesforceErrorSchema = z.object({
  message: z.string(),
  errorCode: z.string(),
  fields: z.optional(z.array(z.string())),
});
export type SalesforceErrorEntry = z.infer<typeof salesforceErrorSchema>;

const errorBodySchema = z.array(salesforceErrorSchema);

/**
 * Salesforce states no wait for its request limit (a rolling 24-hour allocation): try again after this long
 * and let the caller's backoff grow it.
 */
export const requestLimitWaitMs = 60_000;

// Beside every INSUFFICIENT_ACCESS code: the org or the user may not use the API at all.
const forbiddenCodes = new Set([
  'API_DISABLED_FOR_ORG',
  'API_CURRENTLY_DISABLED',
  'FUNCTIONALITY_NOT_ENABLED',
]);
const notFoundCodes = new Set(['NOT_FOUND', 'ENTITY_IS_DELETED']);

/** The kind an error entry means; a code the connector does not know falls back on the HTTP status. */
export function errorKindOf(errorCode: string | undefined, status: number): ProviderErrorKind {
  const code = errorCode ?? '';
  if (code === 'REQUEST_LIMIT_EXCEEDED') return 'rateLimited';
  if (code.startsWith('INSUFFICIENT_ACCESS') || forbiddenCodes.has(code)) return 'forbidden';
  if (notFoundCodes.has(code)) return 'notFound';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  return 'badRequest';
}

// A query's unknown column is named in the message only: "No such column 'Foo' on entity 'Contact'".
const columnInMessage = /No such column '([^']+)'/;

/** The fields an entry names: its `fields`, or the column its message names. */
export function fieldNamesOf(entry: SalesforceErrorEntry): string[] | undefined {
  if (entry.fields && entry.fields.length > 0) return entry.fields;
  const column = columnInMessage.exec(entry.message)?.[1];
  return column === undefined ? undefined : [column];
}

/** The error entries of an answer, or undefined when the body is not Salesforce's error shape. */
export function errorEntriesOf(body: unknown): SalesforceErrorEntry[] | undefined {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined;
}

/** A non-2xx answer as the `ProviderError` the service acts on. */
export function salesforceFailure(response: ProviderResponse): ProviderError {
  const entries = errorEntriesOf(response.body);
  const first = entries?.[0];
  const kind = errorKindOf(first?.errorCode, response.status);
  const fieldNames = [...new Set(entries?.flatMap((entry) => fieldNamesOf(entry) ?? []) ?? [])];
  const message = entries
    ? entries.map((entry) => `${entry.errorCode}: ${entry.message}`).join('; ')
    : `Salesforce answered HTTP ${response.status}.`;
  return new ProviderError(kind, message, {
    provider: salesforceProvider,
    status: response.status,
    ...(kind === 'rateLimited' && { retryAfterMs: requestLimitWaitMs }),
    ...(fieldNames.length > 0 && { fieldNames }),
  });
}

/** Throws the answer's `ProviderError` unless it is a 2xx. */
export function expectSuccess(response: ProviderResponse): ProviderResponse {
  if (response.status >= 200 && response.status < 300) return response;
  throw salesforceFailure(response);
}

/** A 2xx body that is not the documented shape. */
export function malformedAnswer(what: string, cause?: unknown): ProviderError {
  return new ProviderError('malformed', `Salesforce's ${what} answer is not in the documented shape.`, {
    provider: salesforceProvider,
    ...(cause !== undefined && { cause }),
  });
}

/** Parses a 2xx body with its schema, or throws `malformed`. */
export function parseAnswer<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw malformedAnswer(what, parsed.error);
  return parsed.data;
}
