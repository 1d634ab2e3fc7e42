/**
 * HubSpot's error answers: `{ status: "error", message, correlationId, category }` with the HTTP status
 * HubSpot pairs with each category, thrown anywhere in a request and rendered by the app's error handler.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorCategory =
  | 'VALIDATION_ERROR'
  | 'INVALID_AUTHENTICATION'
  | 'EXPIRED_AUTHENTICATION'
  | 'OBJECT_NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITS'
  | 'INTERNAL_ERROR';

const statusOf: Record<ErrorCategory, ContentfulStatusCode> = {
  VALIDATION_ERROR: 400,
  INVALID_AUTHENTICATION: 401,
  EXPIRED_AUTHENTICATION: 401,
  OBJECT_NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITS: 429,
  INTERNAL_ERROR: 500,
};

/** One offending input, as HubSpot lists them under `errors`. */
export interface ErrorDetail {
  message: string;
  code?: string;
  in?: string;
  context?: Record<string, string[]>;
}

export interface HubSpotErrorInit {
  context?: Record<string, string[]>;
  errors?: ErrorDetail[];
  /** Fields some categories add beside the common ones (the rate limit's `policyName`, ...). */
  extra?: Record<string, unknown>;
  /** When the category's usual status is not the one to answer (an injected 502, ...). */
  status?: ContentfulStatusCode;
}

export class HubSpotError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly category: ErrorCategory,
    message: string,
    readonly init: HubSpotErrorInit = {},
  ) {
    super(message);
    this.status = init.status ?? statusOf[category];
  }

  body(): Record<string, unknown> {
    return {
      status: 'error',
      message: this.message,
      correlationId: crypto.randomUUID(),
      category: this.category,
      ...(this.init.context && { context: this.init.context }),
      ...(this.init.errors && { errors: this.init.errors }),
      ...this.init.extra,
    };
  }
}

export const renderHubSpotError = (c: Context, error: HubSpotError): Response =>
  c.json(error.body(), error.status);

export const validationError = (message: string, errors?: ErrorDetail[]): HubSpotError =>
  new HubSpotError('VALIDATION_ERROR', message, errors ? { errors } : {});
