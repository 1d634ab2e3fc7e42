/**
 * Salesforce's REST error answers: a JSON array of `{ message, errorCode, fields? }` with the HTTP status
 * Salesforce pairs with each code.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorCode =
  | 'INVALID_SESSION_ID'
  | 'NOT_FOUND'
  | 'MALFORMED_QUERY'
  | 'INVALID_FIELD'
  | 'INVALID_TYPE'
  | 'INVALID_QUERY_LOCATOR'
  | 'INVALID_FIELD_FOR_INSERT_UPDATE'
  | 'REQUIRED_FIELD_MISSING'
  | 'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST'
  | 'JSON_PARSER_ERROR'
  | 'ALL_OR_NONE_OPERATION_ROLLED_BACK'
  | 'REQUEST_LIMIT_EXCEEDED'
  | 'SERVER_UNAVAILABLE'
  | 'UNKNOWN_EXCEPTION';

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  INVALID_SESSION_ID: 401,
  NOT_FOUND: 404,
  MALFORMED_QUERY: 400,
  INVALID_FIELD: 400,
  INVALID_TYPE: 400,
  INVALID_QUERY_LOCATOR: 400,
  INVALID_FIELD_FOR_INSERT_UPDATE: 400,
  REQUIRED_FIELD_MISSING: 400,
  INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST: 400,
  JSON_PARSER_ERROR: 400,
  ALL_OR_NONE_OPERATION_ROLLED_BACK: 400,
  REQUEST_LIMIT_EXCEEDED: 403,
  SERVER_UNAVAILABLE: 503,
  UNKNOWN_EXCEPTION: 500,
};

export interface ErrorEntry {
  message: string;
  errorCode: ErrorCode;
  fields?: string[];
}

export class SalesforceError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly entries: ErrorEntry[],
    status?: ContentfulStatusCode,
  ) {
    super(entries.map((entry) => entry.message).join('; '));
    this.status = status ?? statusOf[entries[0]!.errorCode];
  }
}

export const salesforceError = (errorCode: ErrorCode, message: string, fields?: string[]) =>
  new SalesforceError([{ message, errorCode, ...(fields && { fields }) }]);

export const renderSalesforceError = (c: Context, error: SalesforceError): Response =>
  c.json(error.entries, error.status);
